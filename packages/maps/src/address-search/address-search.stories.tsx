import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MapView } from '../map-view/map-view';
import type { LatLng } from '../map-view/map-view';
import { AddressSearch } from './address-search';

/** Nothing listens on port 9: the address service is "down" (the state seen offline). */
const UNREACHABLE = 'http://127.0.0.1:9';

function SearchAndMap(args: Parameters<typeof AddressSearch>[0]) {
  const [center, setCenter] = useState<LatLng>([47.75, 7.33]);
  return (
    <>
      <AddressSearch
        {...args}
        onSelect={(address) => {
          args.onSelect(address);
          setCenter(address.center);
        }}
      />
      <p>
        Centre : {center[0].toFixed(4)}, {center[1].toFixed(4)}
      </p>
      <MapView center={center} height={400} label="Carte des annonces" />
    </>
  );
}

const meta = {
  title: 'Maps/AddressSearch',
  component: AddressSearch,
  args: { onSelect: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: '1rem', maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AddressSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On the national address service: type 3 characters, pick with the arrows and Enter. */
export const Default: Story = {};

/** The listings map: choosing an address recentres the map below. */
export const RecentresMap: Story = {
  render: (args) => <SearchAndMap {...args} />,
};

/** The service cannot be reached: a clean French message instead of suggestions. */
export const ServiceUnavailable: Story = {
  args: { baseUrl: UNREACHABLE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Rechercher une adresse' }), '8 boulevard du Port');
    await expect(
      await canvas.findByText('Le service de recherche d’adresses est indisponible. Réessayez plus tard.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  },
};

/** Fewer than 3 characters: nothing is asked. */
export const TooShort: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Rechercher une adresse' });
    await userEvent.type(input, '8 b');
    await userEvent.clear(input);
    await userEvent.type(input, 'ab');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  },
};

/** An address already chosen, shown in the field. */
export const WithValue: Story = { args: { defaultValue: '2 Place de la Cathédrale 67000 Strasbourg' } };
