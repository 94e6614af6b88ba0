// Issue 20 on object storage: a deleted document's object leaves the bucket (DeleteObject over
// real HTTP through the AWS SDK to the loopback S3 fixture); when the bucket is out of reach at
// that moment, the deletion still answers 204 and the sweep removes the object once it is back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.js';
import { sweepFileRemovals } from '../../services/stored-files.js';
import { tempDir } from '../../../test/helpers/app.js';
import { createOwner, uploadDocument, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { startS3Fixture, type S3Fixture } from '../../../test/helpers/s3-fixture.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let s3: S3Fixture;
let api: TestApi;
let owner: OwnerFixture;
const dataDir = tempDir('bourse-deleted-files-');

beforeAll(async () => {
  s3 = await startS3Fixture();
  api = await startApiForTest({ DATA_DIR: dataDir.path, ...s3.env });
  owner = await createOwner(api, { name: 'Seau Percé SARL' });
});

afterAll(async () => {
  await api?.close();
  await s3?.close();
  dataDir.remove();
});

async function uploadedKey(listing: string): Promise<{ id: string; key: string }> {
  const uploaded = await uploadDocument(api, owner.token, listing, { name: 'plan.pdf', bytes: new TextEncoder().encode('%PDF-1.4\nplan') });
  expect(uploaded.status).toBe(201);
  const [row] = await api.database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, uploaded.body.id));
  return { id: uploaded.body.id, key: row!.key };
}

describe('deleted documents on S3', () => {
  it('removes the object from the bucket at once', async () => {
    const listing = (await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Bucket' } })).body.id;
    const { id, key } = await uploadedKey(listing);
    expect(s3.objects.has(key)).toBe(true);
    expect((await api.request('DELETE', `/documents/${id}`, { token: owner.token })).status).toBe(204);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests).toContain(`DELETE ${key}`);
  });

  it('leaves the removal to the sweep when the bucket is out of reach, never failing the deletion', async () => {
    const listing = (await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Bucket en panne' } })).body.id;
    const { id, key } = await uploadedKey(listing);
    const storage = api.running.app.storage as unknown as { remove(key: string): Promise<void> };
    const remove = storage.remove.bind(storage);
    storage.remove = () => Promise.reject(new Error('bucket out of reach'));
    try {
      expect((await api.request('DELETE', `/documents/${id}`, { token: owner.token })).status).toBe(204);
    } finally {
      storage.remove = remove;
    }
    expect(s3.objects.has(key)).toBe(true);
    expect((await api.request('GET', `/inquiries/${listing}/documents`, { token: owner.token })).body).toEqual([]);
    await sweepFileRemovals(api.database.db, api.running.app.storage);
    expect(s3.objects.has(key)).toBe(false);
  });
});
