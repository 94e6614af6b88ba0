// Issue 20, "Storage without quota; deleted files kept": 20 uploads, each deleted at once, left
// every file in storage. Now a deleted document's file is removed once nothing refers to it, an
// organisation's uploads count against STORAGE_QUOTA_MB (a French 413 `storage-quota` past it,
// exact under parallel uploads), its use is readable by its members and the admins, and the
// sweep removes what a crash left behind without ever removing a file a document still names.
import { PROBLEM_TYPES, storageQuotaMessage } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.js';
import type { FileStorage, LocalFileStorage } from '../../files/storage.js';
import { reserveStorageKey, sweepFileRemovals } from '../../services/stored-files.js';
import { adminToken, createEmployee, createOwner, dayFromToday, uploadDocument, VALID_SIRETS, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { validatedListing } from '../../../test/helpers/matching.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

const MIB = 1024 * 1024;
const QUOTA_MB = 3;

/** A PDF of `mib` MiB (its first bytes are a PDF's; the rest padding). */
function pdfOf(mib: number): Uint8Array {
  const bytes = new Uint8Array(Math.round(mib * MIB));
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
}

let api: TestApi;
let storage: FileStorage;
let owner: OwnerFixture;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest({ STORAGE_QUOTA_MB: String(QUOTA_MB) });
  storage = api.running.app.storage;
  [owner, admin] = await Promise.all([createOwner(api, { name: 'Stockage Plein SARL' }), adminToken(api)]);
});

afterAll(async () => {
  await api?.close();
});

