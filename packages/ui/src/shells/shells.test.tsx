import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminShell, adminBackBar, adminInquiryTabs } from './admin-shell';
import { USER_ACCOUNT_TABS, UserShell, userBackBar } from './user-shell';

describe('adminBackBar', () => {
  it('follows spec §2', () => {
    expect(adminBackBar('/admin/inquiry/details/1/overview')).toEqual({
      label: 'Revenir à la liste des annonces',
      href: '/admin/inquiries',
    });
    expect(adminBackBar('/admin/organizations/details/1')).toEqual({
      label: 'Revenir à la liste des organisations',
      href: '/admin/organizations',
    });
    expect(adminBackBar('/admin/inquiries')).toBeNull();
  });
});

describe('AdminShell', () => {
  it('has the sidebar entries (the four of the spec and Transferts), the secondary menu and the back bar', () => {
    render(
      <AdminShell currentPath="/admin/inquiry/details/9/documents" secondaryMenu={{ label: 'Annonce', items: adminInquiryTabs('9') }}>
        <p>contenu</p>
      </AdminShell>,
    );
    const main = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(main.querySelectorAll('a')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Études de sol' })).toHaveAttribute('href', '/admin/soil-studies');
    expect(screen.getByRole('link', { name: 'Transferts' })).toHaveAttribute('href', '/admin/transfers');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Revenir à la liste des annonces' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('contenu');
  });
});

describe('userBackBar', () => {
  it('shows help on detail, account and credits pages, not on /help', () => {
    expect(userBackBar('/user/inquiry/details/1/overview')).toEqual({ help: true });
    expect(userBackBar('/user/account/bills')).toEqual({ help: true });
    expect(userBackBar('/credits/buy')).toEqual({ help: true });
    expect(userBackBar('/help')).toEqual({ help: false });
    expect(userBackBar('/dashboard')).toBeNull();
  });
});

describe('UserShell', () => {
  const base = { currentPath: '/user/account/informations', firstName: 'Jean', onLogout: () => undefined };

  it("owner: balance, 'Mon Compte', 'Acheter des crédits', Collaborateurs tab, back bar with help", () => {
    render(<UserShell {...base} role="owner" creditBalance={1250} secondaryMenu={{ label: 'Mon compte', items: USER_ACCOUNT_TABS }} />);
    expect(screen.getByText(/1\s250\scrédits/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon Compte' })).toHaveAttribute('href', '/user/account/informations');
    expect(screen.getByRole('link', { name: 'Acheter des crédits' })).toHaveAttribute('href', '/credits/buy');
    expect(screen.getByRole('link', { name: 'Collaborateurs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transporteurs' })).toHaveAttribute('href', '/user/account/carriers');
    expect(screen.getByRole('link', { name: 'Transferts' })).toHaveAttribute('href', '/user/transfers');
    expect(screen.getByRole('link', { name: 'Revenir à mes annonces' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/help');
  });

  it('employee: no credit purchase, no Collaborateurs; a missing balance shows 0', () => {
    render(<UserShell {...base} role="EMPLOYEE" creditBalance={undefined} secondaryMenu={{ label: 'Mon compte', items: USER_ACCOUNT_TABS }} />);
    expect(screen.queryByRole('link', { name: 'Acheter des crédits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Collaborateurs' })).not.toBeInTheDocument();
    expect(screen.getByText(/0\scrédit/)).toBeInTheDocument();
  });

  it('puts the notifications (issue 21) in the header, beside the user menu, with a Notifications tab in the account', () => {
    render(
      <UserShell
        {...base}
        role="owner"
        creditBalance={5}
        notifications={<button type="button">Notifications</button>}
        secondaryMenu={{ label: 'Mon compte', items: USER_ACCOUNT_TABS }}
      />,
    );
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell.closest('header')).not.toBeNull();
    expect(bell.nextElementSibling).toBe(screen.getByRole('button', { name: 'Menu du compte, Jean' }));
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/user/account/notifications');
  });

  it("the user menu shows the first name and 'Se déconnecter'", async () => {
    const onLogout = vi.fn();
    render(<UserShell {...base} role="owner" creditBalance={5} onLogout={onLogout} />);
    const trigger = screen.getByRole('button', { name: 'Menu du compte, Jean' });
    expect(trigger).toHaveTextContent('Jean');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    // The menu opens once its code is there (it loads after the page is drawn).
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }, { timeout: 10_000 }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('UserShell without a first name (right after registration)', () => {
  it("names the user menu 'Menu du compte' and still offers 'Se déconnecter'", async () => {
    const onLogout = vi.fn();
    render(<UserShell currentPath="/dashboard" role="owner" firstName="" creditBalance={0} onLogout={onLogout} />);
    // Once the menu's code is there (it loads after the page is drawn; user-menu.deferred.test.tsx
    // presses it before): user-event pressing the trigger drawn before would press a replaced one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu du compte' })).toHaveAttribute('id'), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Menu du compte' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('puts the title and the tabs inside main', () => {
    render(
      <UserShell
        currentPath="/user/account/bills"
        role="owner"
        firstName="Jean"
        creditBalance={0}
        onLogout={() => undefined}
        title="Mon compte"
        secondaryMenu={{ label: 'Mon compte', items: USER_ACCOUNT_TABS }}
      />,
    );
    const main = screen.getByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: 'Mon compte' }));
    expect(main).toContainElement(screen.getByRole('navigation', { name: 'Mon compte' }));
  });
});

describe('AdminShell help link', () => {
  it("offers 'Aide' in the header when the app has a help page, marked current on it", () => {
    const { rerender } = render(<AdminShell currentPath="/admin/inquiries" helpHref="/help" onLogout={() => undefined} />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/help');
    expect(within(header).getByRole('link', { name: 'Aide' })).not.toHaveAttribute('aria-current');
    rerender(<AdminShell currentPath="/help" helpHref="/help" onLogout={() => undefined} />);
    expect(within(header).getByRole('link', { name: 'Aide' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no help link without one', () => {
    render(<AdminShell currentPath="/admin/inquiries" onLogout={() => undefined} />);
    expect(screen.queryByRole('link', { name: 'Aide' })).not.toBeInTheDocument();
  });
});

describe('AdminShell without a first name', () => {
  it("still shows the user menu, named 'Menu du compte'", () => {
    render(<AdminShell currentPath="/admin/inquiries" firstName={null} onLogout={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Menu du compte' })).toBeInTheDocument();
  });
});
