// Bounded work per request (issue 12): listings hold at most MAX_MATERIAL_LINES material lines and
// MAX_PARCELS parcels, file names at most FILE_NAME_MAX_LENGTH characters, and each route has a
// body size limit (413 naming it). Every refusal is a French problem document and stores nothing.
import { randomUUID } from 'node:crypto';
import {
  bodyTooLargeMessage,
  FILE_NAME_MAX_LENGTH,
  JSON_BODY_LIMIT,
  LISTING_BODY_LIMIT,
  MAX_MATERIAL_LINES,
  MAX_PARCELS,
  messages,
  UPLOAD_BODY_LIMIT,
} from '@terres/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, inquiries } from '../db/schema.js';
import { tempDir } from '../../test/helpers/app.js';
import { createOwner, SAMPLE_FILES, uploadDocument, type OwnerFixture } from '../../test/helpers/fixtures.js';
import { largestListingFields, materialLines, parcelIds } from '../../test/helpers/largest-listing.js';
import { expectResponseMatches } from '../../test/helpers/openapi.js';
import { startApiForTest, type TestApi } from '../../test/helpers/session.js';

const dataDir = tempDir('bourse-limits-');
let api: TestApi;
let owner: OwnerFixture;
let draftId: string;

beforeAll(async () => {
  api = await startApiForTest({ DATA_DIR: dataDir.path });
  owner = await createOwner(api);
  const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Limites' } });
  expect(created.status).toBe(201);
  draftId = created.body.id;
});

afterAll(async () => {
  await api?.close();
  dataDir.remove();
});

const stored = (id: string) => api.database.db.select().from(inquiries).where(eq(inquiries.id, id)).then((rows) => rows[0]);

describe('listing limits', () => {
  it(`takes the largest listing the limits allow (${MAX_MATERIAL_LINES} lines, ${MAX_PARCELS} parcels, every text at its maximum)`, async () => {
    const body = { type: 'CUT', ...largestListingFields() };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(LISTING_BODY_LIMIT);
    const created = await api.request('POST', '/inquiries', { token: owner.token, body });
    expect(created.status).toBe(201);
    expectResponseMatches('POST', '/inquiries', 201, created.body);
    expect(created.body.materials).toHaveLength(MAX_MATERIAL_LINES);
    expect(created.body.parcelNumbers).toHaveLength(MAX_PARCELS);
    const edited = await api.request('PUT', `/inquiries/${created.body.id}`, { token: owner.token, body: largestListingFields() });
    expect(edited.status).toBe(200);
  });

  it(`refuses a ${MAX_MATERIAL_LINES + 1}st material line with 422 and stores nothing`, async () => {
    const id = randomUUID();
    const created = await api.request('POST', '/inquiries', {
      token: owner.token,
      body: { id, type: 'CUT', project_name: 'Trop de lignes', materials: materialLines(MAX_MATERIAL_LINES + 1) },
    });
    expect(created.status).toBe(422);
    expectResponseMatches('POST', '/inquiries', 422, created.body);
    expect(created.body.detail).toBe(messages.materialLinesMax);
    expect(created.body.errors).toEqual({ materials: messages.materialLinesMax });
    expect(await stored(id)).toBeUndefined();

    const edited = await api.request('PUT', `/inquiries/${draftId}`, { token: owner.token, body: { materials: materialLines(MAX_MATERIAL_LINES + 1) } });
    expect(edited.status).toBe(422);
    expectResponseMatches('PUT', '/inquiries/{id}', 422, edited.body);
    expect(edited.body.errors).toEqual({ materials: messages.materialLinesMax });
    expect((await stored(draftId))!.materials).toEqual([]);
  });

  it(`refuses a ${MAX_PARCELS + 1}st parcel with 422 and stores nothing`, async () => {
    const edited = await api.request('PUT', `/inquiries/${draftId}`, { token: owner.token, body: { parcel_numbers: parcelIds(MAX_PARCELS + 1) } });
    expect(edited.status).toBe(422);
    expectResponseMatches('PUT', '/inquiries/{id}', 422, edited.body);
    expect(edited.body.detail).toBe(messages.parcelsMax);
    expect(edited.body.errors).toEqual({ parcel_numbers: messages.parcelsMax });
    expect((await stored(draftId))!.parcelNumbers).toEqual([]);
  });
});