async function draft(token: string): Promise<string> {
  const created = await api.request('POST', '/inquiries', { token, body: { type: 'CUT', project_name: 'Chantier aux fichiers' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The stored files' names (this run's DATA_DIR is shared by the test files: compare before and after). */
async function storedNames(): Promise<Set<string>> {
  return new Set((await readdir((storage as LocalFileStorage).dir)).filter((name) => !name.startsWith('.')));
}

/** Files stored since `before` that neither a document nor a queue line names. */
async function orphansSince(before: Set<string>): Promise<string[]> {
  const fresh = [...(await storedNames())].filter((name) => !before.has(name));
  if (fresh.length === 0) return [];
  const named = await api.database.db.execute<{ key: string }>(sql`
    select storage_key as key from documents where storage_key = any(${`{${fresh.join(',')}}`}::text[])
    union select storage_key from file_removals where storage_key = any(${`{${fresh.join(',')}}`}::text[])`);
  const keys = new Set(named.rows.map((row) => row.key));
  return fresh.filter((name) => !keys.has(name));
}

async function storageKeyOf(documentId: string): Promise<string> {
  const [row] = await api.database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, documentId));
  return row!.key;
}

describe('deleted documents', () => {
  it('20 uploads each deleted at once leave no file in storage and no use counted', async () => {
    const listing = await draft(owner.token);
    const keys: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const uploaded = await uploadDocument(api, owner.token, listing, { name: `plan-${i}.pdf`, bytes: pdfOf(1) });
      expect(uploaded.status).toBe(201);
      const key = await storageKeyOf(uploaded.body.id);
      expect(await storage.exists(key)).toBe(true);
      keys.push(key);
      expect((await api.request('DELETE', `/documents/${uploaded.body.id}`, { token: owner.token })).status).toBe(204);
    }
    const listed = await api.request('GET', `/inquiries/${listing}/documents`, { token: owner.token });
    expect(listed.body).toEqual([]);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    const use = await api.request('GET', `/organizations/${owner.organizationId}/storage`, { token: owner.token });
    expect(use.status).toBe(200);
    expectResponseMatches('GET', '/organizations/{id}/storage', 200, use.body);
    expect(use.body).toEqual({ usedBytes: 0, quotaBytes: QUOTA_MB * MIB, documentCount: 0 });
  });

  it("removes a deleted draft's documents and their files", async () => {
    const listing = await draft(owner.token);
    const uploaded = await uploadDocument(api, owner.token, listing, { name: 'brouillon.pdf', bytes: pdfOf(1) });
    expect(uploaded.status).toBe(201);
    const key = await storageKeyOf(uploaded.body.id);
    const before = await api.request('GET', `/organizations/${owner.organizationId}/storage`, { token: owner.token });
    expect((await api.request('DELETE', `/inquiries/${listing}`, { token: owner.token })).status).toBe(204);
    expect(await storage.exists(key)).toBe(false);
    const after = await api.request('GET', `/organizations/${owner.organizationId}/storage`, { token: owner.token });
    expect(before.body.usedBytes - after.body.usedBytes).toBe(MIB);
  });

  it('keeps the file of a document a load still names, and a load cannot name a released one', async () => {
    // A transfer with one load (sites in the Ardennes, where no other test file puts any).
    const producer = await createOwner(api, { name: 'Terrassements des Ardennes', credits: 500 });
    const receiver = await createOwner(api, { name: 'Remblais de Sedan', credits: 500 });
    const cut = await validatedListing(api, producer, { type: 'CUT', name: 'Déblais de Charleville', latitude: 49.7725, longitude: 4.7197, quantity: 1000 });
    const fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Remblai de Sedan', latitude: 49.7019, longitude: 4.9403, quantity: 100 });
    const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    expect(proposed.status).toBe(201);
    const accepted = await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
    const transferId = accepted.body.transferId as string;
    const carrier = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, {
      token: producer.token,
      body: { siret: VALID_SIRETS[1], name: 'Transports de la Meuse', street: '3 quai de la Meuse', postcode: '08000', city: 'Charleville-Mézières', receipt_number: '2024-08-0117', receipt_department: '08', receipt_valid_until: dayFromToday(365) },
    });
    expect(carrier.status).toBe(201);
    const load = await api.request('POST', `/transfers/${transferId}/loads`, {
      token: producer.token,
      body: { departed_at: new Date(Date.now() - 3_600_000).toISOString(), carrier_id: carrier.body.id, vehicle_plate: 'ab 123 cd', waste_code: '17 05 04', volume_m3: 20 },
    });
    expect(load.status).toBe(201);

    // Two documents the platform sent to the CUT listing (an admin removes those whatever the status).
    const ticket = await uploadDocument(api, admin, cut, { name: 'ticket-pesee.pdf', bytes: pdfOf(0.01), kind: 'OTHER' });
    const other = await uploadDocument(api, admin, cut, { name: 'autre.pdf', bytes: pdfOf(0.01), kind: 'OTHER' });
    expect([ticket.status, other.status]).toEqual([201, 201]);
    const [ticketKey, otherKey] = [await storageKeyOf(ticket.body.id), await storageKeyOf(other.body.id)];
    // The load's weighbridge ticket names the first (no endpoint sets it yet: arranged in the database).
    await api.database.db.execute(sql`update loads set ticket_document_id = ${ticket.body.id} where id = ${load.body.id}`);

    expect((await api.request('DELETE', `/documents/${ticket.body.id}`, { token: admin })).status).toBe(204);
    expect((await api.request('DELETE', `/documents/${other.body.id}`, { token: admin })).status).toBe(204);
    await sweepFileRemovals(api.database.db, storage);
    expect(await storage.exists(ticketKey)).toBe(true);
    expect(await storage.exists(otherKey)).toBe(false);
    // A load cannot be pointed at a document whose file was released.
    const refused = await api.database.db
      .execute(sql`update loads set ticket_document_id = ${other.body.id} where id = ${load.body.id}`)
      .then(() => null, (error: unknown) => error as { cause?: { message?: string } });
    expect(refused?.cause?.message).toMatch(/was deleted/);
  });
});

