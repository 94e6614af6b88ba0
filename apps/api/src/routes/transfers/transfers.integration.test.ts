// Transfers on site over HTTP (issue 18): the transfer opened by the match's acceptance, carriers,
// loads recorded by the CUT side and confirmed by the FILL side, corrections with their history,
// parallel confirmations counted once, the over-remaining confirmation, the close that makes the
// match DONE with the loads' totals, and who may do what (owner, employee, admin, other
// organisation, anonymous, archived organisation). Every answer is checked against openapi.yaml.
// The sites are in Finistère, where no other test file puts any.
import { messages, PROBLEM_TYPES, transferMessages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createEmployee, createOwner, dayFromToday, VALID_SIRETS, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { validatedListing } from '../../../test/helpers/matching.js';
import { startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';
import { sendDueDigests } from '../../services/transfer-mail.js';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let producerEmployee: string;
let receiver: OwnerFixture;
let receiverEmployee: string;
let stranger: OwnerFixture;
let matchId: string;
let cutId: string;
let fillId: string;
let transferId: string;
let carrierId: string;
let exemptCarrierId: string;
let expiredCarrierId: string;

const QUIMPER = { latitude: 47.996, longitude: -4.102 };
const DOUARNENEZ = { latitude: 48.093, longitude: -4.329 };

function expectMatches(method: string, path: string, res: ApiResponse): void {
  expectResponseMatches(method, path, res.status, res.body, res.headers.get('content-type')?.split(';')[0]);
}

const carrierBody = (overrides: Record<string, unknown> = {}) => ({
  siret: VALID_SIRETS[1],
  name: 'Transports du Porzay',
  street: '3 rue du Port',
  postcode: '29100',
  city: 'Douarnenez',
  receipt_number: '2024-29-0117',
  receipt_department: '29',
  receipt_valid_until: dayFromToday(365),
  ...overrides,
});

const departure = (overrides: Record<string, unknown> = {}) => ({
  departed_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  carrier_id: carrierId,
  vehicle_plate: 'ab 123 cd',
  waste_code: '17 05 04',
  volume_m3: 20,
  ...overrides,
});

const reception = (outcome: 'ACCEPTED' | 'REFUSED', overrides: Record<string, unknown> = {}) => ({
  received_at: new Date().toISOString(),
  outcome,
  ...(outcome === 'REFUSED' ? { refusal_reason: 'Présence de déchets de démolition' } : {}),
  ...overrides,
});

async function record(token: string, body: Record<string, unknown>, key?: string): Promise<ApiResponse> {
  const res = await api.request('POST', `/transfers/${transferId}/loads`, { token, body, headers: key ? { 'idempotency-key': key } : {} });
  expectMatches('POST', '/transfers/{id}/loads', res);
  return res;
}

async function balance() {
  const res = await api.request('GET', `/transfers/${transferId}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.balance;
}

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements de Cornouaille', credits: 500 });
  receiver = await createOwner(api, { name: 'Aménageur du Porzay', credits: 500 });
  stranger = await createOwner(api, { name: 'Organisation étrangère au transfert', credits: 100 });
  producerEmployee = (await createEmployee(api, producer)).token;
  receiverEmployee = (await createEmployee(api, receiver)).token;
  const cut = await validatedListing(api, producer, { type: 'CUT', name: 'Déblais de Quimper', ...QUIMPER, quantity: 1000 });
  const fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Remblai de Douarnenez', ...DOUARNENEZ, quantity: 100 });
  [cutId, fillId] = [cut, fill];
  const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
  expect(proposed.status).toBe(201);
  matchId = proposed.body.id;
  expect(proposed.body.transferId).toBeNull();
  const accepted = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'ACCEPTED' } });
  expect(accepted.status).toBe(200);
  expectMatches('PUT', '/matches/{id}/status', accepted);
  transferId = accepted.body.transferId;
});

afterAll(async () => {
  await api?.close();
});

describe('the transfer of an accepted match', () => {
  it('opens with the acceptance and is seen by both parties and admins, never by a third organisation', async () => {
    expect(transferId).toMatch(/^[0-9a-f-]{36}$/);
    for (const token of [producer.token, producerEmployee, receiver.token, receiverEmployee, admin]) {
      const res = await api.request('GET', `/transfers/${transferId}`, { token });
      expect(res.status).toBe(200);
      expectMatches('GET', '/transfers/{id}', res);
      expect(res.body).toMatchObject({ id: transferId, matchId, status: 'OPEN', expectedVolumeM3: 100, matchStatus: 'ACCEPTED', wasteCodes: ['17 05 04'] });
      // After the acceptance both parties see each other's name, contact and site.
      expect(res.body.cut).toMatchObject({ projectName: 'Déblais de Quimper', organizationName: 'Terrassements de Cornouaille', siteAddress: expect.any(String), latitude: QUIMPER.latitude });
      expect(res.body.fill).toMatchObject({ projectName: 'Remblai de Douarnenez', organizationName: 'Aménageur du Porzay', latitude: DOUARNENEZ.latitude });
      expect(res.body.fill.contactEmail ?? res.body.fill.contactPhone).not.toBeNull();
    }
    expect((await api.request('GET', `/transfers/${transferId}`, { token: producer.token })).body.viewerSide).toBe('CUT');
    expect((await api.request('GET', `/transfers/${transferId}`, { token: receiverEmployee })).body.viewerSide).toBe('FILL');
    const foreign = await api.request('GET', `/transfers/${transferId}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(transferMessages.transferNotFound);
    expect((await api.request('GET', `/transfers/${transferId}`)).status).toBe(401);
    // Lists: each party its own, the stranger none, the admin every one.
    for (const token of [producer.token, receiverEmployee, admin]) {
      const list = await api.request('GET', '/transfers?page=1&page_size=100', { token });
      expectMatches('GET', '/transfers', list);
      expect(list.body.map((row: { id: string }) => row.id)).toContain(transferId);
    }
    const none = await api.request('GET', '/transfers', { token: stranger.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });
});

describe('the transfers of one listing (inquiry_id, issue 23)', () => {
  it('are its parties\' and the admins\', none for another organisation, a 400 for a malformed id', async () => {
    for (const [token, listing] of [
      [producer.token, cutId],
      [producerEmployee, cutId],
      [receiver.token, fillId],
      [admin, fillId],
    ] as const) {
      const res = await api.request('GET', `/transfers?inquiry_id=${listing}&page=1&page_size=25`, { token });
      expect(res.status).toBe(200);
      expectMatches('GET', '/transfers', res);
      expect(res.body.map((row: { id: string }) => row.id)).toEqual([transferId]);
      expect(res.headers.get('x-total-count')).toBe('1');
    }
    // Another organisation names the listing: nothing, and no count to learn from.
    const foreign = await api.request('GET', `/transfers?inquiry_id=${cutId}`, { token: stranger.token });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual([]);
    expect(foreign.headers.get('x-total-count')).toBe('0');
    // A listing of the organisation without any transfer.
    const alone = await validatedListing(api, producer, { type: 'CUT', name: 'Déblais de Concarneau', latitude: 47.873, longitude: -3.918, quantity: 50 });
    const none = await api.request('GET', `/transfers?inquiry_id=${alone}`, { token: producer.token });
    expect(none.body).toEqual([]);
    const malformed = await api.request('GET', '/transfers?inquiry_id=not-a-uuid', { token: producer.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe(messages.inquiryIdParameter);
  });
});

describe('carriers', () => {
  it('are added by the owner or an admin, read by employees, a 404 for another organisation', async () => {
    const created = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, { token: producer.token, body: carrierBody() });
    expect(created.status).toBe(201);
    expectMatches('POST', '/organizations/{id}/carriers', created);
    expect(created.body).toMatchObject({ siret: VALID_SIRETS[1], receiptDepartment: '29', usable: true, unusableReason: null });
    carrierId = created.body.id;
    const byAdmin = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, {
      token: admin,
      body: carrierBody({ siret: VALID_SIRETS[2], name: 'Cornouaille Terrassement (propre compte)', receipt_number: null, receipt_department: null, receipt_valid_until: null, exemption: 'OWN_WASTE' }),
    });
    expect(byAdmin.status).toBe(201);
    exemptCarrierId = byAdmin.body.id;
    const expired = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, {
      token: producer.token,
      body: carrierBody({ siret: VALID_SIRETS[3], name: 'Transports Expirés', receipt_valid_until: dayFromToday(-10) }),
      headers: { 'idempotency-key': 'carrier-expired-1' },
    });
    expect(expired.status).toBe(201);
    expect(expired.body.usable).toBe(false);
    expect(expired.body.unusableReason).toContain('a expiré');
    expiredCarrierId = expired.body.id;
    // The same key again: the same carrier, not a second one.
    const again = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, {
      token: producer.token,
      body: carrierBody({ siret: VALID_SIRETS[3], name: 'Transports Expirés', receipt_valid_until: dayFromToday(-10) }),
      headers: { 'idempotency-key': 'carrier-expired-1' },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(expiredCarrierId);

    const byEmployee = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, { token: producerEmployee, body: carrierBody({ siret: VALID_SIRETS[0] }) });
    expect(byEmployee.status).toBe(403);
    const foreign = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, { token: stranger.token, body: carrierBody() });
    expect(foreign.status).toBe(404);
    const invalid = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, { token: producer.token, body: carrierBody({ siret: '123', receipt_department: '99' }) });
    expect(invalid.status).toBe(422);
    expectMatches('POST', '/organizations/{id}/carriers', invalid);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['siret', 'receipt_department']));

    const list = await api.request('GET', `/organizations/${producer.organizationId}/carriers`, { token: producerEmployee });
    expect(list.status).toBe(200);
    expectMatches('GET', '/organizations/{id}/carriers', list);
    expect(list.body).toHaveLength(3);
    expect(list.headers.get('x-total-count')).toBe('3');
    expect((await api.request('GET', `/organizations/${producer.organizationId}/carriers`, { token: stranger.token })).status).toBe(404);
    expect((await api.request('GET', `/organizations/${producer.organizationId}/carriers`)).status).toBe(401);

    const edited = await api.request('PUT', `/carriers/${carrierId}`, { token: producer.token, body: carrierBody({ street: '5 quai du Rosmeur' }) });
    expect(edited.status).toBe(200);
    expectMatches('PUT', '/carriers/{id}', edited);
    expect(edited.body.street).toBe('5 quai du Rosmeur');
    expect((await api.request('PUT', `/carriers/${carrierId}`, { token: producerEmployee, body: carrierBody() })).status).toBe(403);
    expect((await api.request('PUT', `/carriers/${carrierId}`, { token: receiver.token, body: carrierBody() })).status).toBe(404);
    expect((await api.request('POST', `/carriers/${carrierId}/archive`, { token: stranger.token })).status).toBe(404);
  });
});

