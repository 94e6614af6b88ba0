import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// The menu's code loads after the page is drawn (issue 23): a fresh module graph shows the
// trigger drawn before it, which must read and work the same.
describe('UserMenu before its code has loaded', () => {
  // First in its file: nothing has loaded the menu's code yet.
  it('is the same trigger, and a press opens the menu once the code is there', async () => {
    const { UserMenu } = await import('./user-menu');
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(<UserMenu firstName="Jean" onLogout={onLogout} />);
    const trigger = screen.getByRole('button', { name: 'Menu du compte, Jean' });
    // Radix's trigger carries an id; the one drawn before its code does not.
    expect(trigger).not.toHaveAttribute('id');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    // A click alone: user-event's pointer travel would start the load first and, once the code
    // is there, go on pressing the button it holds, which the loaded one has replaced.
    fireEvent.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }, { timeout: 10_000 }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus on the trigger when the code arrives', async () => {
    vi.resetModules();
    const { UserMenu } = await import('./user-menu');
    render(<UserMenu firstName="" onLogout={vi.fn()} />);
    screen.getByRole('button', { name: 'Menu du compte' }).focus();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Menu du compte' })).toHaveAttribute('id'), { timeout: 10_000 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu du compte' }));
  });

  it('opened from the keyboard before the code arrives, puts the focus on its item: a second Enter signs out', async () => {
    vi.resetModules();
    const { UserMenu } = await import('./user-menu');
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(<UserMenu firstName="Jean" onLogout={onLogout} />);
    const trigger = screen.getByRole('button', { name: 'Menu du compte, Jean' });
    trigger.focus();
    expect(trigger).not.toHaveAttribute('id');
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Se déconnecter' }, { timeout: 10_000 });
    await vi.waitFor(() => expect(document.activeElement).toBe(item));
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