describe('the storage quota', () => {
  it('counts parallel uploads exactly: 10 at once of 1 MiB under a 3 MiB quota make 3 documents and 7 French 413s', async () => {
    const other = await createOwner(api, { name: 'Téléversements Parallèles' });
    // Ten listings: one listing's row lock would line its uploads up anyway; the quota is the organisation's.
    const listings = await Promise.all(Array.from({ length: 10 }, () => draft(other.token)));
    const listing = listings[0]!;
    const filesBefore = await storedNames();
    const answers = await Promise.all(
      listings.map((id, i) => uploadDocument(api, other.token, id, { name: `releve-${i}.pdf`, bytes: pdfOf(1) })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 413)).toHaveLength(7);
    const refused = answers.find((a) => a.status === 413)!;
    expectResponseMatches('POST', '/inquiries/{id}/documents', 413, refused.body);
    expect(refused.body.type).toBe(PROBLEM_TYPES.storageQuota);
    expect(refused.body.detail).toBe(storageQuotaMessage(3 * MIB, QUOTA_MB * MIB));

    const use = await api.request('GET', `/organizations/${other.organizationId}/storage`, { token: other.token });
    expect(use.body).toEqual({ usedBytes: 3 * MIB, quotaBytes: QUOTA_MB * MIB, documentCount: 3 });
    // The refused uploads' files are gone too: only the three documents' files remain.
    const rows = await api.database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.organizationId, other.organizationId));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(await storage.exists(row.key)).toBe(true);
    // ...and the refused uploads' files went at once: no new file is without a row or a queue line.
    expect(await orphansSince(filesBefore)).toEqual([]);

    // Full: refused before the file is read; one deletion makes room again.
    const full = await uploadDocument(api, other.token, listing, { name: 'encore.pdf', bytes: pdfOf(0.01) });
    expect(full.status).toBe(413);
    const kept = await api.database.db.select({ id: documents.id }).from(documents).where(eq(documents.organizationId, other.organizationId));
    expect((await api.request('DELETE', `/documents/${kept[0]!.id}`, { token: other.token })).status).toBe(204);
    expect((await uploadDocument(api, other.token, listing, { name: 'encore.pdf', bytes: pdfOf(1) })).status).toBe(201);
  });

  it("never refuses the platform's sendings, which do not count", async () => {
    const other = await createOwner(api, { name: 'Envois Plateforme' });
    const listing = await draft(other.token);
    expect((await uploadDocument(api, other.token, listing, { name: 'plein.pdf', bytes: pdfOf(3) })).status).toBe(201);
    const sent = await uploadDocument(api, admin, listing, { name: 'etude.pdf', bytes: pdfOf(1), kind: 'SOIL_STUDY' });
    expect(sent.status).toBe(201);
    const use = await api.request('GET', `/organizations/${other.organizationId}/storage`, { token: admin });
    expect(use.body).toEqual({ usedBytes: 3 * MIB, quotaBytes: QUOTA_MB * MIB, documentCount: 1 });
  });
});

describe('GET /organizations/{id}/storage', () => {
  it('answers the members and the admins; another organisation gets a 404, anonymous a 401', async () => {
    const employee = await createEmployee(api, owner);
    expect((await api.request('GET', `/organizations/${owner.organizationId}/storage`, { token: employee.token })).status).toBe(200);
    expect((await api.request('GET', `/organizations/${owner.organizationId}/storage`, { token: admin })).status).toBe(200);
    const stranger = await createOwner(api, { name: 'Curieux et Cie' });
    const foreign = await api.request('GET', `/organizations/${owner.organizationId}/storage`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expectResponseMatches('GET', '/organizations/{id}/storage', 404, foreign.body);
    expect((await api.request('GET', `/organizations/${owner.organizationId}/storage`)).status).toBe(401);
  });
});

describe('the sweep', () => {
  it('removes the orphan file of an upload interrupted between storage and database, once its reservation is due', async () => {
    const key = await reserveStorageKey(api.database.db);
    await storage.save(Readable.from([Buffer.from('%PDF-1.4\norphelin')]), key);
    // Not due yet: an upload may still be under way.
    await sweepFileRemovals(api.database.db, storage);
    expect(await storage.exists(key)).toBe(true);
    await api.database.db.execute(sql`update file_removals set due_at = now() - interval '1 second' where storage_key = ${key}`);
    await sweepFileRemovals(api.database.db, storage);
    expect(await storage.exists(key)).toBe(false);
    expect((await api.database.db.execute(sql`select 1 from file_removals where storage_key = ${key}`)).rows).toHaveLength(0);
  });

  it('never removes a file that a document still names, whatever the queue says', async () => {
    const listing = await draft(owner.token);
    const uploaded = await uploadDocument(api, owner.token, listing, { name: 'garde.pdf', bytes: pdfOf(0.01) });
    const key = await storageKeyOf(uploaded.body.id);
    await api.database.db.execute(sql`insert into file_removals (storage_key, due_at) values (${key}, now() - interval '1 hour')`);
    await sweepFileRemovals(api.database.db, storage);
    expect(await storage.exists(key)).toBe(true);
    const download = await fetch(`${api.url}/api/v1/documents/${uploaded.body.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(download.status).toBe(200);
  });
});
