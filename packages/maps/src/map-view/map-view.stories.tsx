import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MapMarker } from './map-marker';
import { MapView } from './map-view';

const meta = {
  title: 'Maps/MapView',
  component: MapView,
  args: { center: [47.75, 7.33], zoom: 13, height: 400 },
} satisfies Meta<typeof MapView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Carte' })).toBeInTheDocument();
  },
};

/** The admin map: 600 px high, zoom 13. */
export const AdminMap: Story = { args: { height: 600, label: 'Carte des annonces' } };

/** Parcel selection zoom; a larger zoom would be clamped to 16. */
export const ParcelZoom: Story = { args: { center: [48.5734, 7.7521], zoom: 18 } };

/** A malformed centre falls back to the default location. */
export const MalformedCenter: Story = { args: { center: [48.5] } };

/** Listing pins (drawn at zoom 13 and below) with their popups; one organisation is unknown. */
export const WithPins: Story = {
  args: {
    zoom: 13,
    height: 600,
    label: 'Carte des annonces',
    children: (
      <>
        <MapMarker position={[47.76, 7.34]} type="CUT" title="Chantier Nord" organizationName="Terrassements Martin" />
        <MapMarker position={[47.74, 7.31]} type="FILL" title="Remblai Sud" organizationName={null} />
      </>
    ),
  },
};

/** Above zoom 13 the pins are hidden: the parcels are the useful view (CONTRACT §11). */
export const PinsHiddenAbove13: Story = {
  args: { ...WithPins.args, zoom: 14 },
};

/** Every tile fails (unreachable host): each shows an empty, transparent tile. */
export const FailingTiles: Story = { args: { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' } };
