// Soil quality on material lines and a FILL listing's acceptance (issue 11), over HTTP.
import { matchingMessages, messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, completeListingFields, createOwner, SAMPLE_FILES, uploadDocument, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let owner: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest();
  owner = await createOwner(api, { credits: 200 });
});

afterAll(async () => {
  await api?.close();
});

const line = { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 500, price: 8 };

describe('material lines carry a quality class and a waste code', () => {
  it('stores and answers them, the code in the register spelling, and UNKNOWN for a line without class', async () => {
    const created = await api.request('POST', '/inquiries', {
      token: owner.token,
      body: {
        type: 'CUT',
        ...completeListingFields({
          materials: [{ ...line, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '170504' }, { ...line, ground_composition: 'Qualité moyenne' }],
        }),
      },
    });
    expect(created.status).toBe(201);
    expectResponseMatches('POST', '/inquiries', created.status, created.body);
    expect(created.body.materials).toEqual([
      expect.objectContaining({ qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' }),
      expect.objectContaining({ qualityClass: 'UNKNOWN', wasteCode: null }),
    ]);
    expect(created.body).toMatchObject({ receivingUse: null, acceptedQualityClasses: [], acceptedWasteCodes: [] });
    const read = await api.request('GET', `/inquiries/${created.body.id}`, { token: owner.token });
    expect(read.body.materials[0]).toMatchObject({ qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' });
  });

  it('refuses an unknown code and a hazardous code on natural inert soil, per line, changing nothing', async () => {
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Qualité refusée' } });
    const id = created.body.id as string;
    const unknown = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { materials: [{ ...line, waste_code: '17 01 01' }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe(matchingMessages.wasteCodeInvalid);
    expect(Object.values(unknown.body.errors)).toContain(matchingMessages.wasteCodeInvalid);
    const hazardous = await api.request('PUT', `/inquiries/${id}`, {
      token: owner.token,
      body: { materials: [{ ...line, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 03*' }] },
    });
    expect(hazardous.status).toBe(422);
    expect(hazardous.body.detail).toBe(matchingMessages.hazardousNotInert);
    // POP declared on soil classed « inerte du fond géochimique naturel » (issue 19).
    const pop = await api.request('PUT', `/inquiries/${id}`, {
      token: owner.token,
      body: { materials: [{ ...line, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04', pop: 'PRESENT' }] },
    });
    expect(pop.status).toBe(422);
    expect(pop.body.detail).toBe(matchingMessages.popNotInert);
    expect(pop.body.errors).toEqual({ 'materials.0.pop': matchingMessages.popNotInert });
    const read = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(read.body.materials).toEqual([]);
  });
});

describe('material lines carry a POP declaration (issue 19)', () => {
  it('stores and answers it, UNKNOWN for a line without one, and refuses another value in French naming the field, changing nothing', async () => {
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'POP déclarés' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const saved = await api.request('PUT', `/inquiries/${id}`, {
      token: owner.token,
      body: { materials: [{ ...line, pop: 'ABSENT' }, { ...line, ground_composition: 'Qualité moyenne', pop: 'PRESENT' }, { ...line, quantity: 20 }] },
    });
    expect(saved.status).toBe(200);
    expectResponseMatches('PUT', '/inquiries/{id}', saved.status, saved.body);
    expect(saved.body.materials.map((m: { pop: string }) => m.pop)).toEqual(['ABSENT', 'PRESENT', 'UNKNOWN']);
    const read = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(read.body.materials.map((m: { pop: string }) => m.pop)).toEqual(['ABSENT', 'PRESENT', 'UNKNOWN']);

    for (const bad of ['OUI', true, 'absent']) {
      const refused = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { materials: [{ ...line, pop: bad }] } });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toBe(matchingMessages.popInvalid);
      expect(refused.body.detail).toContain('Présence de POP');
      expect(refused.body.errors).toEqual({ 'materials.0.pop': matchingMessages.popInvalid });
    }
    const after = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(after.body.materials.map((m: { pop: string }) => m.pop)).toEqual(['ABSENT', 'PRESENT', 'UNKNOWN']);
    // Another organisation does not see it; anonymous is refused.
    const stranger = await createOwner(api, { credits: 0 });
    expect((await api.request('PUT', `/inquiries/${id}`, { token: stranger.token, body: { materials: [{ ...line, pop: 'ABSENT' }] } })).status).toBe(404);
    expect((await api.request('PUT', `/inquiries/${id}`, { body: { materials: [{ ...line, pop: 'ABSENT' }] } })).status).toBe(401);
  });
});

describe("a FILL listing's acceptance", () => {
  it('is stored with the listing and answered, codes normalised and duplicates removed', async () => {
    const created = await api.request('POST', '/inquiries', {
      token: owner.token,
      body: {
        type: 'FILL',
        project_name: 'Parc des Collines',
        receiving_use: 'COVERED_GREEN_SPACE',
        accepted_quality_classes: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'SUITED_TO_USES'],
        accepted_waste_codes: ['17 05 04', '200202'],
      },
    });
    expect(created.status).toBe(201);
    expectResponseMatches('POST', '/inquiries', created.status, created.body);
    expect(created.body).toMatchObject({
      receivingUse: 'COVERED_GREEN_SPACE',
      acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'],
      acceptedWasteCodes: ['17 05 04', '20 02 02'],
    });
    const cleared = await api.request('PUT', `/inquiries/${created.body.id}`, { token: owner.token, body: { receiving_use: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.receivingUse).toBeNull();
  });

  it('refuses classes the use does not admit and hazardous codes for an inert-only site, changing nothing', async () => {
    const created = await api.request('POST', '/inquiries', {
      token: owner.token,
      body: { type: 'FILL', project_name: 'Jardins partagés', receiving_use: 'FOOD_GROWING', accepted_quality_classes: ['INERT_NATURAL_BACKGROUND'], accepted_waste_codes: ['17 05 04'] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const wrongClass = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { accepted_quality_classes: ['SUITED_TO_USES'] } });
    expect(wrongClass.status).toBe(422);
    expect(wrongClass.body.errors).toEqual({ accepted_quality_classes: matchingMessages.classNotAllowedForUse });
    const hazardous = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { accepted_waste_codes: ['17 05 03*'] } });
    expect(hazardous.status).toBe(422);
    expect(hazardous.body.errors).toEqual({ accepted_waste_codes: matchingMessages.hazardousNotForInertReceiver });
    const badUse = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { receiving_use: 'PARKING' } });
    expect(badUse.status).toBe(422);
    expect(badUse.body.detail).toBe(matchingMessages.receivingUseRequired);
    const read = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(read.body).toMatchObject({ receivingUse: 'FOOD_GROWING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'], acceptedWasteCodes: ['17 05 04'] });
  });

  it('is refused on a CUT listing', async () => {
    const created = await api.request('POST', '/inquiries', {
      token: owner.token,
      body: { type: 'CUT', project_name: 'Déblais', receiving_use: 'ROAD_WORKS' },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ receiving_use: matchingMessages.acceptanceOnlyForFill });
  });
});

describe('generated document kinds', () => {
  it('cannot be uploaded, by an advertiser or an admin', async () => {
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Dépôt' } });
    for (const token of [owner.token, await adminToken(api)]) {
      const uploaded = await uploadDocument(api, token, created.body.id, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'PRE_CONTRACT' });
      expect(uploaded.status).toBe(422);
      expect(uploaded.body.detail).toBe(messages.documentKindInvalid);
    }
  });
});

describe('submission requires the soil quality', () => {
  it("refuses a CUT line without class or code and a FILL without acceptance, naming the field, then takes them", async () => {
    const { createCompleteDraft } = await import('../../../test/helpers/fixtures.js');
    const cut = await createCompleteDraft(api, owner.token, { materials: [{ ...line, quantity: 300 }] });
    const refused = await api.request('PUT', `/inquiries/${cut}`, { token: owner.token, body: { status: 'PENDING_VALIDATION' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ 'materials.0.quality_class': matchingMessages.qualityClassKnownRequired });
    const fixed = await api.request('PUT', `/inquiries/${cut}`, {
      token: owner.token,
      body: { materials: [{ ...line, quantity: 300, quality_class: 'SUITED_TO_USES', waste_code: '17 05 04' }], status: 'PENDING_VALIDATION' },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.status).toBe('PENDING_VALIDATION');

    const fill = await createCompleteDraft(api, owner.token, { type: 'FILL', receiving_use: null, accepted_quality_classes: [], accepted_waste_codes: [] });
    const noAcceptance = await api.request('PUT', `/inquiries/${fill}`, { token: owner.token, body: { status: 'PENDING_VALIDATION' } });
    expect(noAcceptance.status).toBe(422);
    expect(noAcceptance.body.errors).toMatchObject({ receiving_use: matchingMessages.receivingUseRequired });
  });
});
