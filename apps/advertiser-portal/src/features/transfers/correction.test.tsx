import { transferMessages as m } from '@terres/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { employee } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { kuntz, makeLoad, makeTransfer, serveTransfer, TRANSFER_ID } from './test-utils';

const LOAD_ID = 'b0000000-0000-4000-8000-000000000077';
const path = `/user/transfers/${TRANSFER_ID}/loads/${LOAD_ID}/correct`;
const inTransit = makeLoad({ id: LOAD_ID, number: 'BT-2026-000177', version: 3, volumeM3: 14.5, availableActions: ['CORRECT', 'CANCEL'] });

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], 'ticket-pesee.jpg', { type: 'image/jpeg' });

async function openCorrection(load = inTransit) {
  const sent = serveTransfer(makeTransfer({}, { inTransitVolumeM3: 14.5, remainingVolumeM3: 1185.5 }), { loads: [load] });
  const app = renderApp(path, { user: employee });
  await screen.findByRole('heading', { level: 1, name: 'Corriger le chargement' });
  return { app, sent };
}

describe('/user/transfers/{id}/loads/{loadId}/correct', () => {
  it('starts from the load as it is, keeps the departure’s rules, and sends nothing while one fails', async () => {
    const { app, sent } = await openCorrection();
    expect(screen.getByText(/Bon BT-2026-000177, version 3/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Transports Kuntz/ })).toBeChecked();
    expect(screen.getByLabelText(/^Immatriculation/)).toHaveValue('AB-123-CD');
    expect(screen.getByLabelText(/^Volume \(m³\)/)).toHaveValue('14,5');
    expect(screen.getByRole('radio', { name: '17 05 04' })).toBeChecked();
    await app.user.clear(screen.getByLabelText(/^Immatriculation/));
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    expect(await screen.findByText(m.loadPlateRequired)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^N° du ticket de pesée/), 'PB-1');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    expect(await screen.findByText(m.loadTicketWithoutWeight)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the whole departure with the version it replaces and its comment, then the ticket’s photo, and shows the load again', async () => {
    const { app, sent } = await openCorrection();
    await app.user.click(screen.getByRole('radio', { name: /Rhin Bennes/ }));
    const volume = screen.getByLabelText(/^Volume \(m³\)/);
    await app.user.clear(volume);
    await app.user.type(volume, '12');
    await app.user.type(screen.getByLabelText(/^Poids pesé \(t\)/), '21,4');
    await app.user.upload(screen.getByLabelText('Photo ou PDF du ticket de pesée'), photo());
    expect(screen.getByText('Choisi : ticket-pesee.jpg')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Commentaire de correction/), 'Mauvais camion saisi');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: `/api/v1/loads/${LOAD_ID}`,
      body: { carrier_id: 'c0000000-0000-4000-8000-000000000002', vehicle_plate: 'AB-123-CD', volume_m3: 12, weight_tonnes: 21.4, expected_version: 3, correction_note: 'Mauvais camion saisi' },
    });
    expect(sent[0]!.body).not.toHaveProperty('confirm_over_remaining');
    expect(sent[1]).toMatchObject({ method: 'PUT', path: `/api/v1/loads/${LOAD_ID}/ticket`, body: { file: 'ticket-pesee.jpg' } });
    expect(await screen.findByText('Correction enregistrée : bon BT-2026-000177, version 4.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bon BT-2026-000177' })).toBeInTheDocument();
  });

  it('refuses a file that is no ticket with the domain’s message, and sends no file', async () => {
    const { app, sent } = await openCorrection();
    const sheet = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'releve.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    // The picker's `accept` would hide it; a phone's "all files" may not.
    fireEvent.change(screen.getByLabelText('Photo ou PDF du ticket de pesée'), { target: { files: [sheet] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.loadTicketFileType);
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.path).toBe(`/api/v1/loads/${LOAD_ID}`);
  });

  it('says a received load is no longer corrected here', async () => {
    await openCorrection(makeLoad({ id: LOAD_ID, status: 'ACCEPTED', availableActions: ['CANCEL'] }));
    expect(screen.getByRole('status')).toHaveTextContent('Ce chargement ne se corrige plus (Accepté) : il s’annule avec un motif.');
    expect(screen.queryByRole('button', { name: 'Enregistrer la correction' })).not.toBeInTheDocument();
  });
});

describe('the departure with the ticket’s photo', () => {
  it('records the load, then sends the photo to it', async () => {
    const sent = serveTransfer(makeTransfer());
    const app = renderApp(`/user/transfers/${TRANSFER_ID}/departure`, { user: employee });
    await screen.findByRole('heading', { level: 1, name: 'Enregistrer un départ' });
    await app.user.click(screen.getByRole('radio', { name: new RegExp(kuntz.name) }));
    await app.user.type(screen.getByLabelText(/^Immatriculation/), 'AB-123-CD');
    await app.user.type(screen.getByLabelText(/^Volume \(m³\)/), '14');
    await app.user.type(screen.getByLabelText(/^Poids pesé \(t\)/), '23,8');
    const input = screen.getByLabelText('Photo ou PDF du ticket de pesée');
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(input).toHaveAttribute('capture', 'environment');
    await app.user.upload(input, photo());
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    expect(await screen.findByText('Départ enregistré : bon BT-2026-000201.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.path).toBe(`/api/v1/transfers/${TRANSFER_ID}/loads`);
    expect(sent[1]!.path).toMatch(/^\/api\/v1\/loads\/[0-9a-f-]{36}\/ticket$/);
    expect(sent[1]!.body).toEqual({ file: 'ticket-pesee.jpg', size: 6 });
    // The next truck starts without the file.
    expect(screen.queryByText(/^Choisi :/)).not.toBeInTheDocument();
  });
});
