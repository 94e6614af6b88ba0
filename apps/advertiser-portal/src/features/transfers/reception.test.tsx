import { transferMessages as m } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { makeLoad, makeTransfer, serveTransfer, TRANSFER_ID } from './test-utils';

const load = makeLoad({ departedAt: '2026-11-26T07:42:00.000Z' });
const fillTransfer = makeTransfer({ viewerSide: 'FILL' }, { loadCount: 1, inTransitCount: 1, departedVolumeM3: 14, inTransitVolumeM3: 14, remainingVolumeM3: 1186 });
const path = `/user/transfers/${TRANSFER_ID}/loads/${load.id}/reception`;

describe('/user/transfers/{id}/loads/{loadId}/reception', () => {
  it('needs a reason to refuse a load, then sends the refusal with an Idempotency-Key', async () => {
    const sent = serveTransfer(fillTransfer, { loads: [load] });
    const app = renderApp(path, { user: employee });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmer la réception' })).toBeInTheDocument();
    expect(screen.getByText(/Bon BT-2026-000101 : 14 m³ de 17 05 04/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(m.loadOutcomeRequired)).toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: 'Refusé' }));
    await app.user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(m.loadRefusalReasonRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await app.user.type(screen.getByLabelText(/^Motif du refus/), 'Présence de déchets de démolition');
    await app.user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe(`/api/v1/loads/${load.id}/reception`);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toMatchObject({ outcome: 'REFUSED', refusal_reason: 'Présence de déchets de démolition', received_volume_m3: null });
    // Back on the transfer.
    await waitFor(() => expect(app.location().pathname).toBe(`/user/transfers/${TRANSFER_ID}`));
  });

  it('accepts with the received volume when it differs', async () => {
    const sent = serveTransfer(fillTransfer, { loads: [load] });
    const app = renderApp(path, { user: employee });
    await app.user.click(await screen.findByRole('radio', { name: 'Accepté' }));
    expect(screen.queryByLabelText(/^Motif du refus/)).not.toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Volume reçu/), '13,5');
    await app.user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ outcome: 'ACCEPTED', refusal_reason: null, received_volume_m3: 13.5 });
  });
});

describe('/user/transfers/{id}', () => {
  it('shows the balance, the other party, and a link to confirm each load in transit (FILL side)', async () => {
    serveTransfer(fillTransfer, { loads: [load, makeLoad({ id: 'b0000000-0000-4000-8000-000000000002', number: 'BT-2026-000099', status: 'ACCEPTED' })] });
    renderApp(`/user/transfers/${TRANSFER_ID}`, { user: employee });
    expect(await screen.findByText("Terrassements d'Alsace SAS (Écoquartier Rive Droite)")).toBeInTheDocument();
    const figures = screen.getByLabelText('Bilan du transfert', { selector: 'dl' });
    expect(within(figures).getByText('Restant').nextElementSibling).toHaveTextContent('1 186 m³');
    expect(within(figures).getByText('En route').nextElementSibling).toHaveTextContent('14 m³');
    const links = screen.getAllByRole('link', { name: /Confirmer la réception/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/user/transfers/${TRANSFER_ID}/loads/${load.id}/reception`);
    expect(screen.queryByRole('link', { name: 'Enregistrer un départ' })).not.toBeInTheDocument();
  });

  it('offers the departure screen to the CUT side and lists the transfer in /user/transfers', async () => {
    serveTransfer(makeTransfer());
    const app = renderApp('/user/transfers', { user: employee });
    const list = await screen.findByRole('list', { name: 'Vos transferts' });
    await app.user.click(within(list).getByRole('link', { name: /Écoquartier Rive Droite/ }));
    expect(await screen.findByRole('link', { name: 'Enregistrer un départ' })).toHaveAttribute('href', `/user/transfers/${TRANSFER_ID}/departure`);
    expect(screen.getByText('Paul Weber · 06 98 76 54 32 · paul.weber@remblais-rhin.fr')).toBeInTheDocument();
  });

  it('pages through the loads of a long transfer, 100 at a time', async () => {
    serveTransfer(makeTransfer());
    const asked: string[] = [];
    server.use(
      http.get('*/transfers/:id/loads', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        asked.push(page);
        return HttpResponse.json([makeLoad({ number: `BT-2026-00${page}000`, status: 'ACCEPTED' })], { headers: { 'X-Total-Count': '150' } });
      }),
    );
    const app = renderApp(`/user/transfers/${TRANSFER_ID}`, { user: employee });
    expect(await screen.findByText('Page 1 sur 2')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Plus anciens' }));
    expect(await screen.findByText('BT-2026-002000')).toBeInTheDocument();
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
    expect(asked).toEqual(['1', '2']);
  });
});
