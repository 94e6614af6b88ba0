// Issue 20: listings of an archived organisation stayed in matching (counts, admin suggestions,
// alerts) and POST /matches accepted them. They leave it at once, and come back if the
// organisation is restored (there is no restore operation: archiving is the admins' one-way
// move, and an operator restores by clearing `archived_at`). The sites are around Limoges,
// where no other test file puts any.
import { matchingMessages } from '@terres/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, chooseNotificationModes, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { validatedListing } from '../../../test/helpers/matching.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let kept: OwnerFixture;
let leaving: OwnerFixture;
let cut: string;
let keptFill: string;
let leavingFill: string;

const LIMOGES = { latitude: 45.8336, longitude: 1.2611 };
const COUZEIX = { latitude: 45.8742, longitude: 1.2386 };
const PANAZOL = { latitude: 45.839, longitude: 1.309 };
const ISLE = { latitude: 45.8027, longitude: 1.2199 };

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements Limousins', credits: 500 });
  kept = await createOwner(api, { name: 'Remblais de Couzeix', credits: 500 });
  leaving = await createOwner(api, { name: 'Remblais de Panazol', credits: 500 });
  // Matching news read as it happens (by default it waits for the daily summary).
  for (const token of [producer.token, kept.token, leaving.token, admin]) await chooseNotificationModes(api, token, { MATCH: 'IMMEDIATE' });
  keptFill = await validatedListing(api, kept, { type: 'FILL', name: 'Parc de Couzeix', ...COUZEIX, quantity: 400 });
  leavingFill = await validatedListing(api, leaving, { type: 'FILL', name: 'Stade de Panazol', ...PANAZOL, quantity: 400 });
  cut = await validatedListing(api, producer, { type: 'CUT', name: 'Terrassement de Limoges', ...LIMOGES, quantity: 1000 });
});

afterAll(async () => {
  await api?.close();
});

async function matchesOf(id: string, token: string): Promise<{ total: number; ids: (string | undefined)[] }> {
  const res = await api.request('GET', `/inquiries/${id}/matches`, { token });
  expect(res.status).toBe(200);
  expectResponseMatches('GET', '/inquiries/{id}/matches', 200, res.body);
  return { total: res.body.total, ids: res.body.items.map((item: { counterpart: { id: string } | null }) => item.counterpart?.id) };
}

async function restore(organizationId: string): Promise<void> {
  await api.database.db.execute(sql`update organizations set archived_at = null where id = ${organizationId}`);
}

describe('archived organisations leave matching at once (issue 20)', () => {
  it('counts, suggestions, proposals and alerts leave out an archived organisation, and take it back once restored', async () => {
    expect(await matchesOf(cut, admin)).toEqual({ total: 2, ids: expect.arrayContaining([keptFill, leavingFill]) });
    expect((await matchesOf(cut, producer.token)).total).toBe(2);

    // A proposal made before the archiving (the other pair, to be accepted later).
    const earlier = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: leavingFill } });
    expect(earlier.status).toBe(201);
    // Mailed when the CUT was validated, before the archiving (the leaving FILL was compatible then).
    await api.smtp.waitForMessage(leaving.email, (m) => m.subject === 'Un nouveau site compatible pour « Stade de Panazol »');
    const mailedBefore = api.smtp.messagesTo(leaving.email).length;
    const archived = await api.request('DELETE', `/organizations/${leaving.organizationId}/archive`, { token: admin });
    expect(archived.status).toBe(204);

    // Counts and suggestions, both sides.
    expect(await matchesOf(cut, admin)).toEqual({ total: 1, ids: [keptFill] });
    expect((await matchesOf(cut, producer.token)).total).toBe(1);
    expect((await matchesOf(leavingFill, admin)).total).toBe(0);
    expect((await matchesOf(keptFill, admin)).total).toBe(1);

    // A proposal with its listing is refused, nothing stored; the earlier one cannot be accepted.
    const other = await validatedListing(api, producer, { type: 'CUT', name: 'Second terrassement de Limoges', ...LIMOGES, quantity: 300 });
    const refused = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: other, fill_inquiry_id: leavingFill } });
    expect(refused.status).toBe(409);
    expectResponseMatches('POST', '/matches', 409, refused.body);
    expect(refused.body.detail).toBe(matchingMessages.matchOrganizationArchived);
    expect((await api.request('GET', `/matches?inquiry_id=${other}`, { token: admin })).body).toEqual([]);
    const accept = await api.request('PUT', `/matches/${earlier.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
    expect(accept.status).toBe(409);
    expectResponseMatches('PUT', '/matches/{id}/status', 409, accept.body);
    expect(accept.body.detail).toBe(matchingMessages.matchOrganizationArchived);
    expect((await api.request('GET', `/matches/${earlier.body.id}`, { token: admin })).body.status).toBe('PROPOSED');

    // Alerts of a later validation: the admins' best matches and the new listing's count omit
    // it, and its organisation's listing is not told of the new site.
    const later = await createOwner(api, { name: 'Déblais de l’Isle', credits: 500 });
    await chooseNotificationModes(api, later.token, { MATCH: 'IMMEDIATE' });
    await validatedListing(api, later, { type: 'CUT', name: "Terrassement d'Isle", ...ISLE, quantity: 500 });
    const adminMail = await api.smtp.waitForMessage(api.adminEmail, (m) => m.subject.includes("Terrassement d'Isle"));
    expect(adminMail.subject).toBe("1 site compatible pour « Terrassement d'Isle »");
    expect(adminMail.text).toContain('« Parc de Couzeix »');
    expect(adminMail.text).not.toContain('Stade de Panazol');
    const ownMail = await api.smtp.waitForMessage(later.email, (m) => m.subject.includes("Terrassement d'Isle") && m.subject.includes('compatible'));
    expect(ownMail.text).toContain('1 site compatible');
    await api.smtp.waitForMessage(kept.email, (m) => m.subject === 'Un nouveau site compatible pour « Parc de Couzeix »');
    expect(api.smtp.messagesTo(leaving.email).slice(mailedBefore)).toEqual([]);

    // Restored: back in matching with the next search, and a proposal passes.
    await restore(leaving.organizationId!);
    expect(await matchesOf(cut, admin)).toEqual({ total: 2, ids: expect.arrayContaining([keptFill, leavingFill]) });
    expect((await matchesOf(cut, producer.token)).total).toBe(2);
    expect((await matchesOf(leavingFill, admin)).total).toBe(3);
    const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: other, fill_inquiry_id: leavingFill } });
    expect(proposed.status).toBe(201);
    const accepted = await api.request('PUT', `/matches/${earlier.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
    expect(accepted.status).toBe(200);
  });
});
