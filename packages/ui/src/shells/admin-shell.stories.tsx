import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminShell, adminInquiryTabs } from './admin-shell';

const meta = {
  title: 'Shells/AdminShell',
  component: AdminShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    currentPath: '/admin/inquiries',
    title: 'Liste des annonces',
    firstName: 'Camille',
    onLogout: fn(),
    children: <p>Contenu de la page.</p>,
  },
} satisfies Meta<typeof AdminShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A list page: sidebar and header, no secondary menu, no back bar. */
export const ListPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Liste des annonces' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('navigation', { name: 'Retour' })).toBeNull();
  },
};

/** Listing detail: the secondary menu and the fixed back bar. */
export const InquiryDetails: Story = {
  args: {
    currentPath: '/admin/inquiry/details/42/overview',
    title: 'Annonce : Terrassement de la ZAC des Prés',
    secondaryMenu: { label: 'Annonce', items: adminInquiryTabs('42') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Revenir à la liste des annonces' })).toHaveAttribute('href', '/admin/inquiries');
  },
};

export const OrganisationDetails: Story = {
  args: { currentPath: '/admin/organizations/details/7', title: 'Terrassements Müller' },
};

/** The user menu opens from the keyboard and offers 'Se déconnecter'. */
export const UserMenuOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Camille' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const item = await within(document.body).findByRole('menuitem', { name: 'Se déconnecter' });
    await expect(item).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

/** Keyboard: the first Tab shows the skip link. */
export const SkipLinkFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link', { name: 'Aller au contenu' })).toHaveFocus();
  },
};

export const Empty: Story = { args: { children: null, title: undefined, firstName: undefined } };
