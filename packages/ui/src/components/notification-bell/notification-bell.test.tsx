import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotificationBell, type NotificationBellItem } from './notification-bell';

const items: NotificationBellItem[] = [
  { id: '1', title: 'Annonce de déblais « Les Prés » : Validée', href: '/user/inquiry/details/1/overview', kindLabel: 'Statut de vos annonces', dateText: '27/11/2026 18:04', unread: true },
  { id: '2', title: '3 sites compatibles pour « Les Prés »', href: '/user/inquiry/details/1/overview', kindLabel: 'Sites compatibles', dateText: '26/11/2026 09:12', unread: false },
];

/**
 * The bell once its list's code is there (it loads after the page is drawn; the deferred cases
 * are in notification-bell.deferred.test.tsx): user-event pressing the bell drawn before would
 * press a replaced element.
 */
async function loadedBell(name: string | RegExp) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('id'), { timeout: 10_000 });
  return screen.getByRole('button', { name });
}

describe('NotificationBell', () => {
  it('says the unread count on the button and shows it as a badge', () => {
    render(<NotificationBell items={items} unreadCount={1} />);
    const bell = screen.getByRole('button', { name: 'Notifications, 1 non lue(s)' });
    expect(bell).toHaveTextContent('1');
  });

  it('reads plainly "Notifications" with nothing unread, and no badge', () => {
    render(<NotificationBell items={[]} unreadCount={0} />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell.querySelector('.terres-notification-bell__badge')).toBeNull();
  });

  it('opens the latest notifications as links, the unread ones said so; choosing one reports it', async () => {
    const user = userEvent.setup();
    const onOpenItem = vi.fn();
    const onOpenChange = vi.fn();
    render(<NotificationBell items={items} unreadCount={1} onOpenItem={onOpenItem} onOpenChange={onOpenChange} settingsHref="/user/account/notifications" />);
    await user.click(await loadedBell(/Notifications/));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Dernières notifications')).toBeInTheDocument();
    const links = within(menu).getAllByRole('menuitem').filter((node) => node.tagName === 'A');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Non lue : Annonce de déblais « Les Prés » : ValidéeStatut de vos annonces · 27/11/2026 18:04', '/user/inquiry/details/1/overview'],
      ['3 sites compatibles pour « Les Prés »Sites compatibles · 26/11/2026 09:12', '/user/inquiry/details/1/overview'],
      ['Choisir mes e-mails', '/user/account/notifications'],
    ]);
    await user.click(links[0]!);
    expect(onOpenItem).toHaveBeenCalledWith(items[0]);
  });

  it('marks all read and stays open; the action is off with nothing unread', async () => {
    const user = userEvent.setup();
    const onMarkAllRead = vi.fn();
    const { rerender } = render(<NotificationBell items={items} unreadCount={1} onMarkAllRead={onMarkAllRead} />);
    await user.click(await loadedBell(/Notifications/));
    await user.click(await screen.findByRole('menuitem', { name: 'Tout marquer comme lu' }));
    expect(onMarkAllRead).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    rerender(<NotificationBell items={items.map((item) => ({ ...item, unread: false }))} unreadCount={0} onMarkAllRead={onMarkAllRead} />);
    expect(screen.getByRole('menuitem', { name: 'Tout marquer comme lu' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says so when there is nothing yet', async () => {
    const user = userEvent.setup();
    render(<NotificationBell items={[]} unreadCount={0} />);
    await user.click(await loadedBell('Notifications'));
    expect(await screen.findByText('Aucune notification pour l’instant.')).toBeInTheDocument();
  });
});
