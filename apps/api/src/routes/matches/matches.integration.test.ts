// Matching over HTTP (issue 11): a listing's compatible sites for admins and for its own
// organisation (and nothing for another), alerts at validation, proposals and their statuses.
// The sites are around Ajaccio, where no other test file puts any.
import { DEFAULT_MATCHING_CONFIG, matchingMessages } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, chooseNotificationModes, createEmployee, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { explainPrefilter, validatedListing } from '../../../test/helpers/matching.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';
import { inquiries } from '../../db/schema.js';
import { inquiryColumns } from '../../services/inquiries.js';
import { candidatesQuery, toMatchListing } from '../../services/matching.js';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let receiver: OwnerFixture;
let stranger: OwnerFixture;
let fill: string;
let farFill: string;
let laterFill: string;
let cut: string;

const AJACCIO = { latitude: 41.9192, longitude: 8.7386 };
const PORTICCIO = { latitude: 41.8916, longitude: 8.8076 };
const BASTIA = { latitude: 42.6977, longitude: 9.4508 };

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements Corses', credits: 500 });
  receiver = await createOwner(api, { name: 'Aménagements du Golfe', credits: 500 });
  stranger = await createOwner(api, { name: 'Autre Organisation', credits: 100 });
  // Matching news read as it happens (by default it waits for the daily summary).
  for (const token of [producer.token, receiver.token, await adminToken(api)]) await chooseNotificationModes(api, token, { MATCH: 'IMMEDIATE' });
  // Earlier FILL listings: one near, one too far, one whose period starts after the CUT's ends.
  fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Parc de Porticcio', ...PORTICCIO, quantity: 600 });
  farFill = await validatedListing(api, receiver, { type: 'FILL', name: 'Port de Bastia', ...BASTIA });
  laterFill = await validatedListing(api, receiver, { type: 'FILL', name: 'Lotissement tardif', ...PORTICCIO, start: 200, end: 300 });
  cut = await validatedListing(api, producer, { type: 'CUT', name: 'Terrassement Ajaccio', ...AJACCIO, quantity: 1000 });
});

afterAll(async () => {
  await api?.close();
});

