// Test helpers of the transfers screens: one transfer of the test organisation (CUT side), its
// carriers and loads, served by MSW; each request the screens send is recorded.
import type { Carrier, Load, LoadVersion, Transfer, TransferSummary } from '@terres/api-client';
import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { transferBalance } from '@terres/domain';
import { http, HttpResponse } from 'msw';
import { ORGANIZATION_ID, organization } from '../../../test/fixtures';
import { server } from '../../../test/server';

export const TRANSFER_ID = '7f000000-0000-4000-8000-000000000001';
const FILL_ORG = '7a7a7a7a-0000-4000-8000-000000000002';

export function makeCarrier(overrides: Partial<Carrier> = {}): Carrier {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    organizationId: ORGANIZATION_ID,
    countryCode: 'FR',
    siret: '73282932000074',
    identifier: null,
    name: 'Transports Kuntz',
    street: '3 rue des Vosges',
    postcode: '68100',
    city: 'Mulhouse',
    transportMode: 'ROAD',
    receiptNumber: '2024-TR-118',
    receiptDepartment: '68',
    receiptValidUntil: '2030-12-31',
    exemption: null,
    archived: false,
    archivedAt: null,
    usable: true,
    unusableReason: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    updatedAt: '2026-10-01T08:00:00.000Z',
    ...overrides,
  };
}