describe('the carriers list', () => {
  it('is paged, by name, the archived ones after the active ones; another organisation gets a 404', async () => {
    const base = `/organizations/${stranger.organizationId}/carriers`;
    const add = async (name: string, siret: string) => {
      const res = await api.request('POST', base, { token: stranger.token, body: carrierBody({ name, siret }) });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const archivedFirst = await add('Atlantique Transports', VALID_SIRETS[1]!);
    await add('Bigouden Bennes', VALID_SIRETS[2]!);
    await add('Ys Terrassement', VALID_SIRETS[3]!);
    expect((await api.request('POST', `/carriers/${archivedFirst}/archive`, { token: stranger.token })).status).toBe(200);
    const names = async (query: string) => {
      const res = await api.request('GET', `${base}?${query}`, { token: stranger.token });
      expect(res.status).toBe(200);
      expectMatches('GET', '/organizations/{id}/carriers', res);
      return { names: (res.body as { name: string }[]).map((row) => row.name), total: res.headers.get('x-total-count') };
    };
    expect(await names('include_archived=true&page=1&page_size=2')).toEqual({ names: ['Bigouden Bennes', 'Ys Terrassement'], total: '3' });
    expect(await names('include_archived=true&page=2&page_size=2')).toEqual({ names: ['Atlantique Transports'], total: '3' });
    expect(await names('page=1&page_size=25')).toEqual({ names: ['Bigouden Bennes', 'Ys Terrassement'], total: '2' });
    expect((await api.request('GET', `${base}?page=1&page_size=25`, { token: producer.token })).status).toBe(404);
  });
});

describe('loads', () => {
  it('are recorded by the CUT side only, once per Idempotency-Key', async () => {
    const body = departure();
    const first = await record(producerEmployee, body, 'phone-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'IN_TRANSIT', version: 1, vehiclePlate: 'AB-123-CD', volumeM3: 20, overRemaining: false });
    expect(first.body.number).toMatch(/^BT-\d{4}-\d{6}$/);
    expect(first.body.carrier).toMatchObject({ id: carrierId, name: 'Transports du Porzay' });
    // The phone lost the answer and sends it again: one load.
    const retry = await record(producerEmployee, body, 'phone-1');
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    const reused = await record(producerEmployee, { ...body, volume_m3: 12 }, 'phone-1');
    expect(reused.status).toBe(409);
    expect(reused.body.type).toBe(PROBLEM_TYPES.idempotencyKeyReused);

    expect((await record(receiver.token, departure())).status).toBe(403);
    expect((await record(receiverEmployee, departure())).status).toBe(403);
    expect((await record(admin, departure())).status).toBe(403);
    expect((await record(stranger.token, departure())).status).toBe(404);
    expect((await api.request('POST', `/transfers/${transferId}/loads`, { body: departure() })).status).toBe(401);

    const bad = await record(producer.token, departure({ volume_m3: 120, vehicle_plate: '!', waste_code: '17 05 05*' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['volume_m3', 'vehicle_plate', 'waste_code']));
    expect((await balance()).loadCount).toBe(1);
  });

  it('refuses a carrier whose receipt has expired, and one of another organisation', async () => {
    const expired = await record(producer.token, departure({ carrier_id: expiredCarrierId }));
    expect(expired.status).toBe(422);
    expect(expired.body.type).toBe(PROBLEM_TYPES.carrierUnusable);
    expect(expired.body.errors.carrier_id).toContain('a expiré');
    const foreignCarrier = await api.request('POST', `/organizations/${receiver.organizationId}/carriers`, { token: receiver.token, body: carrierBody({ siret: VALID_SIRETS[0] }) });
    expect(foreignCarrier.status).toBe(201);
    const notOurs = await record(producer.token, departure({ carrier_id: foreignCarrier.body.id }));
    expect(notOurs.status).toBe(422);
    expect(notOurs.body.errors.carrier_id).toBe(transferMessages.carrierNotOfOrganization);
  });

  it('keeps the history of a correction, with who and when; no correction after the reception', async () => {
    const load = (await record(producer.token, departure({ carrier_id: exemptCarrierId, volume_m3: 18 }))).body;
    const corrected = await api.request('PUT', `/loads/${load.id}`, {
      token: producerEmployee,
      body: departure({ carrier_id: exemptCarrierId, volume_m3: 16.5, weight_tonnes: 28.1, weighbridge_ticket: 'tp-889', expected_version: 1, correction_note: 'Pesée au pont bascule' }),
    });
    expect(corrected.status).toBe(200);
    expectMatches('PUT', '/loads/{id}', corrected);
    expect(corrected.body).toMatchObject({ version: 2, volumeM3: 16.5, weightTonnes: 28.1, weighbridgeTicket: 'TP-889' });
    const stale = await api.request('PUT', `/loads/${load.id}`, { token: producer.token, body: departure({ carrier_id: exemptCarrierId, expected_version: 1 }) });
    expect(stale.status).toBe(409);
    expect((await api.request('PUT', `/loads/${load.id}`, { token: receiver.token, body: departure() })).status).toBe(403);
    expect((await api.request('PUT', `/loads/${load.id}`, { token: stranger.token, body: departure() })).status).toBe(404);
    for (const token of [producer.token, receiverEmployee, admin]) {
      const history = await api.request('GET', `/loads/${load.id}/history`, { token });
      expect(history.status).toBe(200);
      expectMatches('GET', '/loads/{id}/history', history);
      expect(history.body).toHaveLength(1);
      expect(history.body[0]).toMatchObject({ version: 1, volumeM3: 18, weightTonnes: null, note: 'Pesée au pont bascule', correctedByName: expect.any(String) });
    }
    expect((await api.request('GET', `/loads/${load.id}/history`, { token: stranger.token })).status).toBe(404);
    const received = await api.request('POST', `/loads/${load.id}/reception`, { token: receiverEmployee, body: reception('ACCEPTED', { received_volume_m3: 16 }) });
    expect(received.status).toBe(200);
    const late = await api.request('PUT', `/loads/${load.id}`, { token: producer.token, body: departure({ carrier_id: exemptCarrierId }) });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(transferMessages.loadCorrectOnlyBeforeReception);
    const bal = await balance();
    expect(bal).toMatchObject({ acceptedCount: 1, receivedVolumeM3: 16 });
    expect(bal.receivedWeight).toMatchObject({ realTonnes: 28.1, isEstimate: false });
  });

  it('counts parallel confirmations of one load once', async () => {
    const load = (await record(producer.token, departure({ volume_m3: 10 }))).body;
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.request('POST', `/loads/${load.id}/reception`, { token: i % 2 ? receiver.token : receiverEmployee, body: reception('ACCEPTED'), headers: { 'idempotency-key': `recv-${i}` } }),
      ),
    );
    for (const res of answers) expectMatches('POST', '/loads/{id}/reception', res);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(7);
    const after = await balance();
    expect(after.acceptedCount).toBe(before.acceptedCount + 1);
    expect(after.receivedVolumeM3).toBeCloseTo(before.receivedVolumeM3 + 10, 3);
    // The winner's retry (same key) gets the load, not a 409.
    const winner = answers.findIndex((res) => res.status === 200);
    const retry = await api.request('POST', `/loads/${load.id}/reception`, { token: receiverEmployee, body: reception('ACCEPTED'), headers: { 'idempotency-key': `recv-${winner}` } });
    expect(retry.status).toBe(200);
    expect((await balance()).acceptedCount).toBe(after.acceptedCount);
    // The CUT side, an admin and a stranger may not confirm.
    const other = (await record(producer.token, departure({ volume_m3: 5 }))).body;
    expect((await api.request('POST', `/loads/${other.id}/reception`, { token: producer.token, body: reception('ACCEPTED') })).status).toBe(403);
    expect((await api.request('POST', `/loads/${other.id}/reception`, { token: admin, body: reception('ACCEPTED') })).status).toBe(403);
    expect((await api.request('POST', `/loads/${other.id}/reception`, { token: stranger.token, body: reception('ACCEPTED') })).status).toBe(404);
    const noReason = await api.request('POST', `/loads/${other.id}/reception`, { token: receiver.token, body: { received_at: new Date().toISOString(), outcome: 'REFUSED' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.refusal_reason).toBe(transferMessages.loadRefusalReasonRequired);
  });

  it('mails a refusal at once to the CUT organisation and the admins; the FILL side gets one digest', async () => {
    const load = (await record(producer.token, departure({ volume_m3: 7 }))).body;
    const refused = await api.request('POST', `/loads/${load.id}/reception`, { token: receiver.token, body: reception('REFUSED') });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'REFUSED', outcome: 'REFUSED', refusalReason: 'Présence de déchets de démolition' });
    const toProducer = await api.smtp.waitForMessage(producer.email, (mail) => mail.subject.includes(load.number));
    expect(toProducer.text).toContain('Présence de déchets de démolition');
    await api.smtp.waitForMessage(api.adminEmail, (mail) => mail.subject.includes(load.number));
    // The digest: due a quarter of an hour after the first departure, at most one a day.
    const app = api.running.app;
    await sendDueDigests(app, new Date(Date.now() + 16 * 60 * 1000));
    const digest = await api.smtp.waitForMessage(receiver.email, (mail) => mail.subject.includes('en route'));
    expect(digest.text).toContain('Déblais de Quimper');
    await record(producer.token, departure({ volume_m3: 3 }));
    await sendDueDigests(app, new Date(Date.now() + 20 * 60 * 1000));
    expect(api.smtp.messagesTo(receiver.email).filter((mail) => mail.subject.includes('en route'))).toHaveLength(1);
  });

  it('asks confirmation over the remaining volume, then flags the load', async () => {
    const bal = await balance();
    const big = Math.min(50, Math.ceil(bal.remainingVolumeM3 + 5));
    const over = await record(producer.token, departure({ volume_m3: big }));
    expect(over.status).toBe(409);
    expect(over.body.type).toBe(PROBLEM_TYPES.overRemainingVolume);
    const confirmed = await record(producer.token, departure({ volume_m3: big, confirm_over_remaining: true }));
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.overRemaining).toBe(true);
    expect((await balance()).flaggedLoadCount).toBe(1);
    const flagged = await api.request('GET', '/transfers?discrepancy=true&page=1&page_size=100', { token: admin });
    expect(flagged.body.map((row: { id: string }) => row.id)).toContain(transferId);
  });
});

