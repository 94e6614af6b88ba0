import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

function serveQueues() {
  const counts = { listingsToValidate: 4, organizationsToVerify: 2, soilStudiesDelegated: 0 };
  const calls: number[] = [];
  server.use(
    http.get('*/admin/queues', () => {
      calls.push(Date.now());
      return HttpResponse.json({ ...counts });
    }),
  );
  return { counts, calls };
}

describe('the sidebar’s work queues (issue 21)', () => {
  it('shows what waits for the admin, each opening its list, and asks again when the window comes back', async () => {
    const queues = serveQueues();
    renderApp('/admin/transfers', { user: admin });
    const nav = await screen.findByRole('navigation', { name: 'À traiter' });
    const toValidate = await within(nav).findByRole('link', { name: 'Annonces à valider 4' });
    expect(toValidate).toHaveAttribute('href', '/admin/inquiries?status=PENDING_VALIDATION');
    expect(within(nav).getByRole('link', { name: 'Organisations à vérifier 2' })).toHaveAttribute('href', '/admin/organizations?verified=false');
    expect(within(nav).getByRole('link', { name: 'Études de sol confiées 0' })).toHaveAttribute('href', '/admin/soil-studies?state=delegated');
    expect(queues.calls).toHaveLength(1);

    queues.counts.listingsToValidate = 3;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await within(nav).findByRole('link', { name: 'Annonces à valider 3' })).toBeInTheDocument();
    expect(queues.calls).toHaveLength(2);
    act(() => focusManager.setFocused(undefined));
  });

  it('keeps the links, without counts, when the counts cannot load', async () => {
    let asked = 0;
    server.use(
      http.get('*/admin/queues', () => {
        asked += 1;
        return new HttpResponse(null, { status: 403 });
      }),
    );
    renderApp('/admin/transfers', { user: admin });
    const nav = await screen.findByRole('navigation', { name: 'À traiter' });
    await waitFor(() => expect(asked).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(nav).getByRole('link', { name: 'Annonces à valider' })).toHaveAttribute('href', '/admin/inquiries?status=PENDING_VALIDATION');
    expect(within(nav).getByRole('link', { name: 'Organisations à vérifier' })).toHaveAttribute('href', '/admin/organizations?verified=false');
    expect(within(nav).getByRole('link', { name: 'Études de sol confiées' })).toHaveAttribute('href', '/admin/soil-studies?state=delegated');
  });
});