export const kuntz = makeCarrier();
export const rhin = makeCarrier({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Rhin Bennes', siret: '55208131766522', receiptNumber: '2023-77' });
export const expired = makeCarrier({
  id: 'c0000000-0000-4000-8000-000000000003',
  name: 'Vieux Camions SARL',
  receiptValidUntil: '2025-06-30',
  usable: false,
  unusableReason: 'Le récépissé du transporteur « Vieux Camions SARL » a expiré le 30/06/2025 : mettez-le à jour avant d’enregistrer un chargement.',
});

export function makeTransfer(overrides: Partial<Transfer> = {}, balance: Partial<Transfer['balance']> = {}): Transfer {
  return {
    id: TRANSFER_ID,
    matchId: 'ab000000-0000-4000-8000-000000000001',
    matchStatus: 'ACCEPTED',
    status: 'OPEN',
    expectedVolumeM3: 1200,
    wasteCodes: ['17 05 04'],
    cut: {
      side: 'CUT',
      inquiryId: 'aaaaaaaa-0000-4000-8000-000000000101',
      projectName: 'Écoquartier Rive Droite',
      organizationId: ORGANIZATION_ID,
      organizationName: organization.name,
      contactName: 'Camille Muller',
      contactEmail: 'camille.muller@terrassements-alsace.fr',
      contactPhone: '06 12 34 56 78',
      siteAddress: 'Rue de Thann 68200 Mulhouse',
      latitude: 47.74,
      longitude: 7.31,
    },
    fill: {
      side: 'FILL',
      inquiryId: 'aaaaaaaa-0000-4000-8000-000000000102',
      projectName: 'Plateforme logistique Ottmarsheim',
      organizationId: FILL_ORG,
      organizationName: 'Remblais du Rhin SAS',
      contactName: 'Paul Weber',
      contactEmail: 'paul.weber@remblais-rhin.fr',
      contactPhone: '06 98 76 54 32',
      siteAddress: 'Zone portuaire 68490 Ottmarsheim',
      latitude: 47.78,
      longitude: 7.5,
    },
    viewerSide: 'CUT',
    // The domain's balance of a transfer with no load yet (what the API answers then), overridden per test.
    balance: {
      ...transferBalance(overrides.expectedVolumeM3 ?? 1200, []),
      ...balance,
    },
    documents: [],
    missingContractFacts: [],
    firstDepartureAt: null,
    lastDepartureAt: null,
    lastReceptionAt: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    closedAt: null,
    closedBy: null,
    ...overrides,
  };
}

export function makeLoad(overrides: Partial<Load> = {}): Load {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    transferId: TRANSFER_ID,
    number: 'BT-2026-000101',
    status: 'IN_TRANSIT',
    version: 1,
    overRemaining: false,
    departedAt: '2026-11-26T07:42:00.000Z',
    carrier: {
      id: kuntz.id,
      name: kuntz.name,
      countryCode: 'FR',
      siret: kuntz.siret,
      identifier: null,
      transportMode: 'ROAD',
      receiptNumber: kuntz.receiptNumber,
      receiptDepartment: '68',
      receiptValidUntil: '2030-12-31',
      exemption: null,
    },
    vehiclePlate: 'AB-123-CD',
    wasteCode: '17 05 04',
    volumeM3: 14,
    weightTonnes: null,
    weighbridgeTicket: null,
    receivedAt: null,
    outcome: null,
    refusalReason: null,
    receivedVolumeM3: null,
    receivedWeightTonnes: null,
    cancelledAt: null,
    cancelReason: null,
    createdBy: null,
    createdAt: '2026-11-26T07:42:00.000Z',
    updatedAt: '2026-11-26T07:42:00.000Z',
    availableActions: [],
    ...overrides,
  };
}

export function makeSummary(transfer: Transfer): TransferSummary {
  const { balance } = transfer;
  return {
    id: transfer.id,
    matchId: transfer.matchId,
    matchStatus: transfer.matchStatus,
    status: transfer.status,
    expectedVolumeM3: transfer.expectedVolumeM3,
    cut: { inquiryId: transfer.cut.inquiryId, projectName: transfer.cut.projectName, organizationId: transfer.cut.organizationId, organizationName: transfer.cut.organizationName },
    fill: { inquiryId: transfer.fill.inquiryId, projectName: transfer.fill.projectName, organizationId: transfer.fill.organizationId, organizationName: transfer.fill.organizationName },
    viewerSide: transfer.viewerSide,
    loadCount: balance.loadCount,
    inTransitCount: balance.inTransitCount,
    refusedCount: balance.refusedCount,
    flaggedLoadCount: balance.flaggedLoadCount,
    departedVolumeM3: balance.departedVolumeM3,
    receivedVolumeM3: balance.receivedVolumeM3,
    refusedVolumeM3: balance.refusedVolumeM3,
    inTransitVolumeM3: balance.inTransitVolumeM3,
    remainingVolumeM3: balance.remainingVolumeM3,
    discrepancy: balance.refusedCount > 0 || balance.flaggedLoadCount > 0,
    firstDepartureAt: transfer.firstDepartureAt,
    lastDepartureAt: transfer.lastDepartureAt,
    createdAt: transfer.createdAt,
    closedAt: transfer.closedAt,
  };
}

export interface SentRequest {
  method: string;
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}

/** Serves the transfer, its carriers and loads; POSTs answer a load and are recorded in order. */
export function serveTransfer(transfer: Transfer, options: { carriers?: Carrier[]; loads?: Load[]; history?: LoadVersion[] } = {}) {
  const sent: SentRequest[] = [];
  let counter = 200;
  const loads = [...(options.loads ?? [])];
  const totalHeaders = () => ({ 'X-Total-Count': String(loads.length) });
  server.use(
    getGetMyOrganizationMockHandler(organization),
    http.get('*/transfers', () => HttpResponse.json([makeSummary(transfer)], { headers: { 'X-Total-Count': '1' } })),
    http.get('*/transfers/:id', () => HttpResponse.json(transfer)),
    http.get('*/transfers/:id/loads', () => HttpResponse.json(loads, { headers: totalHeaders() })),
    http.get('*/organizations/:id/carriers', () => HttpResponse.json(options.carriers ?? [kuntz, rhin, expired], { headers: { 'X-Total-Count': '3' } })),
    http.get('*/loads/:id', ({ params }) => HttpResponse.json(loads.find((load) => load.id === params.id) ?? makeLoad({ id: String(params.id) }))),
    http.post('*/transfers/:id/loads', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const key = request.headers.get('Idempotency-Key');
      sent.push({ method: 'POST', path: new URL(request.url).pathname, key, body });
      counter += 1;
      const load = makeLoad({ id: crypto.randomUUID(), number: `BT-2026-000${counter}`, vehiclePlate: String(body.vehicle_plate), volumeM3: Number(body.volume_m3) });
      loads.unshift(load);
      return HttpResponse.json(load, { status: 201 });
    }),
    http.get('*/loads/:id/history', () => HttpResponse.json(options.history ?? [])),
    http.put('*/loads/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, key: null, body });
      const before = loads.find((load) => load.id === params.id) ?? makeLoad({ id: String(params.id) });
      const after = { ...before, version: before.version + 1, vehiclePlate: String(body.vehicle_plate), volumeM3: Number(body.volume_m3) };
      loads.splice(loads.indexOf(before), loads.includes(before) ? 1 : 0, after);
      return HttpResponse.json(after);
    }),
    http.post('*/loads/:id/cancel', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'POST', path: new URL(request.url).pathname, key: null, body });
      const before = loads.find((load) => load.id === params.id) ?? makeLoad({ id: String(params.id) });
      const after: Load = { ...before, status: 'CANCELLED', cancelReason: String(body.reason), cancelledAt: '2026-11-27T09:00:00.000Z', availableActions: [] };
      loads.splice(loads.indexOf(before), loads.includes(before) ? 1 : 0, after);
      return HttpResponse.json(after);
    }),
    http.put('*/loads/:id/ticket', async ({ request, params }) => {
      const form = await request.formData();
      const file = form.get('file');
      const name = file instanceof File ? file.name : '';
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, key: null, body: { file: name, size: file instanceof File ? file.size : 0 } });
      const before = loads.find((load) => load.id === params.id) ?? makeLoad({ id: String(params.id) });
      return HttpResponse.json({ ...before, ticketFile: { fileName: name, mimeType: 'image/jpeg', size: 10, uploadedAt: '2026-11-27T09:00:00.000Z' } });
    }),
    http.post('*/loads/:id/reception', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'POST', path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key'), body });
      return HttpResponse.json(makeLoad({ id: String(params.id), status: body.outcome === 'REFUSED' ? 'REFUSED' : 'ACCEPTED' }));
    }),
  );
  return sent;
}
