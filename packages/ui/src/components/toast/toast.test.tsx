import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadToasts, ToastProvider, useToast } from './toast';

function Sender() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Invitation envoyée avec succès')}>
        Succès
      </button>
      <button type="button" onClick={() => toast.error("Erreur lors de l'envoi du code. Veuillez réessayer.", 'Réessayez dans un instant.')}>
        Erreur
      </button>
      <button type="button" onClick={() => toast.info('Un code de vérification a été envoyé à votre adresse email')}>
        Info
      </button>
      <button type="button" onClick={() => toast.warning('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.')}>
        Alerte
      </button>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

// Runs first, before anything loads the display: the provider alone holds no Radix Toast (the
// page a visitor opens first stays light) and loads it with the first toast.
describe('Toast before its display is loaded', () => {
  it('renders no notifications region until a toast is shown, then shows the first toast', async () => {
    const user = userEvent.setup();
    // A long stay: on a loaded machine the module may arrive after the default 5 s.
    render(
      <ToastProvider duration={120_000}>
        <Sender />
      </ToastProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Succès' }));
    // The first toast waits for its display's module: patient on a loaded machine.
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' }, { timeout: 15_000 });
    expect(await screen.findByRole('listitem', {}, { timeout: 15_000 })).toHaveTextContent('Invitation envoyée avec succès');
    expect(region).toContainElement(screen.getByRole('listitem'));
  });
});

// Toasts stay until closed here (their 5 s end is its own test, on fake timers): on a loaded
// machine a few clicks can take longer than a toast lives.
describe('Toast', () => {
  beforeAll(async () => {
    await preloadToasts();
  });

  it('shows each kind with its title and description in the notifications region', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider duration={120_000}>
        <Sender />
      </ToastProvider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    await user.click(screen.getByRole('button', { name: 'Succès' }));
    await user.click(screen.getByRole('button', { name: 'Erreur' }));
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('button', { name: 'Alerte' }));
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    for (const item of items) expect(region).toContainElement(item);
    expect(items.map((item) => item.getAttribute('data-variant'))).toEqual(['success', 'error', 'info', 'warning']);
    expect(items[1]).toHaveTextContent("Erreur lors de l'envoi du code. Veuillez réessayer.");
    expect(items[1]).toHaveTextContent('Réessayez dans un instant.');
  });

  it('reads each toast out through a live region (assertive for errors, polite for successes)', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider duration={120_000}>
        <Sender />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Erreur' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent("Notification Erreur lors de l'envoi du code. Veuillez réessayer."),
    );
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'assertive');
    await user.click(screen.getByRole('button', { name: 'Succès' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((live) => live.getAttribute('aria-live') === 'polite')).toBe(true),
    );
  });

  it("closes with the 'Fermer' button", async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider duration={120_000}>
        <Sender />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Succès' }));
    expect(screen.getByText('Invitation envoyée avec succès')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText('Invitation envoyée avec succès')).not.toBeInTheDocument());
  });

  it('closes by itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Sender />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Info' }));
    const text = 'Un code de vérification a été envoyé à votre adresse email';
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByRole('listitem')).toHaveTextContent(text);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('leaves no timer behind once the page is gone (a closed toast forgotten after its animation)', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <ToastProvider duration={120_000}>
        <Sender />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Succès' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses to work outside its provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Sender />)).toThrow('useToast() must be called inside <ToastProvider>.');
    spy.mockRestore();
  });
});
