import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.js';
import { tempDir } from '../../../test/helpers/app.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  adminToken,
  completeListingFields,
  createCompleteDraft,
  createEmployee,
  createOwner,
  SAMPLE_FILES,
  uploadDocument,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

const dataDir = tempDir('bourse-files-');
let api: TestApi;
let admin: string;
let owner: OwnerFixture;
let inquiryId: string;

beforeAll(async () => {
  api = await startApiForTest({ DATA_DIR: dataDir.path });
  admin = await adminToken(api);
  owner = await createOwner(api);
  const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'FILL', ...completeListingFields() } });
  inquiryId = created.body.id;
});

afterAll(async () => {
  await api?.close();
  dataDir.remove();
});

function storedFiles(): string[] {
  try {
    return readdirSync(join(dataDir.path, 'files'));
  } catch {
    return [];
  }
}

async function download(id: string, token: string) {
  const response = await fetch(`${api.url}/api/v1/documents/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('documents', () => {
  it('stores every allowed kind under a generated name and gives it back byte for byte', async () => {
    for (const [name, bytes] of Object.entries(SAMPLE_FILES)) {
      const uploaded = await uploadDocument(api, owner.token, inquiryId, { name, bytes, kind: 'OTHER' });
      expect(uploaded.status, name).toBe(201);
      expectResponseMatches('POST', '/inquiries/{id}/documents', 201, uploaded.body);
      expect(uploaded.body).toMatchObject({ inquiryId, kind: 'OTHER', fileName: name, size: bytes.length });
      const { response, bytes: back } = await download(uploaded.body.id, owner.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain(uploaded.body.mimeType);
      expect(response.headers.get('content-disposition')).toContain('attachment;');
      expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(storedFiles().every((file) => /^[0-9a-f-]{36}$/.test(file))).toBe(true);
    const list = await api.request('GET', `/inquiries/${inquiryId}/documents`, { token: owner.token });
    expect(list.status).toBe(200);
    expectResponseMatches('GET', '/inquiries/{id}/documents', 200, list.body);
    expect(list.body).toHaveLength(Object.keys(SAMPLE_FILES).length);
  });

  it('keeps accents in the downloaded name', async () => {
    const uploaded = await uploadDocument(api, owner.token, inquiryId, { name: 'étude de sol été.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'SOIL_STUDY' });
    const { response } = await download(uploaded.body.id, owner.token);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="etude de sol ete.pdf"; filename*=UTF-8''${encodeURIComponent('étude de sol été.pdf')}`,
    );
  });

  it('refuses a file over 5 MiB with 413, leaving no file and no row', async () => {
    const before = storedFiles().length;
    const rowsBefore = await api.database.db.$count(documents, eq(documents.inquiryId, inquiryId));
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(SAMPLE_FILES['permis.pdf']!);
    const res = await uploadDocument(api, owner.token, inquiryId, { name: 'gros.pdf', bytes: big });
    expect(res.status).toBe(413);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 413, res.body);
    expect(res.body.detail).toBe('Le fichier dépasse la taille maximale autorisée de 5 Mo.');
    expect(storedFiles().length).toBe(before);
    expect(await api.database.db.$count(documents, eq(documents.inquiryId, inquiryId))).toBe(rowsBefore);
    // Exactly 5 MiB is fine.
    const max = big.subarray(0, 5 * 1024 * 1024);
    expect((await uploadDocument(api, owner.token, inquiryId, { name: 'limite.pdf', bytes: max })).status).toBe(201);
  });

  it('refuses a name and content that do not match, and unknown formats, with 415', async () => {
    const before = storedFiles().length;
    const rowsBefore = await api.database.db.$count(documents, eq(documents.inquiryId, inquiryId));
    const cases: [string, Uint8Array][] = [
      ['faux.pdf', SAMPLE_FILES['plan.png']!],
      ['programme.exe', new Uint8Array([0x4d, 0x5a, 0x90, 0])],
      ['programme.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0])],
      ['photo.png', SAMPLE_FILES['photo.jpg']!],
      ['tableau.xlsx', SAMPLE_FILES['tableau.xls']!],
      ['script.pdf.html', new TextEncoder().encode('<html>')],
      ['sans-extension', SAMPLE_FILES['permis.pdf']!],
    ];
    for (const [name, bytes] of cases) {
      const res = await uploadDocument(api, owner.token, inquiryId, { name, bytes, type: 'application/pdf' });
      expect(res.status, name).toBe(415);
      expectResponseMatches('POST', '/inquiries/{id}/documents', 415, res.body);
      expect(res.body.detail).toBe('Format de fichier non autorisé.');
    }
    expect(storedFiles().length).toBe(before);
    expect(await api.database.db.$count(documents, eq(documents.inquiryId, inquiryId))).toBe(rowsBefore);
  });

  it('needs a file, a known kind and multipart', async () => {
    const noKind = await uploadDocument(api, owner.token, inquiryId, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'PHOTO' });
    expect(noKind.status).toBe(422);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 422, noKind.body);
    const form = new FormData();
    form.append('kind', 'PERMISSION');
    const noFile = await fetch(`${api.url}/api/v1/inquiries/${inquiryId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(noFile.status).toBe(400);
    const noFileBody = (await noFile.json()) as { detail: string };
    expectResponseMatches('POST', '/inquiries/{id}/documents', 400, noFileBody);
    expect(noFileBody.detail).toBe('Veuillez joindre un fichier (champ « file »).');
    const two = new FormData();
    two.append('kind', 'PERMISSION');
    two.append('file', new Blob([SAMPLE_FILES['permis.pdf']!]), 'a.pdf');
    two.append('file', new Blob([SAMPLE_FILES['permis.pdf']!]), 'b.pdf');
    const twoFiles = await fetch(`${api.url}/api/v1/inquiries/${inquiryId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: two });
    expect(twoFiles.status).toBe(400);
    const twoBody = (await twoFiles.json()) as { detail: string };
    expectResponseMatches('POST', '/inquiries/{id}/documents', 400, twoBody);
    expect(twoBody.detail).toBe('Envoyez un seul fichier à la fois.');
    const empty = await uploadDocument(api, owner.token, inquiryId, { name: 'vide.pdf', bytes: new Uint8Array(0) });
    expect(empty.status).toBe(422);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 422, empty.body);
    const json = await api.request('POST', `/inquiries/${inquiryId}/documents`, { token: owner.token, body: { kind: 'PERMISSION' } });
    expect(json.status).toBe(400);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 400, json.body);
  });

  it('is invisible to other organisations, readable by employees and admins', async () => {
    const uploaded = await uploadDocument(api, owner.token, inquiryId, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    const other = await createOwner(api, { name: 'Curieux' });
    const theirs = await download(uploaded.body.id, other.token);
    expect(theirs.response.status).toBe(404);
    const list = await api.request('GET', `/inquiries/${inquiryId}/documents`, { token: other.token });
    expect(list.status).toBe(404);
    expectResponseMatches('GET', '/inquiries/{id}/documents', 404, list.body);
    const upload = await uploadDocument(api, other.token, inquiryId, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    expect(upload.status).toBe(404);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 404, upload.body);
    const missing = await api.request('GET', `/documents/${uploaded.body.id}/download`, { token: other.token });
    expectResponseMatches('GET', '/documents/{id}/download', 404, missing.body);

    const employee = await createEmployee(api, owner);
    expect((await download(uploaded.body.id, employee.token)).response.status).toBe(200);
    const byEmployee = await uploadDocument(api, employee.token, inquiryId, { name: 'plan.png', bytes: SAMPLE_FILES['plan.png']!, kind: 'OTHER' });
    expect(byEmployee.status).toBe(201);
    expect((await download(byEmployee.body.id, owner.token)).response.headers.get('cache-control')).toBe('private, no-store');
    const asAdmin = await download(uploaded.body.id, admin);
    expect(asAdmin.response.status).toBe(200);
    expect(Buffer.from(asAdmin.bytes).equals(Buffer.from(SAMPLE_FILES['permis.pdf']!))).toBe(true);
    const adminList = await api.request('GET', `/inquiries/${inquiryId}/documents`, { token: admin });
    expect(adminList.status).toBe(200);
    expectResponseMatches('GET', '/inquiries/{id}/documents', 200, adminList.body);
    // Only advertisers upload (the listing is theirs to complete).
    const adminUpload = await uploadDocument(api, admin, inquiryId, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    expect(adminUpload.status).toBe(403);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 403, adminUpload.body);
    const anonymous = await fetch(`${api.url}/api/v1/documents/${uploaded.body.id}/download`);
    expect(anonymous.status).toBe(401);
  });

  it('takes no more documents once the listing is submitted', async () => {
    const submitter = await createOwner(api, { name: 'Dépôts Fermés', credits: 200 });
    const id = await createCompleteDraft(api, submitter.token);
    const submitted = await api.request('PUT', `/inquiries/${id}`, { token: submitter.token, body: { status: 'PENDING_VALIDATION' } });
    expect(submitted.status).toBe(200);
    const before = storedFiles().length;
    const late = await uploadDocument(api, submitter.token, id, { name: 'ajout.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    expect(late.status).toBe(409);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 409, late.body);
    expect(storedFiles().length).toBe(before);
    // Still listed and downloadable.
    const list = await api.request('GET', `/inquiries/${id}/documents`, { token: submitter.token });
    expect(list.body).toHaveLength(1);
  });
});

describe('soil studies', () => {
  it('lists listings with a soil study file or a delegation, for admins only', async () => {
    const studyOwner = await createOwner(api, { name: 'Sols du Rhin' });
    const withFile = await api.request('POST', '/inquiries', {
      token: studyOwner.token,
      body: { type: 'CUT', ...completeListingFields({ soil_study_delegation: false, site_address: '8 Rue des Tanneurs 68000 Colmar' }) },
    });
    await uploadDocument(api, studyOwner.token, withFile.body.id, { name: 'etude.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'SOIL_STUDY' });
    const delegated = await api.request('POST', '/inquiries', {
      token: studyOwner.token,
      body: { type: 'FILL', ...completeListingFields({ soil_study_delegation: true, site_address: 'Lieu-dit Oberfeld' }) },
    });
    const neither = await api.request('POST', '/inquiries', {
      token: studyOwner.token,
      body: { type: 'FILL', ...completeListingFields({ soil_study_delegation: false }) },
    });

    const list = await api.request('GET', '/soil-studies', { token: admin });
    expect(list.status).toBe(200);
    expectResponseMatches('GET', '/soil-studies', 200, list.body);
    const ids = list.body.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([withFile.body.id, delegated.body.id]));
    expect(ids).not.toContain(neither.body.id);

    const fileRow = await api.request('GET', `/soil-studies/${withFile.body.id}`, { token: admin });
    expect(fileRow.status).toBe(200);
    expectResponseMatches('GET', '/soil-studies/{id}', 200, fileRow.body);
    expect(fileRow.body).toMatchObject({ street: '8 Rue des Tanneurs', postcode: '68000', city: 'Colmar', organizationName: 'Sols du Rhin', hasFile: true, delegated: false });
    const { response } = await download(fileRow.body.documentId, admin);
    expect(response.status).toBe(200);
    const delegatedRow = await api.request('GET', `/soil-studies/${delegated.body.id}`, { token: admin });
    expect(delegatedRow.body).toMatchObject({ street: '3 rue de la Gare', postcode: '68000', city: 'Colmar', hasFile: false, delegated: true });

    const refused = await api.request('GET', '/soil-studies', { token: studyOwner.token });
    expect(refused.status).toBe(403);
    expectResponseMatches('GET', '/soil-studies', 403, refused.body);
    expect((await api.request('GET', `/soil-studies/${withFile.body.id}`, { token: studyOwner.token })).status).toBe(403);
    const anonymous = await api.request('GET', '/soil-studies');
    expect(anonymous.status).toBe(401);
    expectResponseMatches('GET', '/soil-studies', 401, anonymous.body);
    const unknown = await api.request('GET', `/soil-studies/${neither.body.id}`, { token: admin });
    expect(unknown.status).toBe(404);
    expectResponseMatches('GET', '/soil-studies/{id}', 404, unknown.body);
  });
});
