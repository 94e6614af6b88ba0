import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { messages } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents } from '../../db/schema.js';
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
      expect(uploaded.body).toMatchObject({ inquiryId, kind: 'OTHER', source: 'ADVERTISER', fileName: name, size: bytes.length });
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

  it('stores the file name without control or bidirectional formatting characters (issue 12)', async () => {
    // Would read 'facture-gpj.pdf' reversed as '...fdp.jpg' with U+202E; a tab and a C1 control too.
    const uploaded = await uploadDocument(api, owner.token, inquiryId, {
      name: 'facture\u202e\u2066-\u0009plan\u0085\u200f.pdf',
      bytes: SAMPLE_FILES['permis.pdf']!,
      kind: 'OTHER',
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.fileName).toBe('facture-plan.pdf');
    const listed = await api.request('GET', `/inquiries/${inquiryId}/documents`, { token: owner.token });
    expect(listed.body.find((d: { id: string }) => d.id === uploaded.body.id).fileName).toBe('facture-plan.pdf');
    const { response } = await download(uploaded.body.id, owner.token);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="facture-plan.pdf"; filename*=UTF-8''facture-plan.pdf`);
    // The extension checked is the one kept: a control before the dot cannot hide it.
    const hidden = await uploadDocument(api, owner.token, inquiryId, { name: '\u0001.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    expect(hidden.status).toBe(415);
  });

  it('refuses a multipart body without boundary, truncated or malformed with a French 400, leaving no file and no row', async () => {
    const before = storedFiles().length;
    const rowsBefore = await api.database.db.$count(documents, eq(documents.inquiryId, inquiryId));
    const part = (name: string, fileName?: string) =>
      `--XX\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n`;
    const cases: [string, string][] = [
      ['multipart/form-data', `${part('kind')}PERMISSION\r\n--XX--\r\n`],
      ['multipart/form-data; boundary=XX', `${part('kind')}PERMISSION\r\n${part('file', 'permis.pdf')}%PDF-1.4 la suite manque`],
      ['multipart/form-data; boundary=XX', `--XX\r\nContent-Disposition: form-data\r\n\r\nsans nom\r\n--XX--\r\n`],
      ['multipart/form-data; boundary=XX', `--XX\r\n${'X-Header: a\r\n'.repeat(3000)}\r\n\r\n--XX--\r\n`],
    ];
    for (const [type, body] of cases) {
      const response = await fetch(`${api.url}/api/v1/inquiries/${inquiryId}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
        body,
      });
      const problem = (await response.json()) as { detail: string };
      expect(response.status, body.slice(0, 60)).toBe(400);
      expectResponseMatches('POST', '/inquiries/{id}/documents', 400, problem);
      expect(problem.detail, body.slice(0, 60)).toMatch(/^(Le contenu multipart\/form-data est invalide ou incomplet\.|Veuillez joindre un fichier \(champ « file »\)\.)$/);
    }
    expect(storedFiles().length).toBe(before);
    expect(await api.database.db.$count(documents, eq(documents.inquiryId, inquiryId))).toBe(rowsBefore);
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
    // The platform never sends a permission: only the advertiser holds it.
    const adminUpload = await uploadDocument(api, admin, inquiryId, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    expect(adminUpload.status).toBe(422);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 422, adminUpload.body);
    expect(adminUpload.body.errors).toEqual({ kind: 'La plateforme envoie une étude de sol (SOIL_STUDY) ou un autre document (OTHER).' });
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

