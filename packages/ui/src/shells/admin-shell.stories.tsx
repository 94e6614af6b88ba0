import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminShell, adminInquiryTabs } from './admin-shell';
import { loadedMenu } from '../../.storybook/menus';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../.storybook/phone';

const meta = {
  title: 'Shells/AdminShell',
  component: AdminShell,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    // A whole page: every piece of content must sit in a landmark (axe's 'region' rule, which
    // Storybook turns off for lone components); the h1 lives in main or the banner. axe spares a
    // skip link only when no other link comes before it in the document, and Storybook's test
    // page has its own (hidden 'Decorators documentation'...): the skip link is left out here.
    a11y: {
      config: { rules: [{ id: 'region', enabled: true }] },
      context: { include: ['body'], exclude: ['.terres-shell__skip'] },
    },
  },
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

/**
 * A long detail page scrolled to its foot: the sidebar's background and edge reach the bottom of
 * the window (issue 21: they stopped 4.5rem short, above the back bar's room).
 */
export const LongPageWithBackBar: Story = {
  args: {
    currentPath: '/admin/inquiry/details/42/overview',
    title: 'Annonce : Terrassement de la ZAC des Prés',
    secondaryMenu: { label: 'Annonce', items: adminInquiryTabs('42') },
    children: (
      <>
        {Array.from({ length: 40 }, (_, index) => (
          <p key={index}>Paragraphe {index + 1} du détail de l’annonce.</p>
        ))}
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    view.scrollTo(0, canvasElement.ownerDocument.documentElement.scrollHeight);
    await new Promise((resolve) => view.requestAnimationFrame(resolve));
    const sidebar = canvasElement.querySelector('.terres-admin-shell__sidebar')!;
    await expect(Math.round(sidebar.getBoundingClientRect().bottom)).toBeGreaterThanOrEqual(view.innerHeight);
    view.scrollTo(0, 0);
  },
};

export const OrganisationDetails: Story = {
  args: { currentPath: '/admin/organizations/details/7', title: 'Terrassements Müller' },
};

/** The user menu opens from the keyboard and offers 'Se déconnecter'. */
export const UserMenuOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = await loadedMenu(canvasElement, 'Menu du compte, Camille');
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

/** 375 px: the sidebar becomes a top bar with the four entries in two columns. */
export const ListPagePhone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFitsPhone(canvasElement);
    await expectOnScreen([
      canvas.getByRole('link', { name: 'Études de sol' }),
      canvas.getByRole('button', { name: 'Menu du compte, Camille' }),
    ]);
  },
};

export const InquiryDetailsPhone: Story = {
  args: {
    currentPath: '/admin/inquiry/details/42/management',
    title: 'Annonce : Terrassement de la ZAC des Prés',
    secondaryMenu: { label: 'Annonce', items: adminInquiryTabs('42') },
  },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFitsPhone(canvasElement);
    await expectOnScreen([
      canvas.getByRole('link', { name: "Gestion de l'annonce" }),
      canvas.getByRole('link', { name: 'Revenir à la liste des annonces' }),
    ]);
  },
};

/** An admin without a first name still gets the menu (and 'Se déconnecter'). */
export const WithoutFirstName: Story = {
  args: { firstName: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Menu du compte' })).toBeInTheDocument();
  },
};