describe('body size limits', () => {
  it(`answers 413 over a listing body's ${LISTING_BODY_LIMIT / 1024} KiB, naming the limit`, async () => {
    const body = JSON.stringify({ project_name: 'x', project_owner_city: 'a'.repeat(LISTING_BODY_LIMIT) });
    const edited = await api.request('PUT', `/inquiries/${draftId}`, { token: owner.token, body });
    expect(edited.status).toBe(413);
    expect(edited.headers.get('content-type')).toContain('application/problem+json');
    expectResponseMatches('PUT', '/inquiries/{id}', 413, edited.body);
    expect(edited.body.detail).toBe(bodyTooLargeMessage(LISTING_BODY_LIMIT));
    expect(edited.body.detail).toBe('La requête dépasse la taille maximale autorisée (64 Ko).');
    expect((await stored(draftId))!.projectOwnerCity).toBeNull();
  });

  it(`answers 413 over ${JSON_BODY_LIMIT / 1024} KiB on the other JSON routes`, async () => {
    const body = JSON.stringify({ first_name: 'a'.repeat(JSON_BODY_LIMIT) });
    const res = await api.request('PUT', '/users/me', { token: owner.token, body });
    expect(res.status).toBe(413);
    expectResponseMatches('PUT', '/users/me', 413, res.body);
    expect(res.body.detail).toBe('La requête dépasse la taille maximale autorisée (32 Ko).');
    // A body just under the limit is read (and refused for what it says, not for its size).
    const under = await api.request('PUT', '/users/me', { token: owner.token, body: JSON.stringify({ first_name: 'a'.repeat(JSON_BODY_LIMIT - 100) }) });
    expect(under.status).toBe(422);
  });

  it('answers 413 to an upload whose declared size is over the limit, before reading it', async () => {
    const rowsBefore = await api.database.db.$count(documents, eq(documents.inquiryId, draftId));
    // A small, valid file behind 6 MiB of preamble: the multipart parser alone would skip the
    // padding and store the file.
    const boundary = '----bourse-limits';
    const body = Buffer.concat([
      Buffer.alloc(6 * 1024 * 1024, 'x'),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nOTHER\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="permis.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from(SAMPLE_FILES['permis.pdf']!),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(body.length).toBeGreaterThan(UPLOAD_BODY_LIMIT);
    const response = await fetch(`${api.url}/api/v1/inquiries/${draftId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(413);
    const problem = (await response.json()) as { detail: string };
    expectResponseMatches('POST', '/inquiries/{id}/documents', 413, problem);
    expect(problem.detail).toBe(messages.fileTooLarge);
    expect(await api.database.db.$count(documents, eq(documents.inquiryId, draftId))).toBe(rowsBefore);
  });
});

describe('file names', () => {
  it(`takes ${FILE_NAME_MAX_LENGTH} characters and refuses one more with 422`, async () => {
    const name = (length: number) => `${'é'.repeat(length - 4)}.pdf`;
    const ok = await uploadDocument(api, owner.token, draftId, { name: name(FILE_NAME_MAX_LENGTH), bytes: SAMPLE_FILES['permis.pdf']! });
    expect(ok.status).toBe(201);
    expect(ok.body.fileName).toBe(name(FILE_NAME_MAX_LENGTH));

    const rowsBefore = await api.database.db.$count(documents, eq(documents.inquiryId, draftId));
    const long = await uploadDocument(api, owner.token, draftId, { name: name(FILE_NAME_MAX_LENGTH + 1), bytes: SAMPLE_FILES['permis.pdf']! });
    expect(long.status).toBe(422);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 422, long.body);
    expect(long.body.detail).toBe(messages.fileNameTooLong);
    expect(long.body.errors).toEqual({ file: messages.fileNameTooLong });
    expect(await api.database.db.$count(documents, eq(documents.inquiryId, draftId))).toBe(rowsBefore);
  });
});
