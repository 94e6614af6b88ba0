// GET /inquiries/{id}/history over real HTTP (issue 21, "The admins' day"): a listing's dated
// history read from the audit log, for admins only. Sites in the Cantal, where no other test
// file puts any.
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  adminToken,
  createCompleteDraft,
  createEmployee,
  createOwner,
  SAMPLE_FILES,
  uploadDocument,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { siteFields, validatedListing } from '../../../test/helpers/matching.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

const AURILLAC = { latitude: 44.9265, longitude: 2.4397 };
const ARPAJON = { latitude: 44.9036, longitude: 2.4569 };
const REASON = 'Le plan de situation ne correspond pas au site déclaré.';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let receiver: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements du Cantal', credits: 500 });
  receiver = await createOwner(api, { name: 'Remblais d’Arpajon', credits: 500 });
});

afterAll(async () => {
  await api?.close();
});

interface HistoryEvent {
  kind: string;
  at: string;
  actorName: string | null;
  actorRole: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  credits: number | null;
  documentKind: string | null;
  fileName: string | null;
  otherInquiryId: string | null;
  otherProjectName: string | null;
}

async function history(id: string): Promise<HistoryEvent[]> {
  const res = await api.request('GET', `/inquiries/${id}/history`, { token: admin });
  expect(res.status).toBe(200);
  expectResponseMatches('GET', '/inquiries/{id}/history', 200, res.body);
  return res.body as HistoryEvent[];
}

describe('GET /inquiries/{id}/history', () => {
  it('tells, newest first, who submitted, refused and why, validated with the credits debited, sent documents and proposed a match', async () => {
    const cut = await createCompleteDraft(api, producer.token, siteFields({ type: 'CUT', name: 'Déblais d’Aurillac', ...AURILLAC }));
    const submit = () => api.request('PUT', `/inquiries/${cut}`, { token: producer.token, body: { status: 'PENDING_VALIDATION' } });
    expect((await submit()).status).toBe(200);
    const refused = await api.request('PUT', `/inquiries/${cut}/status`, { token: admin, body: { status: 'REJECTED', reason: REASON } });
    expect(refused.status).toBe(200);
    expect((await submit()).status).toBe(200);
    const validated = await api.request('PUT', `/inquiries/${cut}/status`, { token: admin, body: { status: 'APPROVED' } });
    expect(validated.status).toBe(200);
    const sent = await uploadDocument(api, admin, cut, { name: 'etude.docx', bytes: SAMPLE_FILES['etude.docx']!, kind: 'SOIL_STUDY' });
    expect(sent.status).toBe(201);
    const fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Remblai d’Arpajon', ...ARPAJON, quantity: 100 });
    const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    expect(proposed.status).toBe(201);
    expect((await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } })).status).toBe(200);

    const events = await history(cut);
    expect(events.map((event) => [event.kind, event.toStatus])).toEqual([
      ['MATCH_STATUS_CHANGED', 'ACCEPTED'],
      ['MATCH_PROPOSED', 'PROPOSED'],
      ['DOCUMENT_SENT', null],
      ['STATUS_CHANGED', 'APPROVED'],
      ['SUBMITTED', null],
      ['STATUS_CHANGED', 'REJECTED'],
      ['SUBMITTED', null],
      // The permission document the complete draft carries.
      ['DOCUMENT_UPLOADED', null],
    ]);
    const [accepted, match, document, approval, , refusal, submission, permission] = events;
    // Dated, newest first.
    const times = events.map((event) => Date.parse(event.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(refusal).toMatchObject({ fromStatus: 'PENDING_VALIDATION', reason: REASON, actorRole: 'ADMIN', credits: null });
    expect(refusal!.actorName).toBeTruthy();
    // The listing's cost, debited at validation (none at the refusal).
    const cost = validated.body.cost as number;
    expect(cost).toBeGreaterThan(0);
    expect(approval).toMatchObject({ fromStatus: 'PENDING_VALIDATION', toStatus: 'APPROVED', credits: cost, reason: null, actorRole: 'ADMIN' });
    expect(submission).toMatchObject({ actorRole: 'OWNER', credits: cost });
    expect(document).toMatchObject({ documentKind: 'SOIL_STUDY', fileName: 'etude.docx', actorRole: 'ADMIN' });
    expect(permission).toMatchObject({ documentKind: 'PERMISSION', actorRole: 'OWNER' });
    expect(match).toMatchObject({ otherInquiryId: fill, otherProjectName: 'Remblai d’Arpajon', actorRole: 'ADMIN' });
    expect(accepted).toMatchObject({ fromStatus: 'PROPOSED', otherInquiryId: fill });

    // The other side of the pair sees the same match lines, naming this listing.
    const other = await history(fill);
    expect(other.filter((event) => event.kind.startsWith('MATCH_')).map((event) => event.otherProjectName)).toEqual(['Déblais d’Aurillac', 'Déblais d’Aurillac']);
  });

  it('is for admins: 403 to the listing’s own members, 404 to another organisation, 401 without a token, 404 for an unknown id', async () => {
    const own = await createCompleteDraft(api, producer.token, siteFields({ type: 'CUT', name: 'Brouillon du Cantal', ...AURILLAC }));
    const employee = await createEmployee(api, producer);
    for (const token of [producer.token, employee.token]) {
      const res = await api.request('GET', `/inquiries/${own}/history`, { token });
      expect(res.status).toBe(403);
      expectResponseMatches('GET', '/inquiries/{id}/history', 403, res.body);
    }
    const foreign = await api.request('GET', `/inquiries/${own}/history`, { token: receiver.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(messages.listingNotFound);
    expect((await api.request('GET', `/inquiries/${own}/history`)).status).toBe(401);
    expect((await api.request('GET', '/inquiries/00000000-0000-4000-8000-000000000000/history', { token: admin })).status).toBe(404);
    // A fresh draft has only its permission document.
    expect((await history(own)).map((event) => event.kind)).toEqual(['DOCUMENT_UPLOADED']);
  });
});
