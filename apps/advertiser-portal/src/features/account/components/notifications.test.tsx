import type { NotificationPage } from '@terres/api-client';
import {
  getGetMyOrganizationMockHandler,
  getGetNotificationPreferencesMockHandler,
  getListInquiriesMockHandler,
  getListNotificationsMockHandler,
} from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { organization, owner } from '../../../../test/fixtures';
import { loadedMenuButton } from '../../../../test/menus';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

// Issue 21: the header's bell (the unread count, the latest notifications as links, each marked
// read when followed, 'Tout marquer comme lu') and the e-mail preferences in 'Mon Compte'.

const LISTING = '11111111-2222-4333-8444-555555555555';

function page(unread: boolean[]): NotificationPage {
  const titles = ['Annonce de déblais « Les Prés » : Validée', '3 sites compatibles pour « Les Prés »'];
  return {
    items: unread.map((isUnread, index) => ({
      id: `00000000-0000-4000-8000-00000000000${index + 1}`,
      kind: index === 0 ? 'STATUS' : 'MATCH',
      title: titles[index]!,
      link: `/user/inquiry/details/${LISTING}/overview`,
      createdAt: '2026-11-27T17:04:00Z',
      readAt: isUnread ? null : '2026-11-27T18:00:00Z',
    })),
    total: unread.length,
    unreadCount: unread.filter(Boolean).length,
    page: 1,
    pageSize: 10,
  };
}

describe('the header’s notifications', () => {
  it('shows the unread count, opens the latest ones and marks one read when it is followed', async () => {
    const user = userEvent.setup();
    let state = [true, true];
    const marked: string[] = [];
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getListInquiriesMockHandler([]),
      getListNotificationsMockHandler(() => page(state)),
      http.post('*/api/v1/notifications/:id/read', ({ params }) => {
        marked.push(String(params.id));
        state = [false, state[1]!];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/dashboard', { user: owner });
    await screen.findByRole('button', { name: 'Notifications, 2 non lue(s)' });
    await user.click(await loadedMenuButton('Notifications, 2 non lue(s)'));
    const menu = await screen.findByRole('menu');
    const first = within(menu).getByRole('menuitem', { name: /Validée/ });
    expect(first).toHaveTextContent('Non lue : Annonce de déblais « Les Prés » : Validée');
    expect(first).toHaveAttribute('href', `/user/inquiry/details/${LISTING}/overview`);
    await user.click(first);
    await waitFor(() => expect(marked).toEqual(['00000000-0000-4000-8000-000000000001']));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue(s)' })).toBeInTheDocument();
  });

  it('marks them all read at once', async () => {
    const user = userEvent.setup();
    let state = [true, true];
    let calls = 0;
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getListInquiriesMockHandler([]),
      getListNotificationsMockHandler(() => page(state)),
      http.post('*/api/v1/notifications/read-all', () => {
        calls += 1;
        state = [false, false];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/dashboard', { user: owner });
    await screen.findByRole('button', { name: 'Notifications, 2 non lue(s)' });
    await user.click(await loadedMenuButton('Notifications, 2 non lue(s)'));
    await user.click(await screen.findByRole('menuitem', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(calls).toBe(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(screen.getByRole('menu')).queryByText(/Non lue/)).not.toBeInTheDocument();
  });
});

describe('Mon Compte, Notifications', () => {
  it('shows each kind with its mode and saves the choices', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getListNotificationsMockHandler(page([])),
      getGetNotificationPreferencesMockHandler({
        preferences: [
          { kind: 'STATUS', mode: 'DIGEST' },
          { kind: 'MATCH', mode: 'DIGEST' },
          { kind: 'DOCUMENT', mode: 'IMMEDIATE' },
          { kind: 'TRANSFER', mode: 'IMMEDIATE' },
        ],
      }),
      http.put('*/api/v1/notifications/preferences', async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json(body);
      }),
    );
    renderApp('/user/account/notifications', { user: owner });
    expect(await screen.findByRole('heading', { level: 2, name: 'Notifications par e-mail' })).toBeInTheDocument();
    const status = screen.getByRole('radiogroup', { name: 'Statut de vos annonces' });
    expect(within(status).getByRole('radio', { name: 'Résumé quotidien' })).toBeChecked();
    const documents = screen.getByRole('radiogroup', { name: 'Documents envoyés par la plateforme' });
    expect(within(documents).getByRole('radio', { name: 'Immédiatement' })).toBeChecked();
    expect(screen.getByText(/Un refus \(d’annonce ou de chargement\) vous est toujours envoyé immédiatement/)).toBeInTheDocument();

    await user.click(within(status).getByRole('radio', { name: 'Immédiatement' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      preferences: [
        { kind: 'STATUS', mode: 'IMMEDIATE' },
        { kind: 'MATCH', mode: 'DIGEST' },
        { kind: 'DOCUMENT', mode: 'IMMEDIATE' },
        { kind: 'TRANSFER', mode: 'IMMEDIATE' },
      ],
    });
    expect(await screen.findByText('Vos préférences de notification sont enregistrées.')).toBeInTheDocument();
  });
});
