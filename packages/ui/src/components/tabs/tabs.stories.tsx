import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './tabs';

const items = [
  { value: 'overview', label: "Vue d'ensemble", content: <p>Adresse du site, surface et dates de disponibilité.</p> },
  { value: 'informations', label: 'Récapitulatif détaillé', content: <p>Maître d'ouvrage et organisation.</p> },
  { value: 'documents', label: 'Documents', content: <p>Documents déposés et envoyés.</p> },
];

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { items, label: 'Annonce' },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Keyboard: Tab reaches the active tab, arrow keys move to the next one. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: "Vue d'ensemble" })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Récapitulatif détaillé' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('tab', { name: 'Documents' }));
  },
};

export const WithDisabledTab: Story = {
  args: {
    items: [...items.slice(0, 2), { value: 'management', label: "Gestion de l'annonce", content: null, disabled: true }],
  },
};

export const Empty: Story = { args: { items: [] } };
