import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/app.js';
import { adminToken, completeListingFields, createOwner, SAMPLE_FILES, type OwnerFixture } from '../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../test/helpers/openapi.js';
import { startApiForTest, type TestApi } from '../../test/helpers/session.js';
import { storeDemoDocument } from './demo.js';

const dataDir = tempDir('bourse-demo-files-');
let api: TestApi;
let owner: OwnerFixture;
let inquiryId: string;

beforeAll(async () => {
  api = await startApiForTest({ DATA_DIR: dataDir.path });
  owner = await createOwner(api, { name: 'Démo Sols' });
  const created = await api.request('POST', '/inquiries', {
    token: owner.token,
    body: { type: 'CUT', ...completeListingFields({ soil_study_delegation: false }) },
  });
  expect(created.status).toBe(201);
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

describe('storeDemoDocument', () => {
  it('stores a file the API serves like an upload, and a soil study shows in the admin table', async () => {
    const bytes = SAMPLE_FILES['permis.pdf']!;
    const row = await api.database.db.transaction((tx) =>
      storeDemoDocument(tx, api.running.app.storage, { inquiryId, kind: 'SOIL_STUDY', name: 'étude-de-sol-G2-AVP.pdf', bytes }),
    );
    expect(row).toMatchObject({ inquiryId, organizationId: owner.organizationId, kind: 'SOIL_STUDY', mimeType: 'application/pdf', size: bytes.length });
    expect(storedFiles()).toEqual([row.storageKey]);

    const list = await api.request('GET', `/inquiries/${inquiryId}/documents`, { token: owner.token });
    expectResponseMatches('GET', '/inquiries/{id}/documents', 200, list.body);
    expect(list.body).toEqual([expect.objectContaining({ id: row.id, fileName: 'étude-de-sol-G2-AVP.pdf' })]);

    const response = await fetch(`${api.url}/api/v1/documents/${row.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const study = await api.request('GET', `/soil-studies/${inquiryId}`, { token: await adminToken(api) });
    expect(study.status).toBe(200);
    expectResponseMatches('GET', '/soil-studies/{id}', 200, study.body);
    expect(study.body).toMatchObject({ hasFile: true, documentId: row.id, fileName: 'étude-de-sol-G2-AVP.pdf', organizationName: 'Démo Sols' });
  });

  it('refuses bytes the upload would refuse, storing nothing', async () => {
    const before = storedFiles();
    await expect(
      storeDemoDocument(api.database.db, api.running.app.storage, { inquiryId, kind: 'PERMISSION', name: 'permis.pdf', bytes: SAMPLE_FILES['plan.png']! }),
    ).rejects.toThrow(/do not match/);
    await expect(
      storeDemoDocument(api.database.db, api.running.app.storage, {
        inquiryId: '00000000-0000-4000-8000-000000000000',
        kind: 'PERMISSION',
        name: 'permis.pdf',
        bytes: SAMPLE_FILES['permis.pdf']!,
      }),
    ).rejects.toThrow(/no listing/);
    expect(storedFiles()).toEqual(before);
  });
});
