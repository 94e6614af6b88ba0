import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ParcelMap } from './parcel-map';
import type { ParcelMapProps } from './parcel-map';

/** Nothing listens on port 9: the cadastre service is "down" (the state seen offline). */
const UNREACHABLE = 'http://127.0.0.1:9';

/** The wizard's use: the selection lives in the caller's state. */
function Controlled(props: ParcelMapProps) {
  const [ids, setIds] = useState<string[]>([...props.selectedParcelIds]);
  return <ParcelMap {...props} selectedParcelIds={ids} onChange={setIds} />;
}

const meta = {
  title: 'Maps/ParcelMap',
  component: ParcelMap,
  args: { type: 'CUT', center: [47.7467, 7.3389], selectedParcelIds: [] },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ParcelMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Wizard step 2 on the public cadastre: click a parcel to select it, click again to deselect. */
export const Selection: Story = {};

/** A fill (remblai) listing: its parcels are red. */
export const FillListing: Story = { args: { type: 'FILL', selectedParcelIds: ['68224000AB0123'] } };

/** Parcels also claimed by another listing are purple. */
export const Overlap: Story = {
  args: { selectedParcelIds: ['68224000AB0123', '68224000AB0124'], otherParcelIds: ['68224000AB0124', '68224000AB0125'] },
};

/** Listing overview: the given parcels highlighted (opacity 0.55), nothing to click or remove. */
export const ReadOnlyViewer: Story = {
  args: { readOnly: true, selectedParcelIds: ['68224000AB0123', '68224000AB0124'] },
};

/** The parcel-number entry offered beside the map too (keyboard users). */
export const WithManualEntry: Story = { args: { manualEntry: true } };

/** The cadastre cannot load: the spec's message and the manual parcel-number entry keep the wizard usable. */
export const CadastreUnavailable: Story = {
  args: { tileJsonUrl: `${UNREACHABLE}/cadastre.json`, selectedParcelIds: ['68224000AB0123'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Impossible de charger le TileJSON cadastre', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Numéro de parcelle'), '68 2240 00AB 0124');
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter la parcelle' }));
    await expect(await canvas.findByText('68 2240 00AB 0124')).toBeInTheDocument();
  },
};

/** A wrong number is refused with the domain's message. */
export const ManualEntryInvalid: Story = {
  args: { tileJsonUrl: `${UNREACHABLE}/cadastre.json` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Numéro de parcelle', {}, { timeout: 10_000 }), '68 2240');
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter la parcelle' }));
    await expect(
      await canvas.findByText('Identifiant de parcelle invalide (14 caractères alphanumériques).'),
    ).toBeInTheDocument();
  },
};

/** The viewer when the cadastre is down: the message and the parcel list, no entry. */
export const ReadOnlyUnavailable: Story = {
  args: { readOnly: true, tileJsonUrl: `${UNREACHABLE}/cadastre.json`, selectedParcelIds: ['68224000AB0123'] },
};