describe('closing', () => {
  it('is refused while loads are in transit, then makes the match DONE with the loads totals', async () => {
    const inTransit = await api.request('POST', `/transfers/${transferId}/close`, { token: admin });
    expect(inTransit.status).toBe(409);
    expect(inTransit.body.type).toBe(PROBLEM_TYPES.loadsInTransit);
    expect((await api.request('POST', `/transfers/${transferId}/close`, { token: producer.token })).status).toBe(403);
    expect((await api.request('POST', `/transfers/${transferId}/close`, { token: stranger.token })).status).toBe(403);
    // Settle every load still on its way: accept all but one, cancelled by the CUT side.
    const loads = await api.request('GET', `/transfers/${transferId}/loads?status=IN_TRANSIT&page=1&page_size=100`, { token: admin });
    expectMatches('GET', '/transfers/{id}/loads', loads);
    const [toCancel, ...toAccept] = loads.body as { id: string }[];
    const cancelled = await api.request('POST', `/loads/${toCancel!.id}/cancel`, { token: producerEmployee, body: { reason: 'Camion reparti vide' } });
    expect(cancelled.status).toBe(200);
    expectMatches('POST', '/loads/{id}/cancel', cancelled);
    expect((await api.request('POST', `/loads/${toCancel!.id}/cancel`, { token: receiver.token, body: { reason: 'x' } })).status).toBe(403);
    for (const load of toAccept) {
      expect((await api.request('POST', `/loads/${load.id}/reception`, { token: receiver.token, body: reception('ACCEPTED') })).status).toBe(200);
    }
    const bal = await balance();
    expect(bal.inTransitCount).toBe(0);
    expect((await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 10 } })).status).toBe(409);
    const closed = await api.request('POST', `/transfers/${transferId}/close`, { token: admin });
    expect(closed.status).toBe(200);
    expectMatches('POST', '/transfers/{id}/close', closed);
    expect(closed.body).toMatchObject({ status: 'CLOSED', matchStatus: 'DONE' });
    const match = await api.request('GET', `/matches/${matchId}`, { token: admin });
    expect(match.body).toMatchObject({ status: 'DONE', doneSource: 'PLATFORM_TRANSFER', transferId });
    expect(match.body.movedVolumeM3).toBeCloseTo(bal.receivedVolumeM3, 3);
    expect(match.body.transferDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(match.body.transferEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The transfers done, all together (the console's summary), and the matches a page at a time.
    const savings = await api.request('GET', '/matches/savings', { token: admin });
    expect(savings.status).toBe(200);
    expectMatches('GET', '/matches/savings', savings);
    expect(savings.body.matches).toBeGreaterThanOrEqual(1);
    expect(savings.body.volumeM3).toBeGreaterThanOrEqual(Math.round(match.body.savings.volumeM3 * 10) / 10);
    expect(savings.body.disposalDistanceKm).toBe(match.body.savings.disposalDistanceKm);
    for (const token of [producer.token, receiverEmployee]) expect((await api.request('GET', '/matches/savings', { token })).status).toBe(403);
    const page = await api.request('GET', `/matches?inquiry_id=${cutId}&status=DONE&page=1&page_size=1`, { token: admin });
    expectMatches('GET', '/matches', page);
    expect(page.body.map((row: { id: string }) => row.id)).toEqual([matchId]);
    expect(page.headers.get('x-total-count')).toBe('1');
    expect((await api.request('GET', '/matches?page=2&page_size=100', { token: admin })).headers.get('x-total-count')).toMatch(/^\d+$/);
    // Closed: nothing moves any more, every side reads the same totals.
    expect((await record(producer.token, departure())).status).toBe(409);
    const seen = await Promise.all([producer.token, receiver.token, admin].map((token) => api.request('GET', `/transfers/${transferId}`, { token })));
    for (const res of seen) expect(res.body.balance).toEqual(seen[0]!.body.balance);
  });

  it('keeps the typed DONE for a transfer run outside the platform', async () => {
    const cut = await validatedListing(api, producer, { type: 'CUT', name: 'Déblais de Pont-l’Abbé', latitude: 47.866, longitude: -4.222, quantity: 300 });
    const fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Remblai de Loctudy', latitude: 47.833, longitude: -4.17, quantity: 200 });
    const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
    const done = await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 180 } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'DONE', doneSource: 'OUTSIDE_PLATFORM', movedVolumeM3: 180 });
    const transfer = await api.request('GET', `/transfers/${done.body.transferId}`, { token: admin });
    expect(transfer.body.status).toBe('CLOSED');
  });

  it('answers nothing to an archived organisation', async () => {
    const archived = await api.request('DELETE', `/organizations/${receiver.organizationId}/archive`, { token: admin });
    expect(archived.status).toBe(204);
    for (const path of [`/transfers/${transferId}`, '/transfers', `/transfers/${transferId}/loads`]) {
      const res = await api.request('GET', path, { token: receiverEmployee });
      expect(res.status).toBe(403);
      expect(res.body.type).toBe(PROBLEM_TYPES.organizationArchived);
    }
  });
});
