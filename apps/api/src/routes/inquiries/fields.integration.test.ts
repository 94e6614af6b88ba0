// Round trips of the listing's fields over HTTP: what a POST or PUT sends under the wire names of
// the domain's fields table, the GET answers under its answer names, and the PDF shows.
import { LISTING_FIELD_KEYS, LISTING_FIELDS, listingMessages, maxLengthMessage, messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { completeListingFields, createCompleteDraft, createOwner, pdfText } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;

beforeAll(async () => {
  api = await startApiForTest();
});

afterAll(async () => {
  await api?.close();
});

describe('a listing field goes and comes back under the table’s names', () => {
  it('answers every field a complete listing sends, as sent', async () => {
    const owner = await createOwner(api);
    const body = completeListingFields({ project_owner_company_name: 'Ville de Colmar' });
    const id = await createCompleteDraft(api, owner.token, body);
    const read = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expectResponseMatches('GET', '/inquiries/{id}', 200, read.body);
    for (const key of LISTING_FIELD_KEYS) {
      const sent = body[LISTING_FIELDS[key].wire];
      if (sent !== undefined && key !== 'materials') expect([key, read.body[key]]).toEqual([key, sent]);
    }
  });

  it('keeps the raison sociale of the maître d’ouvrage on one line, at most 200 characters, and clears it', async () => {
    const owner = await createOwner(api);
    const id = await createCompleteDraft(api, owner.token);
    const put = (value: unknown) => api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { project_owner_company_name: value } });

    const saved = await put('  Communauté d’agglomération Mulhouse Alsace  ');
    expect(saved.status).toBe(200);
    expect(saved.body.projectOwnerCompanyName).toBe('Communauté d’agglomération Mulhouse Alsace');
    // A line break is refused, not joined (issues 19, 20): nothing changes.
    const broken = await put('Communauté d’agglomération\nArticle 9 – IBAN');
    expect(broken.status).toBe(422);
    expect(broken.body.detail).toBe(messages.singleLine);
    const response = await fetch(`${api.url}/api/v1/inquiries/${id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Raison sociale');
    expect(text).toContain('Mulhouse Alsace');

    const long = await put('x'.repeat(201));
    expect(long.status).toBe(422);
    expect(long.body.detail).toBe(maxLengthMessage(200));
    expect((await put('')).body.projectOwnerCompanyName).toBeNull();
  });
});

describe('single-line texts refuse line breaks and control characters (issues 19, 20)', () => {
  it('answers a French 422 naming the field for each text field, and changes nothing', async () => {
    const owner = await createOwner(api);
    const id = await createCompleteDraft(api, owner.token);
    const before = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    const texts = LISTING_FIELD_KEYS.filter((key) => LISTING_FIELDS[key].kind === 'text' && key !== 'projectOwnerSiret' && key !== 'projectOwnerPostcode' && key !== 'sisIdentifier');
    expect(texts.length).toBeGreaterThanOrEqual(10);
    for (const key of texts) {
      const wire = LISTING_FIELDS[key].wire;
      for (const bad of ['Chantier Nord\n\nArticle 9 – IBAN FR76', 'Chantier\rNord', 'Chantier\u0007Nord', 'Chantier\u2028Nord']) {
        const res = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { [wire]: bad } });
        expect(res.status, `${wire} ${JSON.stringify(bad)}`).toBe(422);
        expect(res.body.detail).toBe(messages.singleLine);
        expect(res.body.errors?.[wire], wire).toBe(messages.singleLine);
      }
    }
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Chantier\nArticle 9' } });
    expect(created.status).toBe(422);
    expect(created.body.errors?.project_name).toBe(messages.singleLine);
    const after = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(after.body).toEqual(before.body);
  });

  it('keeps the contract facts as sent, and refuses a malformed SIS identifier or a permit day to come', async () => {
    const owner = await createOwner(api);
    const id = await createCompleteDraft(api, owner.token);
    const facts = {
      sis_identifier: '68sis06001',
      analysis_references: 'Eurofins, rapport 25-118204 du 12/03/2025',
      soil_preparer: 'Terrassements du Ried SAS',
      permit_reference: 'PC 068 224 25 00012',
      permit_date: '2025-03-01',
    };
    const saved = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: facts });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      sisIdentifier: '68SIS06001',
      analysisReferences: facts.analysis_references,
      soilPreparer: facts.soil_preparer,
      permitReference: facts.permit_reference,
      permitDate: '2025-03-01',
    });
    const badSis = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { sis_identifier: '68-SIS' } });
    expect(badSis.status).toBe(422);
    expect(badSis.body.errors?.sis_identifier).toBe(listingMessages.sisIdentifierInvalid);
    const future = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { permit_date: '2099-01-01' } });
    expect(future.status).toBe(422);
    expect(future.body.errors?.permit_date).toBe(listingMessages.permitDateFuture);
    const read = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(read.body.permitDate).toBe('2025-03-01');
    const response = await fetch(`${api.url}/api/v1/inquiries/${id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('68SIS06001');
    expect(text).toContain('PC 068 224 25 00012, du 01/03/2025');
  });
});
