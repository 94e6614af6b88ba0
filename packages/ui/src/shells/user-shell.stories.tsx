import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { USER_ACCOUNT_TABS, UserShell, userInquiryTabs } from './user-shell';

const meta = {
  title: 'Shells/UserShell',
  component: UserShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
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
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Jean' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Se déconnecter' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

/** The balance is not loaded yet: shows 0. */
export const NoBalance: Story = { args: { creditBalance: undefined } };
