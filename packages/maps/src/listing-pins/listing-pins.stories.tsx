import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MapView } from '../map-view/map-view';
import { demoPins } from './demo-pins';
import { ListingPins } from './listing-pins';

// Public tiles are unreachable here: the pins draw over the empty base map.
const OFFLINE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
const TEN_THOUSAND = demoPins(10_000);

const meta = {
  title: 'Maps/ListingPins',
  component: ListingPins,
  args: {
    pins: TEN_THOUSAND,
    renderPopup: (pin) => <a href={`#/admin/inquiry/details/${pin.id}/overview`}>Voir l’annonce</a>,
  },
  render: (args, { parameters }) => (
    <MapView
      center={(parameters.center as [number, number] | undefined) ?? [47.75, 7.33]}
      zoom={(parameters.zoom as number | undefined) ?? 13}
      height={600}
      tileUrl={OFFLINE_TILES}
      label="Carte des annonces"
    >
      <ListingPins {...args} />
    </MapView>
  ),
} satisfies Meta<typeof ListingPins>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The admin map as it opens (zoom 13, Mulhouse): 10 000 listings, those around shown one by one. */
export const AdminMapOpening: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pins = await canvas.findAllByRole('button', { name: /\((déblai|remblai), / }, { timeout: 10_000 });
    await expect(pins.length).toBeGreaterThan(0);
    await userEvent.click(pins[0]!);
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Voir l’annonce' })).toBeVisible(), { timeout: 10_000 });
  },
};

/** Zoomed out on France: groups with their count, their ring split between cut and fill. */
export const France: Story = {
  parameters: { center: [46.6, 2.5], zoom: 6 },
  play: async ({ canvasElement }) => {
    const groups = await within(canvasElement).findAllByRole('button', { name: /annonces \(.*\) : zoomer sur ce groupe/ }, { timeout: 10_000 });
    await expect(groups.length).toBeGreaterThan(3);
  },
};

/** A few listings, one whose organisation is unknown. */
export const Few: Story = {
  args: {
    pins: [
      { id: 'a', type: 'CUT', status: 'APPROVED', latitude: 47.75, longitude: 7.33, projectName: 'Friche DMC', organizationName: 'Terrassements Martin' },
      { id: 'b', type: 'FILL', status: 'PENDING_VALIDATION', latitude: 47.753, longitude: 7.34, projectName: 'Parc des Collines', organizationName: null },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Parc des Collines/ }, { timeout: 10_000 }));
    await waitFor(() => expect(canvas.getByText('Organisation inconnue')).toBeVisible(), { timeout: 10_000 });
  },
};

export const Phone: Story = {
  parameters: { center: [48.58, 7.75], zoom: 10 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findAllByRole('button', { name: /zoomer sur ce groupe/ }, { timeout: 10_000 });
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
