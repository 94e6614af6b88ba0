// Round trips of the listing's fields over HTTP: what a POST or PUT sends under the wire names of
// the domain's fields table, the GET answers under its answer names, and the PDF shows.
import { LISTING_FIELD_KEYS, LISTING_FIELDS, maxLengthMessage } from '@terres/domain';
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

    const saved = await put('  Communauté d’agglomération\nMulhouse Alsace  ');
    expect(saved.status).toBe(200);
    expect(saved.body.projectOwnerCompanyName).toBe('Communauté d’agglomération Mulhouse Alsace');
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