describe('documents sent by the platform (Envoyés)', () => {
  it('lets an admin send a document in any status; the organisation sees it as PLATFORM and its users are mailed', async () => {
    const team = await createOwner(api, { name: 'Recevant SARL', credits: 200 });
    const employee = await createEmployee(api, team);
    const id = await createCompleteDraft(api, team.token);
    expect((await api.request('PUT', `/inquiries/${id}`, { token: team.token, body: { status: 'PENDING_VALIDATION' } })).status).toBe(200);
    const outsider = await createOwner(api, { name: 'Voisins TP' });

    const sent = await uploadDocument(api, admin, id, { name: 'lettre-levée-de-doute.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'OTHER' });
    expect(sent.status).toBe(201);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 201, sent.body);
    expect(sent.body).toMatchObject({ inquiryId: id, kind: 'OTHER', source: 'PLATFORM', fileName: 'lettre-levée-de-doute.pdf' });
    const study = await uploadDocument(api, admin, id, { name: 'etude-g2.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'SOIL_STUDY' });
    expect(study.status).toBe(201);

    // The organisation lists and downloads it, with its own upload beside it.
    const list = await api.request('GET', `/inquiries/${id}/documents`, { token: employee.token });
    expectResponseMatches('GET', '/inquiries/{id}/documents', 200, list.body);
    expect(list.body.map((d: { fileName: string; source: string }) => [d.fileName, d.source])).toEqual([
      ['permis.pdf', 'ADVERTISER'],
      ['lettre-levée-de-doute.pdf', 'PLATFORM'],
      ['etude-g2.pdf', 'PLATFORM'],
    ]);
    const got = await download(sent.body.id, team.token);
    expect(got.response.status).toBe(200);
    expect(got.response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('lettre-levée-de-doute.pdf')}`);

    // Each user of the organisation gets a French e-mail (text and HTML) linking to the documents tab.
    const link = `http://localhost:5173/user/inquiry/details/${id}/documents`;
    for (const email of [team.email, employee.email]) {
      const mail = await api.smtp.waitForMessage(email, (m) => m.text.includes('lettre-levée-de-doute.pdf'));
      expect(mail.subject).toBe('Nouveau document pour votre annonce de déblais « Lotissement des Vignes »');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link);
      expect(mail.text).toContain("L'équipe Bourse aux terres vous a envoyé un document");
    }
    expect(api.smtp.messagesTo(outsider.email).some((m) => m.subject.startsWith('Nouveau document'))).toBe(false);
    const audit = await api.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.filter((a) => a.action === 'document.sent')).toHaveLength(2);
  });

  it("does not count a soil study the platform sent as the organisation's own at submission", async () => {
    const team = await createOwner(api, { name: 'Étude Attendue SARL', credits: 200 });
    const id = await createCompleteDraft(api, team.token, { soil_study_delegation: false });
    const sent = await uploadDocument(api, admin, id, { name: 'etude-plateforme.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'SOIL_STUDY' });
    expect(sent.status).toBe(201);
    expect(sent.body.source).toBe('PLATFORM');

    const submit = () => api.request('PUT', `/inquiries/${id}`, { token: team.token, body: { status: 'PENDING_VALIDATION' } });
    const refused = await submit();
    expect(refused.status).toBe(422);
    expectResponseMatches('PUT', '/inquiries/{id}', 422, refused.body);
    expect(refused.body.detail).toBe(messages.soilStudyRequired);
    expect(refused.body.errors).toEqual({ soil_study_delegation: messages.soilStudyRequired });
    const still = await api.request('GET', `/inquiries/${id}`, { token: team.token });
    expect(still.body).toMatchObject({ status: 'DRAFT' });

    // The organisation's own study makes it whole.
    const own = await uploadDocument(api, team.token, id, { name: 'etude-g2.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'SOIL_STUDY' });
    expect(own.status).toBe(201);
    const submitted = await submit();
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('PENDING_VALIDATION');
  });

  it('a deleted listing takes no document, not even from the platform (404)', async () => {
    const team = await createOwner(api, { name: 'Annonce Supprimée' });
    const created = await api.request('POST', '/inquiries', { token: team.token, body: { type: 'FILL', project_name: 'Brouillon effacé' } });
    expect((await api.request('DELETE', `/inquiries/${created.body.id}`, { token: team.token })).status).toBe(204);
    const late = await uploadDocument(api, admin, created.body.id, { name: 'note.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'OTHER' });
    expect(late.status).toBe(404);
    expectResponseMatches('POST', '/inquiries/{id}/documents', 404, late.body);
  });
});

describe('documents.source (migration 0004)', () => {
  it('defaults to ADVERTISER, as rows stored before it were, and accepts only the two sources', async () => {
    const team = await createOwner(api, { name: 'Anciens Dépôts' });
    const created = await api.request('POST', '/inquiries', { token: team.token, body: { type: 'CUT', project_name: 'Ancien dossier' } });
    const insert = (source: string | null) =>
      api.database.db.execute(sql`
        insert into documents (inquiry_id, organization_id, uploaded_by_user_id, kind, file_name, mime_type, size, sha256, storage_key${source === null ? sql`` : sql`, source`})
        values (${created.body.id}, ${team.organizationId}, ${team.session.user.id}, 'OTHER', 'ancien.pdf', 'application/pdf', 10, 'x', ${randomUUID()}${source === null ? sql`` : sql`, ${source}`})`);
    await insert(null);
    const [row] = await api.database.db.select().from(documents).where(eq(documents.inquiryId, created.body.id));
    expect(row!.source).toBe('ADVERTISER');
    await expect(insert('ROBOT')).rejects.toThrow();
  });
});

describe('DELETE /documents/{id}', () => {
  async function remove(id: string, token: string) {
    return api.request('DELETE', `/documents/${id}`, { token });
  }

  it("removes the organisation's own upload from a draft: no longer listed, downloadable, nor counted at submission", async () => {
    const team = await createOwner(api, { name: 'Permis Erroné', credits: 200 });
    const employee = await createEmployee(api, team);
    const id = await createCompleteDraft(api, team.token);
    const [permit] = (await api.request('GET', `/inquiries/${id}/documents`, { token: team.token })).body as { id: string }[];
    const other = await uploadDocument(api, team.token, id, { name: 'plan.png', bytes: SAMPLE_FILES['plan.png']!, kind: 'OTHER' });

    const removed = await remove(permit!.id, employee.token);
    expect(removed.status).toBe(204);
    expectResponseMatches('DELETE', '/documents/{id}', 204, removed.body);
    const list = await api.request('GET', `/inquiries/${id}/documents`, { token: team.token });
    expect(list.body.map((d: { id: string }) => d.id)).toEqual([other.body.id]);
    const gone = await download(permit!.id, team.token);
    expect(gone.response.status).toBe(404);
    const again = await remove(permit!.id, team.token);
    expect(again.status).toBe(404);
    expectResponseMatches('DELETE', '/documents/{id}', 404, again.body);
    expect(again.body.detail).toBe('Document introuvable.');

    // Without its permission document the listing cannot be submitted any more.
    const submit = await api.request('PUT', `/inquiries/${id}`, { token: team.token, body: { status: 'PENDING_VALIDATION' } });
    expect(submit.status).toBe(422);
    expect(JSON.stringify(submit.body.errors)).toContain("Le document d'autorisation est requis.");
    // A replacement makes it whole again.
    expect((await uploadDocument(api, team.token, id, { name: 'permis-corrigé.pdf', bytes: SAMPLE_FILES['permis.pdf']! })).status).toBe(201);
    expect((await api.request('PUT', `/inquiries/${id}`, { token: team.token, body: { status: 'PENDING_VALIDATION' } })).status).toBe(200);

    const audit = await api.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.filter((a) => a.action === 'document.deleted').map((a) => a.details)).toEqual([
      expect.objectContaining({ documentId: permit!.id, kind: 'PERMISSION', source: 'ADVERTISER' }),
    ]);
    // The row stays (soft delete), marked deleted.
    const [row] = await api.database.db.select().from(documents).where(eq(documents.id, permit!.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('refuses once the listing is submitted (409, French), and until it is refused again', async () => {
    const team = await createOwner(api, { name: 'Soumission Close', credits: 200 });
    const id = await createCompleteDraft(api, team.token);
    const [permit] = (await api.request('GET', `/inquiries/${id}/documents`, { token: team.token })).body as { id: string }[];
    expect((await api.request('PUT', `/inquiries/${id}`, { token: team.token, body: { status: 'PENDING_VALIDATION' } })).status).toBe(200);
    const closed = await remove(permit!.id, team.token);
    expect(closed.status).toBe(409);
    expectResponseMatches('DELETE', '/documents/{id}', 409, closed.body);
    expect(closed.body.detail).toBe('Les documents ne peuvent être supprimés que des annonces en brouillon ou refusées.');
    expect((await api.request('GET', `/inquiries/${id}/documents`, { token: team.token })).body).toHaveLength(1);

    const refused = await api.request('PUT', `/inquiries/${id}/status`, { token: admin, body: { status: 'REJECTED', reason: 'Permis illisible.' } });
    expect(refused.status).toBe(200);
    expect((await remove(permit!.id, team.token)).status).toBe(204);
  });

  it("hides another organisation's document (404) and keeps each source to its depositor", async () => {
    const team = await createOwner(api, { name: 'Propriétaires du Dépôt' });
    const created = await api.request('POST', '/inquiries', { token: team.token, body: { type: 'CUT', ...completeListingFields() } });
    const id = created.body.id as string;
    const own = await uploadDocument(api, team.token, id, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
    const sent = await uploadDocument(api, admin, id, { name: 'courrier.pdf', bytes: SAMPLE_FILES['permis.pdf']!, kind: 'OTHER' });
    const stranger = await createOwner(api, { name: 'Curieux Effaceurs' });

    for (const target of [own.body.id, sent.body.id]) {
      const foreign = await remove(target, stranger.token);
      expect(foreign.status).toBe(404);
      expectResponseMatches('DELETE', '/documents/{id}', 404, foreign.body);
    }
    const platformDoc = await remove(sent.body.id, team.token);
    expect(platformDoc.status).toBe(403);
    expectResponseMatches('DELETE', '/documents/{id}', 403, platformDoc.body);
    expect(platformDoc.body.detail).toBe('Ce document a été envoyé par la plateforme : vous ne pouvez pas le supprimer.');
    const advertiserDoc = await remove(own.body.id, admin);
    expect(advertiserDoc.status).toBe(403);
    expect(advertiserDoc.body.detail).toBe("Ce document a été déposé par l'organisation : seule l'organisation peut le supprimer.");
    expect((await api.request('GET', `/inquiries/${id}/documents`, { token: team.token })).body).toHaveLength(2);

    // The platform withdraws what it sent, whatever the status.
    expect((await remove(sent.body.id, admin)).status).toBe(204);
    expect((await api.request('GET', `/inquiries/${id}/documents`, { token: admin })).body.map((d: { id: string }) => d.id)).toEqual([own.body.id]);
    for (const bad of ['pas-un-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await remove(bad, team.token)).status).toBe(404);
    }
    expect((await fetch(`${api.url}/api/v1/documents/${own.body.id}`, { method: 'DELETE' })).status).toBe(401);
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
