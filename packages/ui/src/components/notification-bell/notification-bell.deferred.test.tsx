import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationBellItem } from './notification-bell';

const items: NotificationBellItem[] = [
  { id: '1', title: 'Annonce de déblais « Les Prés » : Validée', href: '/user/inquiry/details/1/overview', kindLabel: 'Statut de vos annonces', dateText: '27/11/2026 18:04', unread: true },
];

// The list's code loads after the page is drawn (issue 23): a fresh module graph shows the bell
// drawn before it, which must read and work the same.
describe('NotificationBell before its list’s code has loaded', () => {
  // First in its file: nothing has loaded the list's code yet.
  it('is the same button, and a press opens the list once the code is there', async () => {
    const { NotificationBell: FreshBell } = await import('./notification-bell');
    const onOpenChange = vi.fn();
    render(<FreshBell items={items} unreadCount={1} onOpenChange={onOpenChange} />);
    const bell = screen.getByRole('button', { name: 'Notifications, 1 non lue(s)' });
    // Radix's trigger carries an id; the one drawn before its code does not.
    expect(bell).not.toHaveAttribute('id');
    expect(bell).toHaveAttribute('aria-haspopup', 'menu');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    // A click alone: user-event's pointer travel would start the load first and, once the code
    // is there, go on pressing the button it holds, which the loaded one has replaced.
    fireEvent.click(bell);
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(await screen.findByRole('menu', {}, { timeout: 10_000 })).toHaveTextContent('Dernières notifications');
  });

  it('keeps the focus on the bell when the code arrives', async () => {
    vi.resetModules();
    const { NotificationBell: FreshBell } = await import('./notification-bell');
    render(<FreshBell items={items} unreadCount={0} />);
    const before = screen.getByRole('button', { name: 'Notifications' });
    before.focus();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('id'), { timeout: 10_000 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
