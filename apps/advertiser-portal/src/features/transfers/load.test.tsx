import type { LoadVersion } from '@terres/api-client';
import { transferMessages as m } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { employee } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { kuntz, makeLoad, makeTransfer, rhin, serveTransfer, TRANSFER_ID } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
});

const LOAD_ID = 'b0000000-0000-4000-8000-000000000042';
const path = `/user/transfers/${TRANSFER_ID}/loads/${LOAD_ID}`;

/** The load as corrected once: Rhin Bennes and 12 m³ now, Transports Kuntz and 14 m³ before. */
const corrected = makeLoad({
  id: LOAD_ID,
  number: 'BT-2026-000142',
  version: 2,
  volumeM3: 12,
  weightTonnes: 21.4,
  weighbridgeTicket: 'PB-4471',
  carrier: { ...makeLoad().carrier, id: rhin.id, name: rhin.name, siret: rhin.siret, receiptNumber: rhin.receiptNumber },
  availableActions: ['CORRECT', 'CANCEL'],
  ticketFile: { fileName: 'ticket-4471.jpg', mimeType: 'image/jpeg', size: 120_000, uploadedAt: '2026-11-26T08:00:00.000Z' },
});

const firstVersion: LoadVersion = {
  loadId: LOAD_ID,
  version: 1,
  departedAt: corrected.departedAt,
  carrier: { ...makeLoad().carrier, id: kuntz.id, name: kuntz.name },
  vehiclePlate: 'AB-123-CD',
  wasteCode: '17 05 04',
  volumeM3: 14,
  weightTonnes: 21.4,
  weighbridgeTicket: 'PB-4471',
  correctedBy: '11111111-1111-4111-8111-111111111111',
  correctedByName: 'Camille Muller',
  correctedAt: '2026-11-26T08:05:00.000Z',
  note: 'Mauvais camion saisi',
};

describe('/user/transfers/{id}/loads/{loadId}', () => {
  it('shows the load’s number large, its facts and status, and prints the slip', async () => {
    serveTransfer(makeTransfer(), { loads: [corrected], history: [firstVersion] });
    const app = renderApp(path, { user: employee });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bon BT-2026-000142' })).toBeInTheDocument();
    const slip = screen.getByRole('region', { name: 'BT-2026-000142' });
    const facts = within(slip).getByLabelText('Le chargement');
    expect(facts).toHaveTextContent('En route');
    expect(facts).toHaveTextContent('Rhin Bennes · SIRET 55208131766522');
    expect(facts).toHaveTextContent('Volume (m³)12 m³');
    expect(facts).toHaveTextContent('Poids pesé (t)21,4 t');
    expect(facts).toHaveTextContent('N° du ticket de pesée' + 'PB-4471');
    expect(facts).toHaveTextContent('Chantier d’arrivéePlateforme logistique Ottmarsheim, Zone portuaire 68490 Ottmarsheim');
    expect(facts).toHaveTextContent('Ticket de pesée' + 'ticket-4471.jpg');
    expect(screen.getByRole('button', { name: 'Télécharger le ticket ticket-4471.jpg' })).toBeInTheDocument();
    // happy-dom has no print dialog: the page's call is what is checked.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    await app.user.click(screen.getByRole('button', { name: 'Imprimer le bon' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows its history: each version, who made it, when, and what changed', async () => {
    serveTransfer(makeTransfer(), { loads: [corrected], history: [firstVersion] });
    renderApp(path, { user: employee });
    const history = await screen.findByRole('region', { name: 'Historique' });
    const entries = within(history).getAllByRole('listitem').filter((item) => item.classList.contains('transfers-history__entry'));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(/^Version 2 : corrigée le 26\/11\/2026 à \d{2}:\d{2} par Camille Muller/);
    expect(entries[0]).toHaveTextContent('Commentaire : Mauvais camion saisi');
    expect(entries[0]).toHaveTextContent('Transporteur : Transports Kuntz → Rhin Bennes');
    expect(entries[0]).toHaveTextContent('Volume (m³) : 14 m³ → 12 m³');
    // Unchanged values are not listed as changes.
    expect(entries[0]).not.toHaveTextContent('Immatriculation');
    expect(entries[1]).toHaveTextContent(/^Version 1 : enregistrée le 26\/11\/2026/);
  });

  it('lets the CUT side correct the load (a link) and cancel it with a reason, checked by the domain first', async () => {
    const sent = serveTransfer(makeTransfer(), { loads: [corrected] });
    const app = renderApp(path, { user: employee });
    await screen.findByRole('heading', { level: 1, name: 'Bon BT-2026-000142' });
    expect(screen.getByRole('link', { name: 'Corriger le chargement' })).toHaveAttribute('href', `${path}/correct`);
    expect(screen.getByText(/Aucune correction/)).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Annuler le chargement' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Annuler le chargement BT-2026-000142 ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler le chargement' }));
    expect(await within(dialog).findByText(m.loadCancelReasonRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await app.user.type(within(dialog).getByLabelText(/^Motif de l’annulation/), 'Bon saisi deux fois');
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler le chargement' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/v1/loads/${LOAD_ID}/cancel`, body: { reason: 'Bon saisi deux fois' } });
    expect(await screen.findByText('Chargement BT-2026-000142 annulé.')).toBeInTheDocument();
    // Read again: cancelled, with its reason, and nothing more to do.
    const slip = screen.getByRole('region', { name: 'BT-2026-000142' });
    await waitFor(() => expect(slip).toHaveTextContent('Motif de l’annulationBon saisi deux fois'));
    expect(slip).toHaveTextContent('Annulé');
    expect(screen.queryByRole('button', { name: 'Annuler le chargement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Corriger le chargement' })).not.toBeInTheDocument();
  });

  it('offers the FILL side the reception, never the correction nor the cancellation', async () => {
    const load = makeLoad({ id: LOAD_ID, number: 'BT-2026-000143', availableActions: ['ACCEPT', 'REFUSE'] });
    serveTransfer(makeTransfer({ viewerSide: 'FILL' }), { loads: [load] });
    renderApp(path, { user: employee });
    await screen.findByRole('heading', { level: 1, name: 'Bon BT-2026-000143' });
    expect(screen.getByRole('link', { name: 'Confirmer la réception' })).toHaveAttribute('href', `${path}/reception`);
    expect(screen.queryByRole('link', { name: 'Corriger le chargement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler le chargement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Télécharger le ticket/ })).not.toBeInTheDocument();
  });

  it('is reached from the transfer page: each load’s number links to it', async () => {
    serveTransfer(makeTransfer(), { loads: [corrected] });
    renderApp(`/user/transfers/${TRANSFER_ID}`, { user: employee });
    expect(await screen.findByRole('link', { name: 'BT-2026-000142' })).toHaveAttribute('href', path);
  });
});
