// The outbox app-wide: a load entered without network is sent from whatever screen is open, when
// the app starts and when the network returns, once (its first attempt's Idempotency-Key), and a
// small notice says what waits.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { employee } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { OUTBOX_STORAGE_KEY } from './model/outbox';
import { kuntz, makeTransfer, serveTransfer, TRANSFER_ID } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
});

const KEY = '0c0c0c0c-0000-4000-8000-000000000001';

function keepWaitingDeparture(userId = employee.id) {
  const entry = {
    key: KEY,
    userId,
    kind: 'departure',
    transferId: TRANSFER_ID,
    savedAt: '2026-11-27T07:00:00.000Z',
    body: { departed_at: '2026-11-27T07:00:00.000Z', carrier_id: kuntz.id, vehicle_plate: 'AB-123-CD', waste_code: '17 05 04', volume_m3: 9 },
  };
  localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify([entry]));
}

describe('the outbox, from any screen', () => {
  it('sends what waits as soon as the app starts signed in, once, with the entry’s key', async () => {
    keepWaitingDeparture();
    const sent = serveTransfer(makeTransfer());
    renderApp('/dashboard', { user: employee });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/v1/transfers/${TRANSFER_ID}/loads`, key: KEY, body: { volume_m3: 9 } });
    expect(await screen.findByText('1 saisie(s) en attente envoyée(s).')).toBeInTheDocument();
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'En attente d’envoi' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });

  it('shows a small notice while offline, and sends the entry once when the network returns', async () => {
    keepWaitingDeparture();
    const sent = serveTransfer(makeTransfer());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let offline = true;
    const attempts: (string | null)[] = [];
    server.use(
      http.post('*/transfers/:id/loads', ({ request }) => {
        if (!offline) return undefined;
        attempts.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    renderApp('/dashboard', { user: employee });
    const notice = await screen.findByRole('complementary', { name: 'En attente d’envoi' });
    expect(within(notice).getByRole('status')).toHaveTextContent('1 saisie(s) de chargement en attente d’envoi : elles partiront dès que la connexion revient.');
    expect(within(notice).getByRole('link', { name: 'Voir le transfert' })).toHaveAttribute('href', `/user/transfers/${TRANSFER_ID}`);
    expect(attempts).toEqual([KEY]);

    offline = false;
    onLine.mockReturnValue(true);
    fireEvent(window, new Event('online'));
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'En attente d’envoi' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBe(KEY);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('says so when the server refused an entry, and leaves another user’s entries alone', async () => {
    localStorage.setItem(
      OUTBOX_STORAGE_KEY,
      JSON.stringify([
        { key: KEY, userId: employee.id, kind: 'departure', transferId: TRANSFER_ID, savedAt: '2026-11-27T07:00:00.000Z', failure: 'Le transfert n’est plus ouvert.', body: { volume_m3: 9 } },
        { key: `${KEY.slice(0, -1)}2`, userId: '99999999-9999-4999-8999-999999999999', kind: 'departure', transferId: TRANSFER_ID, savedAt: '2026-11-27T07:00:00.000Z', body: { volume_m3: 5 } },
      ]),
    );
    const sent = serveTransfer(makeTransfer());
    renderApp('/dashboard', { user: employee });
    const notice = await screen.findByRole('complementary', { name: 'En attente d’envoi' });
    expect(notice).toHaveTextContent('1 saisie(s) de chargement refusée(s) par le serveur : ouvrez le transfert pour les voir.');
    expect(notice).not.toHaveTextContent('en attente d’envoi :');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
