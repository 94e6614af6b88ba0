import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../../.storybook/phone';
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

const adminListingArgs = {
  label: 'Annonce',
  role: 'ADMIN',
  currentPath: '/admin/inquiry/details/42/documents',
  items: [
    { href: '/admin/inquiry/details/42/overview', label: "Vue d'ensemble" },
    { href: '/admin/inquiry/details/42/informations', label: 'Informations administratives' },
    { href: '/admin/inquiry/details/42/documents', label: 'Documents' },
    { href: '/admin/inquiry/details/42/management', label: "Gestion de l'annonce" },
  ],
};

export const AdminListing: Story = { args: adminListingArgs };

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

/**
 * Every tab is on screen and its label is whole: nothing scrolls sideways, nothing is cut.
 * (A row that scrolled hid 'Vue d'ensemble' at 375 px when 'Documents' was open.)
 */
async function expectEveryLabelWhole(canvasElement: HTMLElement, labels: readonly string[]) {
  await expectFitsPhone(canvasElement);
  const canvas = within(canvasElement);
  const list = canvas.getByRole('list');
  await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  const links = labels.map((label) => canvas.getByRole('link', { name: label }));
  await expectOnScreen(links);
  for (const link of links) {
    await expect({ label: link.textContent, cut: link.scrollWidth > link.clientWidth }).toEqual({ label: link.textContent, cut: false });
  }
}

const listingTabs = [
  { href: '/user/inquiry/details/42/overview', label: "Vue d'ensemble" },
  { href: '/user/inquiry/details/42/informations', label: 'Récapitulatif détaillé' },
  { href: '/user/inquiry/details/42/documents', label: 'Documents' },
];

/** 375 px, the listing's tabs with 'Documents' open: three columns, the labels on two lines. */
export const ListingPhone: Story = {
  args: { items: listingTabs, label: 'Annonce', currentPath: '/user/inquiry/details/42/documents' },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectEveryLabelWhole(canvasElement, listingTabs.map((tab) => tab.label));
  },
};

/** 375 px, the owner's four account tabs: two rows of two. */
export const OwnerPhone: Story = {
  args: { currentPath: '/user/account/bills' },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectEveryLabelWhole(canvasElement, accountTabs.map((tab) => tab.label));
  },
};

export const AdminListingPhone: Story = {
  args: adminListingArgs,
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectEveryLabelWhole(canvasElement, adminListingArgs.items.map((tab) => tab.label));
  },
};
