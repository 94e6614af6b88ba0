import { transferMessages as m } from '@terres/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});
import { employee, ORGANIZATION_ID } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { lastUsedStorageKey } from './model/last-used';
import { OUTBOX_STORAGE_KEY } from './model/outbox';
import { expired, kuntz, makeTransfer, rhin, serveTransfer, TRANSFER_ID } from './test-utils';

const path = `/user/transfers/${TRANSFER_ID}/departure`;

async function openDeparture(transfer = makeTransfer()) {
  const sent = serveTransfer(transfer);
  const app = renderApp(path, { user: employee });
  await screen.findByRole('heading', { level: 1, name: 'Enregistrer un départ' });
  return { app, sent };
}

async function fillLoad(app: ReturnType<typeof renderApp>, { carrier = kuntz.name, plate = 'ab 123 cd', volume = '14' } = {}) {
  await app.user.click(screen.getByRole('radio', { name: new RegExp(carrier) }));
  const plateField = screen.getByLabelText(/^Immatriculation/);
  await app.user.clear(plateField);
  await app.user.type(plateField, plate);
  await app.user.type(screen.getByLabelText(/^Volume \(m³\)/), volume);
}

describe('/user/transfers/{id}/departure', () => {
  it('shows the domain’s French messages for a missing carrier, plate and volume, and sends nothing', async () => {
    const { app, sent } = await openDeparture();
    expect((screen.getByLabelText(/^Départ \(date et heure\)/) as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // One waste code on the listing: chosen already.
    expect(screen.getByRole('radio', { name: '17 05 04' })).toBeChecked();
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    expect(await screen.findByText(m.loadCarrierRequired)).toBeInTheDocument();
    expect(screen.getByText(m.loadPlateRequired)).toBeInTheDocument();
    expect(screen.getByText(m.loadVolumeRequired)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Immatriculation/), '??');
    await app.user.tab();
    expect(await screen.findByText(m.loadPlateInvalid)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Volume \(m³\)/), '120');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    expect(await screen.findByText('Le volume d’un chargement ne doit pas dépasser 50 m³.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows a carrier whose receipt expired as disabled, with the domain’s reason', async () => {
    await openDeparture();
    const radio = screen.getByRole('radio', { name: /Vieux Camions SARL/ });
    expect(radio).toBeDisabled();
    expect(radio).toHaveAccessibleDescription(/a expiré le 30\/06\/2025/);
    expect(screen.getByRole('radio', { name: /Rhin Bennes/ })).toBeEnabled();
    expect(expired.usable).toBe(false);
  });

  it('records a load with the plate in its printed form and an Idempotency-Key, then remembers the carrier and plate', async () => {
    const { app, sent } = await openDeparture();
    await fillLoad(app, { carrier: rhin.name });
    await app.user.tab();
    expect(screen.getByLabelText(/^Immatriculation/)).toHaveValue('AB-123-CD');
    await app.user.type(screen.getByLabelText(/^Poids pesé \(t\)/), '23,8');
    await app.user.type(screen.getByLabelText(/^N° du ticket de pesée/), 'pb-4471');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Départ enregistré : bon BT-2026-000201.');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/api/v1/transfers/${TRANSFER_ID}/loads`);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toMatchObject({ carrier_id: rhin.id, vehicle_plate: 'AB-123-CD', waste_code: '17 05 04', volume_m3: 14, weight_tonnes: 23.8, weighbridge_ticket: 'PB-4471' });
    expect(sent[0]!.body).not.toHaveProperty('confirm_over_remaining');
    // The next truck: same carrier and plate, volume empty.
    expect(screen.getByRole('radio', { name: /Rhin Bennes/ })).toBeChecked();
    expect(screen.getByLabelText(/^Immatriculation/)).toHaveValue('AB-123-CD');
    expect(screen.getByLabelText(/^Volume \(m³\)/)).toHaveValue('');
    expect(JSON.parse(localStorage.getItem(lastUsedStorageKey(ORGANIZATION_ID))!)).toEqual({ carrierId: rhin.id, vehiclePlate: 'AB-123-CD' });
    // A second load is a new entry: a new key.
    await app.user.type(screen.getByLabelText(/^Volume \(m³\)/), '12');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('starts from the carrier and plate used last on this phone', async () => {
    localStorage.setItem(lastUsedStorageKey(ORGANIZATION_ID), JSON.stringify({ carrierId: kuntz.id, vehiclePlate: 'GH-456-JK' }));
    await openDeparture();
    expect(screen.getByRole('radio', { name: /Transports Kuntz/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Transports Kuntz/ })).toHaveAccessibleDescription('Dernier utilisé');
    expect(screen.getByLabelText(/^Immatriculation/)).toHaveValue('GH-456-JK');
  });

  it('asks for confirmation over the remaining volume, then sends confirm_over_remaining', async () => {
    const { app, sent } = await openDeparture(makeTransfer({}, { remainingVolumeM3: 10, receivedVolumeM3: 1190 }));
    await fillLoad(app, { volume: '14' });
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Dépasser le volume restant ?' });
    expect(dialog).toHaveTextContent('Ce chargement de 14 m³ dépasse le volume restant attendu (10 m³) : confirmez-le ; il sera signalé à l’administrateur.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(sent).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enregistrer quand même' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ volume_m3: 14, confirm_over_remaining: true });
  });

  it('keeps the entry without network, shows it as pending, and sends it once with the same key when back online', async () => {
    const { app, sent } = await openDeparture();
    // The browser says it is offline (react-query would pause a mutation then: the outbox must not wait for it).
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    const keys: (string | null)[] = [];
    let offline = true;
    server.use(
      http.post('*/transfers/:id/loads', ({ request }) => {
        if (!offline) return undefined;
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    await fillLoad(app);
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer le départ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('en attente d’envoi');
    const pending = screen.getByRole('list', { name: 'En attente d’envoi' });
    expect(within(pending).getByText('en attente d’envoi')).toBeInTheDocument();
    expect(pending).toHaveTextContent('14 m³, AB-123-CD');
    const stored = JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY)!) as { key: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key).toBe(keys[0]);
    expect(sent).toEqual([]);

    offline = false;
    onLine.mockReturnValue(true);
    fireEvent(window, new Event('online'));
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'En attente d’envoi' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBe(keys[0]);
    expect(sent[0]!.body).toMatchObject({ vehicle_plate: 'AB-123-CD', volume_m3: 14 });
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('leaves another user’s waiting entry alone on a shared phone (neither shown nor sent with this session)', async () => {
    const theirs = {
      key: '0b0b0b0b-0000-4000-8000-000000000001',
      userId: '99999999-9999-4999-8999-999999999999',
      kind: 'departure',
      transferId: TRANSFER_ID,
      savedAt: '2026-11-27T07:00:00.000Z',
      body: { departed_at: '2026-11-27T07:00:00.000Z', carrier_id: kuntz.id, vehicle_plate: 'AB-123-CD', waste_code: '17 05 04', volume_m3: 9 },
    };
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify([theirs]));
    const { sent } = await openDeparture();
    fireEvent(window, new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'En attente d’envoi' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY)!)).toHaveLength(1);
  });
});
