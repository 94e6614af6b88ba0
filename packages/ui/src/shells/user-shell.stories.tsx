import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { USER_ACCOUNT_TABS, UserShell, userInquiryTabs } from './user-shell';
import { loadedMenu } from '../../.storybook/menus';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../.storybook/phone';


const meta = {
  title: 'Shells/UserShell',
  component: UserShell,
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
    currentPath: '/dashboard',
    role: 'OWNER',
    firstName: 'Jean',
    creditBalance: 120,
    onLogout: fn(),
    title: 'Mes annonces',
    children: <p>Contenu de la page.</p>,
  },
} satisfies Meta<typeof UserShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's dashboard: balance, 'Mon Compte', 'Acheter des crédits', no back bar. */
export const OwnerDashboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Acheter des crédits' })).toHaveAttribute('href', '/credits/buy');
    await expect(canvas.queryByRole('link', { name: 'Revenir à mes annonces' })).toBeNull();
  },
};

/** Employees see the balance and 'Mon Compte' but not 'Acheter des crédits'. */
export const EmployeeDashboard: Story = {
  args: { role: 'EMPLOYEE', firstName: 'Léa', creditBalance: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: 'Acheter des crédits' })).toBeNull();
  },
};

/** Account pages: the tab menu (with 'Collaborateurs' for the owner) and the back bar with help. */
export const OwnerAccount: Story = {
  args: {
    currentPath: '/user/account/collaborators',
    title: 'Mon compte',
    secondaryMenu: { label: 'Mon compte', items: USER_ACCOUNT_TABS },
  },
};

export const EmployeeAccount: Story = {
  args: {
    role: 'EMPLOYEE',
    currentPath: '/user/account/informations',
    title: 'Mon compte',
    secondaryMenu: { label: 'Mon compte', items: USER_ACCOUNT_TABS },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: 'Collaborateurs' })).toBeNull();
  },
};

export const InquiryDetails: Story = {
  args: {
    currentPath: '/user/inquiry/details/42/overview',
    title: 'Terrassement de la ZAC des Prés',
    secondaryMenu: { label: 'Annonce', items: userInquiryTabs('42') },
  },
};

/** On the help page the back bar has no help button. */
export const HelpPage: Story = {
  args: { currentPath: '/help', title: 'Aide' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Revenir à mes annonces' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Aide' })).toBeNull();
  },
};

export const UserMenuOpen: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await loadedMenu(canvasElement, 'Menu du compte, Jean'));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Se déconnecter' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

/** The page's title and tabs are inside main, where 'Aller au contenu' leads. */
export const TitleInMain: Story = {
  args: {
    currentPath: '/user/account/informations',
    title: 'Mon compte',
    secondaryMenu: { label: 'Mon compte', items: USER_ACCOUNT_TABS },
  },
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole('main');
    await expect(within(main).getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    await expect(within(main).getByRole('navigation', { name: 'Mon compte' })).toBeInTheDocument();
  },
};

/**
 * Right after registration the user has no first name yet: the menu shows a person icon and
 * is still named ('Menu du compte', axe `button-name`).
 */
export const WithoutFirstName: Story = {
  args: { firstName: '', currentPath: '/user/account/informations', title: 'Mon compte' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await loadedMenu(canvasElement, 'Menu du compte'));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Se déconnecter' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

export const WithoutFirstNamePhone: Story = {
  args: { firstName: null },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    await expectOnScreen([within(canvasElement).getByRole('button', { name: 'Menu du compte' })]);
  },
};

/** The balance is not loaded yet: shows 0. */
export const NoBalance: Story = { args: { creditBalance: undefined } };

/** 375 px: brand and menu on the first row; balance, 'Mon Compte' and 'Acheter des crédits' on the second. */
export const OwnerDashboardPhone: Story = {
  args: { creditBalance: 12345 },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFitsPhone(canvasElement);
    await expectOnScreen([
      canvas.getByText(/^12.345.crédits$/),
      canvas.getByRole('link', { name: 'Mon Compte' }),
      canvas.getByRole('link', { name: 'Acheter des crédits' }),
      canvas.getByRole('button', { name: 'Menu du compte, Jean' }),
    ]);
  },
};

/** 375 px: the listing tabs scroll sideways, the current one in view. */
export const InquiryDetailsPhone: Story = {
  args: {
    currentPath: '/user/inquiry/details/42/documents',
    title: 'Terrassement de la ZAC des Prés',
    secondaryMenu: { label: 'Annonce', items: userInquiryTabs('42') },
  },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    await expectOnScreen([within(canvasElement).getByRole('link', { name: 'Documents' })]);
  },
};

export const EmployeeAccountPhone: Story = {
  args: {
    role: 'EMPLOYEE',
    firstName: 'Marie-Hélène',
    currentPath: '/user/account/bills',
    title: 'Mon compte',
    secondaryMenu: { label: 'Mon compte', items: USER_ACCOUNT_TABS },
  },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    await expectOnScreen([within(canvasElement).getByRole('link', { name: 'Factures' })]);
  },
};

/** A link in a page's text that no component styles: the product's colour, underlined (issue 21). */
export const PlainLink: Story = {
  args: { children: <p>L’annonce ne peut plus être modifiée. <a href="/user/inquiry/details/1/overview">Voir l’annonce</a></p> },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Voir l’annonce' });
    await expect(getComputedStyle(link).color).toBe('rgb(139, 69, 19)');
    await expect(getComputedStyle(link).textDecorationLine).toBe('underline');
  },
};
