import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TabMenu } from './tab-menu';

const accountTabs = [
  { href: '/user/account/informations', label: 'Mes informations' },
  { href: '/user/account/organization', label: 'Mon organisation' },
  { href: '/user/account/collaborators', label: 'Collaborateurs', roles: ['owner'] },
  { href: '/user/account/bills', label: 'Factures' },
];

const meta = {
  title: 'Components/TabMenu',
  component: TabMenu,
  tags: ['autodocs'],
  args: { items: accountTabs, currentPath: '/user/account/informations', label: 'Mon compte', role: 'OWNER' },
} satisfies Meta<typeof TabMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {};

/** Employees do not see 'Collaborateurs' (spec §6). */
export const Employee: Story = {
  args: { role: 'EMPLOYEE', currentPath: '/user/account/bills' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: 'Collaborateurs' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Factures' })).toHaveAttribute('aria-current', 'page');
  },
};

export const AdminListing: Story = {
  args: {
    label: 'Annonce',
    role: 'ADMIN',
    currentPath: '/admin/inquiry/details/42/documents',
    items: [
      { href: '/admin/inquiry/details/42/overview', label: "Vue d'ensemble" },
      { href: '/admin/inquiry/details/42/informations', label: 'Informations administratives' },
      { href: '/admin/inquiry/details/42/documents', label: 'Documents' },
      { href: '/admin/inquiry/details/42/management', label: "Gestion de l'annonce" },
    ],
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link', { name: 'Mes informations' })).toHaveFocus();
  },
};

export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('link', { name: 'Factures' }));
  },
};

export const Empty: Story = { args: { items: [] } };