describe('GET /inquiries/{id}/matches', () => {
  it('gives an admin the ranked compatible sites with who they are and every figure', async () => {
    const res = await api.request('GET', `/inquiries/${cut}/matches`, { token: admin });
    expect(res.status).toBe(200);
    expectResponseMatches('GET', '/inquiries/{id}/matches', 200, res.body);
    expect(res.body.total).toBe(1);
    const [best] = res.body.items;
    expect(best.counterpart).toMatchObject({ id: fill, type: 'FILL', projectName: 'Parc de Porticcio', organizationName: 'Aménagements du Golfe', latitude: PORTICCIO.latitude });
    // 6.4 km as the crow flies, × 1.3 by road; 600 m³ of the 1 000 placed.
    expect(best.distance.greatCircleKm).toBeCloseTo(6.4, 0);
    expect(best.distance.roadKm).toBeCloseTo(best.distance.greatCircleKm * 1.3, 0);
    expect(best.volume).toMatchObject({ matchedM3: 600, cutAvailableM3: 1000, fillNeededM3: 600, fillCoverage: 1, cutCoverage: 0.6 });
    // 600 × 1.7 t = 1 020 t: 51 trips of 20 t; CO2e saved = 600 × (50 − road km) × 0.17.
    expect(best.transport.trips).toBe(51);
    expect(best.co2.savedKg).toBeCloseTo(600 * (50 - best.distance.roadKm) * 0.17, -1);
    expect(best.quality).toEqual({ toVerify: false, qualityClasses: ['INERT_NATURAL_BACKGROUND'], wasteCodes: ['17 05 04'] });
    expect(best.priceBalance).toMatchObject({ cutPricePerM3: 8, fillPricePerM3: 2 });
    expect(best.proposal).toBeNull();
    expect(res.body.settings).toEqual({ radiusKm: 50, detourFactor: 1.3, truckPayloadTonnes: 20, soilDensityTonnesPerM3: 1.7, co2KgPerM3Km: 0.17, disposalDistanceKm: 50 });
    // From the FILL's side the same pair, with the same score.
    const fromFill = await api.request('GET', `/inquiries/${fill}/matches`, { token: admin });
    expect(fromFill.body.items.map((item: { counterpart: { id: string } }) => item.counterpart.id)).toEqual([cut]);
    expect(fromFill.body.items[0].score).toBe(best.score);
    expect((await api.request('GET', `/inquiries/${farFill}/matches`, { token: admin })).body.total).toBe(0);
    expect((await api.request('GET', `/inquiries/${laterFill}/matches`, { token: admin })).body.total).toBe(0);
  });

  it("gives the listing's organisation the count and coarse figures, never the other party", async () => {
    const employee = await createEmployee(api, producer);
    for (const token of [producer.token, employee.token]) {
      const res = await api.request('GET', `/inquiries/${cut}/matches`, { token });
      expect(res.status).toBe(200);
      expectResponseMatches('GET', '/inquiries/{id}/matches', 200, res.body);
      expect(res.body.total).toBe(1);
      expect(res.body.items).toEqual([]);
      expect(Object.keys(res.body.sites[0]).sort()).toEqual(['co2SavedKg', 'matchedM3', 'overlap', 'quality', 'roadKm', 'trips', 'truckKmSaved']);
      expect(res.body.sites[0].matchedM3).toBe(600);
      expect(JSON.stringify(res.body)).not.toContain(fill);
      expect(JSON.stringify(res.body)).not.toContain('Golfe');
    }
  });

  it('is a 404 for another organisation, and a 401 without a token', async () => {
    const foreign = await api.request('GET', `/inquiries/${cut}/matches`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Erreur : annonce introuvable.');
    expect((await api.request('GET', `/inquiries/${cut}/matches`)).status).toBe(401);
  });

  it('refuses a bad limit in French', async () => {
    const res = await api.request('GET', `/inquiries/${cut}/matches?limit=0`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(matchingMessages.matchesLimit);
  });

  it('has nothing for a listing not yet validated (advertiser)', async () => {
    const draft = await api.request('POST', '/inquiries', { token: producer.token, body: { type: 'CUT', project_name: 'Brouillon corse' } });
    const res = await api.request('GET', `/inquiries/${draft.body.id}/matches`, { token: producer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 0, items: [], sites: [] });
  });
});

describe('the prefilter under row-level security', () => {
  it('keeps the radius box and the period inside the index scan (leakproof comparisons), not in a filter after the policy', async () => {
    const db = api.database.db;
    const [row] = await db.select(inquiryColumns).from(inquiries).where(eq(inquiries.id, cut));
    const query = candidatesQuery(db, toMatchListing(row!), DEFAULT_MATCHING_CONFIG)!;
    const lines = await explainPrefilter(db, query);
    // The connection runs as the runtime role under a scope: the policy's condition is there.
    expect(lines.join('\n')).toContain("current_setting('app.all'");
    const indexCond = lines.find((line) => line.includes('Index Cond'));
    expect(lines.join('\n')).toContain('inquiries_match_fill_idx');
    for (const column of ['match_band', 'site_latitude', 'site_longitude', 'start_date', 'end_date']) expect(indexCond, column).toContain(column);
  });
});

describe('alerts at validation', () => {
  it("mail the admins the best matches, the organisation the count, and earlier compatible listings' owners once a day", async () => {
    const adminMail = await api.smtp.waitForMessage(api.adminEmail, (m) => m.subject.includes('Terrassement Ajaccio'));
    expect(adminMail.subject).toBe('1 site compatible pour « Terrassement Ajaccio »');
    expect(adminMail.text).toContain('« Parc de Porticcio » (Aménagements du Golfe)');
    expect(adminMail.text).toContain(`/admin/inquiry/details/${cut}/management`);
    const ownMail = await api.smtp.waitForMessage(producer.email, (m) => m.subject.includes('Terrassement Ajaccio') && m.subject.includes('compatible'));
    expect(ownMail.text).toContain('1 site compatible avec votre annonce de déblai');
    expect(ownMail.text).not.toContain('Golfe');
    const earlier = await api.smtp.waitForMessage(receiver.email, (m) => m.subject === 'Un nouveau site compatible pour « Parc de Porticcio »');
    expect(earlier.text).toContain('600');
    expect(earlier.text).not.toContain('Terrassements Corses');

    // A second compatible CUT the same day: its own alerts go, the FILL's owners are not mailed again.
    const before = api.smtp.messagesTo(receiver.email).filter((m) => m.subject.startsWith('Un nouveau site compatible pour « Parc de Porticcio »')).length;
    const second = await validatedListing(api, producer, { type: 'CUT', name: 'Second terrassement', latitude: 41.93, longitude: 8.75 });
    await api.smtp.waitForMessage(api.adminEmail, (m) => m.subject.includes('Second terrassement'));
    const after = api.smtp.messagesTo(receiver.email).filter((m) => m.subject.startsWith('Un nouveau site compatible pour « Parc de Porticcio »')).length;
    expect(after).toBe(before);
    const { rows } = await api.database.db.execute<{ kind: string; compatible_count: number }>(
      sql`select kind, compatible_count from match_alerts where inquiry_id = ${second}`,
    );
    expect(rows).toEqual([{ kind: 'VALIDATED', compatible_count: 1 }]);
  });
});

describe('matches proposed by an admin', () => {
  let matchId: string;

  it('proposes a compatible pair once, with its figures', async () => {
    const res = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    expect(res.status).toBe(201);
    expectResponseMatches('POST', '/matches', 201, res.body);
    expect(res.body).toMatchObject({ status: 'PROPOSED', cutInquiryId: cut, fillInquiryId: fill, volumeM3: 600, movedVolumeM3: null, transferDate: null, savings: null });
    expect(res.body.cut).toMatchObject({ projectName: 'Terrassement Ajaccio', organizationName: 'Terrassements Corses' });
    matchId = res.body.id;
    const again = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(matchingMessages.matchPairOpen);
    const suggestions = await api.request('GET', `/inquiries/${cut}/matches`, { token: admin });
    expect(suggestions.body.items[0].proposal).toEqual({ id: matchId, status: 'PROPOSED' });
  });

  it('refuses an incompatible pair, a pair of the wrong types, unknown listings and non-admins', async () => {
    const far = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: farFill } });
    expect(far.status).toBe(409);
    expect(far.body.detail).toBe('Ces deux annonces ne sont pas compatibles : Les sites sont au-delà du rayon de recherche.');
    const swapped = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: fill, fill_inquiry_id: cut } });
    expect(swapped.status).toBe(422);
    expect(swapped.body.detail).toBe(matchingMessages.matchPairInvalid);
    const unknown = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    const missing = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ fill_inquiry_id: matchingMessages.matchInquiryIdRequired });
    for (const token of [producer.token, receiver.token]) {
      expect((await api.request('POST', '/matches', { token, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } })).status).toBe(403);
      expect((await api.request('GET', `/matches?inquiry_id=${cut}`, { token })).status).toBe(403);
      expect((await api.request('GET', `/matches/${matchId}`, { token })).status).toBe(403);
      expect((await api.request('PUT', `/matches/${matchId}/status`, { token, body: { status: 'ACCEPTED' } })).status).toBe(403);
    }
  });

  it('moves proposed -> accepted -> done with the volume moved, and refuses the rest in French', async () => {
    const early = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 500 } });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Une mise en relation proposée ne peut pas devenir réalisée.');
    const accepted = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'ACCEPTED' } });
    expect(accepted.status).toBe(200);
    expectResponseMatches('PUT', '/matches/{id}/status', 200, accepted.body);
    expect(accepted.body.acceptedAt).not.toBeNull();
    const noVolume = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE' } });
    expect(noVolume.status).toBe(422);
    expect(noVolume.body.errors).toEqual({ moved_volume_m3: matchingMessages.movedVolumeRequired });
    const future = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 580, transfer_date: '2999-01-01' } });
    expect(future.status).toBe(422);
    const done = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 580 } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'DONE', movedVolumeM3: 580, savings: { volumeM3: 580, trips: 50, disposalDistanceKm: 50, co2KgPerM3Km: 0.17 } });
    expect(done.body.transferDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const twice = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 580 } });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('Cette mise en relation est déjà réalisée.');
    const listed = await api.request('GET', `/matches?inquiry_id=${fill}`, { token: admin });
    expect(listed.status).toBe(200);
    expectResponseMatches('GET', '/matches', 200, listed.body);
    expect(listed.body.map((m: { id: string }) => m.id)).toEqual([matchId]);
    // Once done, the pair may be proposed again (another transfer).
    const next = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    expect(next.status).toBe(201);
  });
});
