// A weighed load's weighbridge ticket, as a photo or PDF, over HTTP (issue 18): the CUT side
// attaches it while the load is in transit, both parties and admins download it, a third
// organisation gets a 404, anonymous a 401; the FILL side and admins may not attach one; only a
// photo or a PDF whose bytes say so; never one of the listing's documents. JSON answers are
// checked against openapi.yaml. The sites are in the Hautes-Alpes, where no other test file puts any.
import { messages, transferMessages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createEmployee, createOwner, dayFromToday, SAMPLE_FILES, VALID_SIRETS, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { validatedListing } from '../../../test/helpers/matching.js';
import { startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let producerEmployee: string;
let receiver: OwnerFixture;
let receiverEmployee: string;
let stranger: OwnerFixture;
let cutListingId: string;
let transferId: string;
let carrierId: string;

const GAP = { latitude: 44.5594, longitude: 6.0786 };
const EMBRUN = { latitude: 44.5638, longitude: 6.4953 };
const JPEG = SAMPLE_FILES['photo.jpg']!;
const PDF = SAMPLE_FILES['permis.pdf']!;

function expectMatches(method: string, path: string, res: ApiResponse): void {
  expectResponseMatches(method, path, res.status, res.body, res.headers.get('content-type')?.split(';')[0]);
}

async function upload(token: string | null, loadId: string, file: { name: string; bytes: Uint8Array; type?: string }): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${api.url}/api/v1/loads/${loadId}/ticket`, {
    method: 'PUT',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  const res = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  expectMatches('PUT', '/loads/{id}/ticket', res);
  return res;
}

async function download(token: string | null, loadId: string) {
  const response = await fetch(`${api.url}/api/v1/loads/${loadId}/ticket`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
}

async function recordLoad(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api.request('POST', `/transfers/${transferId}/loads`, {
    token: producerEmployee,
    body: {
      departed_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      carrier_id: carrierId,
      vehicle_plate: 'GH-456-JK',
      waste_code: '17 05 04',
      volume_m3: 12,
      weight_tonnes: 21.4,
      weighbridge_ticket: 'PB-GAP-0042',
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements du Gapençais', credits: 500 });
  receiver = await createOwner(api, { name: 'Aménageur de l’Embrunais', credits: 500 });
  stranger = await createOwner(api, { name: 'Organisation tierce des Alpes', credits: 100 });
  producerEmployee = (await createEmployee(api, producer)).token;
  receiverEmployee = (await createEmployee(api, receiver)).token;
  cutListingId = await validatedListing(api, producer, { type: 'CUT', name: 'Déblais de Gap', ...GAP, quantity: 1000 });
  const fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Remblai d’Embrun', ...EMBRUN, quantity: 500 });
  const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cutListingId, fill_inquiry_id: fill } });
  expect(proposed.status).toBe(201);
  const accepted = await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
  expect(accepted.status).toBe(200);
  transferId = accepted.body.transferId;
  const carrier = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, {
    token: producer.token,
    body: {
      siret: VALID_SIRETS[1],
      name: 'Transports du Champsaur',
      street: '5 route de Briançon',
      postcode: '05000',
      city: 'Gap',
      receipt_number: '2025-05-0031',
      receipt_department: '05',
      receipt_valid_until: dayFromToday(365),
    },
  });
  expect(carrier.status).toBe(201);
  carrierId = carrier.body.id;
});

afterAll(async () => {
  await api?.close();
});

describe('PUT and GET /loads/{id}/ticket', () => {
  it('a CUT member attaches a photo; both parties and admins see and download it, a third organisation gets a 404, anonymous a 401', async () => {
    const loadId = await recordLoad();
    const before = await api.request('GET', `/loads/${loadId}`, { token: receiver.token });
    expect(before.status).toBe(200);
    expect(before.body.ticketFile).toBeNull();
    const none = await download(receiver.token, loadId);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.text).detail).toBe(transferMessages.loadTicketFileNotFound);

    const attached = await upload(producerEmployee, loadId, { name: 'ticket pesée.jpg', bytes: JPEG, type: 'image/jpeg' });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ id: loadId, status: 'IN_TRANSIT', ticketFile: { fileName: 'ticket pesée.jpg', mimeType: 'image/jpeg', size: JPEG.length } });

    for (const token of [producer.token, producerEmployee, receiver.token, receiverEmployee, admin]) {
      const load = await api.request('GET', `/loads/${loadId}`, { token });
      expect(load.status).toBe(200);
      expectMatches('GET', '/loads/{id}', load);
      expect(load.body.ticketFile).toMatchObject({ fileName: 'ticket pesée.jpg', mimeType: 'image/jpeg' });
      const file = await download(token, loadId);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''ticket%20pes%C3%A9e.jpg");
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect([...file.bytes]).toEqual([...JPEG]);
    }

    expect((await download(stranger.token, loadId)).status).toBe(404);
    expect((await api.request('GET', `/loads/${loadId}`, { token: stranger.token })).status).toBe(404);
    const foreign = await upload(stranger.token, loadId, { name: 'ticket.jpg', bytes: JPEG });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(transferMessages.loadNotFound);
    expect((await download(null, loadId)).status).toBe(401);
    expect((await upload(null, loadId, { name: 'ticket.jpg', bytes: JPEG })).status).toBe(401);
  });

  it('refuses the FILL side and admins (403), and a received load (409); the ticket shown does not change', async () => {
    const loadId = await recordLoad();
    expect((await upload(producer.token, loadId, { name: 'ticket.pdf', bytes: PDF })).status).toBe(200);
    const byFill = await upload(receiverEmployee, loadId, { name: 'autre.jpg', bytes: JPEG });
    expect(byFill.status).toBe(403);
    expect(byFill.body.detail).toBe(transferMessages.loadByCutMember);
    expect((await upload(admin, loadId, { name: 'autre.jpg', bytes: JPEG })).status).toBe(403);

    const received = await api.request('POST', `/loads/${loadId}/reception`, { token: receiver.token, body: { received_at: new Date().toISOString(), outcome: 'ACCEPTED' } });
    expect(received.status).toBe(200);
    const late = await upload(producer.token, loadId, { name: 'autre.jpg', bytes: JPEG });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(transferMessages.loadCorrectOnlyBeforeReception);
    const file = await download(receiver.token, loadId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.text.startsWith('%PDF')).toBe(true);
  });

  it('takes only a photo or a PDF whose bytes say so, and not an empty file; nothing is attached then', async () => {
    const loadId = await recordLoad();
    const sheet = await upload(producer.token, loadId, { name: 'releve.xlsx', bytes: SAMPLE_FILES['releve.xlsx']! });
    expect(sheet.status).toBe(415);
    expect(sheet.body.detail).toBe(transferMessages.loadTicketFileType);
    const renamed = await upload(producer.token, loadId, { name: 'ticket.jpg', bytes: PDF });
    expect(renamed.status).toBe(415);
    expect(renamed.body.detail).toBe(messages.fileType);
    const empty = await upload(producer.token, loadId, { name: 'ticket.jpg', bytes: new Uint8Array() });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toHaveProperty('file');
    const load = await api.request('GET', `/loads/${loadId}`, { token: producer.token });
    expect(load.body.ticketFile).toBeNull();
  });

  it('a new ticket replaces the one shown, and a ticket is never one of the listing’s documents', async () => {
    const loadId = await recordLoad();
    expect((await upload(producer.token, loadId, { name: 'flou.jpg', bytes: JPEG })).status).toBe(200);
    const again = await upload(producerEmployee, loadId, { name: 'net.pdf', bytes: PDF });
    expect(again.status).toBe(200);
    expect(again.body.ticketFile.fileName).toBe('net.pdf');
    expect((await download(receiver.token, loadId)).headers.get('content-type')).toBe('application/pdf');

    const listed = await api.request('GET', `/inquiries/${cutListingId}/documents`, { token: producer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((document: { fileName: string }) => document.fileName)).toEqual(['permis.pdf']);
    const transfer = await api.request('GET', `/transfers/${transferId}`, { token: producer.token });
    expect(transfer.body.documents.map((document: { fileName: string }) => document.fileName)).not.toContain('net.pdf');
  });
});
