// The admins' soil study table (issue 10) over real HTTP: one row per listing with a study
// file or a delegation, searched, paged with X-Total-Count; advertisers are refused.
import { randomInt } from 'node:crypto';
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  adminToken,
  completeListingFields,
  createEmployee,
  createOwner,
  SAMPLE_FILES,
  uploadDocument,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

function word(length = 9): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

async function listing(owner: OwnerFixture, fields: Record<string, unknown>): Promise<string> {
  const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'FILL', ...completeListingFields(fields) } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const ids = (res: ApiResponse) => (res.body as { id: string }[]).map((row) => row.id);
const total = (res: ApiResponse) => Number(res.headers.get('x-total-count'));

describe('GET /soil-studies', () => {
  it('lists delegated studies and uploaded files, searched by address or organisation, newest first, paged', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: `Sablières ${tag} Frères` });
    const delegated = await listing(owner, { project_name: `Gymnase ${tag}`, site_address: '3 rue de l’Église, 87000 Limoges', soil_study_delegation: true });
    const withFile = await listing(owner, { project_name: `Halle ${tag}`, site_address: '12 avenue Jean-Jaurès 19100 Brive-la-Gaillarde', soil_study_delegation: false });
    const upload = await uploadDocument(api, owner.token, withFile, { name: 'etude.docx', bytes: SAMPLE_FILES['etude.docx']!, kind: 'SOIL_STUDY' });
    expect(upload.status).toBe(201);
    const neither = await listing(owner, { project_name: `Parking ${tag}`, soil_study_delegation: false });

    const mine = await api.request('GET', `/soil-studies?q=${tag}&page=1&page_size=5`, { token: admin });
    expect(mine.status).toBe(200);
    expectResponseMatches('GET', '/soil-studies', 200, mine.body);
    expect(ids(mine)).toEqual([withFile, delegated]);
    expect(ids(mine)).not.toContain(neither);
    expect(total(mine)).toBe(2);
    expect(mine.body[0]).toMatchObject({
      street: '12 avenue Jean-Jaurès',
      postcode: '19100',
      city: 'Brive-la-Gaillarde',
      organizationName: `Sablières ${tag} Frères`,
      hasFile: true,
      delegated: false,
      fileName: 'etude.docx',
    });

    const second = await api.request('GET', `/soil-studies?q=${tag}&page=2&page_size=1`, { token: admin });
    expect(ids(second)).toEqual([delegated]);
    expect(total(second)).toBe(2);
    expect(ids(await api.request('GET', `/soil-studies?q=${tag}&sort=created_at`, { token: admin }))).toEqual([delegated, withFile]);
    const byCity = await api.request('GET', `/soil-studies?q=${encodeURIComponent(`LIMOGES eglise ${tag}`)}`, { token: admin });
    expect(ids(byCity)).toEqual([delegated]);
    const byOrganisation = await api.request('GET', `/soil-studies?q=${encodeURIComponent(`sablieres ${tag} freres`)}`, { token: admin });
    expect(ids(byOrganisation)).toEqual([withFile, delegated]);

    // Removing the study file takes the listing out of the table (the flag follows its documents).
    const removed = await api.request('DELETE', `/documents/${upload.body.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    const after = await api.request('GET', `/soil-studies?q=${tag}&page=1&page_size=5`, { token: admin });
    expect(ids(after)).toEqual([delegated]);
    expect(total(after)).toBe(1);
  });

  it('keeps the delegated studies still to do, or those with a file (the console\'s queue, issue 21)', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: `Géotechnique ${tag}` });
    const delegated = await listing(owner, { project_name: `Crèche ${tag}`, soil_study_delegation: true });
    const done = await listing(owner, { project_name: `Collège ${tag}`, soil_study_delegation: true });
    const provided = await listing(owner, { project_name: `Stade ${tag}`, soil_study_delegation: false });
    // The platform sends the study of `done`; the owner uploads the one of `provided`.
    const file = { name: 'etude.docx', bytes: SAMPLE_FILES['etude.docx']!, kind: 'SOIL_STUDY' };
    expect((await uploadDocument(api, admin, done, file)).status).toBe(201);
    expect((await uploadDocument(api, owner.token, provided, file)).status).toBe(201);

    const waiting = await api.request('GET', `/soil-studies?q=${tag}&state=delegated`, { token: admin });
    expect(waiting.status).toBe(200);
    expectResponseMatches('GET', '/soil-studies', 200, waiting.body);
    expect(ids(waiting)).toEqual([delegated]);
    expect(total(waiting)).toBe(1);
    expect(ids(await api.request('GET', `/soil-studies?q=${tag}&state=provided`, { token: admin }))).toEqual([provided, done]);
    expect(ids(await api.request('GET', `/soil-studies?q=${tag}`, { token: admin }))).toEqual([provided, done, delegated]);
  });

  it('is for admins only, and refuses malformed parameters', async () => {
    const owner = await createOwner(api, { name: 'Carrières du Comtat' });
    const employee = await createEmployee(api, owner);
    const id = await listing(owner, { soil_study_delegation: true });
    for (const token of [owner.token, employee.token]) {
      for (const path of ['/soil-studies?page=1', `/soil-studies/${id}`]) {
        const refused = await api.request('GET', path, { token });
        expect(refused.status).toBe(403);
      }
    }
    expect((await api.request('GET', `/soil-studies/${id}`, { token: admin })).status).toBe(200);
    for (const [query, detail] of [
      ['page=-1', messages.pageParameter],
      ['page_size=0', messages.pageSizeParameter],
      ['sort=city', "Le paramètre « sort » doit valoir l'une de ces valeurs : created_at, -created_at."],
      ['state=todo', messages.soilStudyStateParameter],
    ] as const) {
      const res = await api.request('GET', `/soil-studies?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expectResponseMatches('GET', '/soil-studies', 400, res.body);
      expect(res.body.detail).toBe(detail);
    }
  });
});
