// GET /admin/queues over real HTTP (issue 21): the counters of the console's sidebar, for admins only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries } from '../../db/schema.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, completeListingFields, createEmployee, createOwner } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

const queues = async () => {
  const res = await api.request('GET', '/admin/queues', { token: admin });
  expect(res.status).toBe(200);
  expectResponseMatches('GET', '/admin/queues', 200, res.body);
  return res.body as { listingsToValidate: number; organizationsToVerify: number; soilStudiesDelegated: number };
};

describe('GET /admin/queues', () => {
  it('counts the listings to validate, the organisations to verify and the delegated soil studies', async () => {
    const before = await queues();
    const owner = await createOwner(api);
    const created = await api.request('POST', '/inquiries', {
      token: owner.token,
      body: { type: 'FILL', ...completeListingFields({ soil_study_delegation: true }) },
    });
    expect(created.status).toBe(201);
    await api.database.db.update(inquiries).set({ status: 'PENDING_VALIDATION' }).where(eq(inquiries.id, created.body.id as string));
    // Other test files share this database and add organisations and listings meanwhile (a
    // fresh-clone CI counted 198 for 197 + 1): each queue holds at least ours more than before.
    const after = await queues();
    expect(after.listingsToValidate).toBeGreaterThanOrEqual(before.listingsToValidate + 1);
    expect(after.organizationsToVerify).toBeGreaterThanOrEqual(before.organizationsToVerify + 1);
    expect(after.soilStudiesDelegated).toBeGreaterThanOrEqual(before.soilStudiesDelegated + 1);

    // Verified, the organisation leaves its queue (the filtered list the counter opens; newest first).
    const unverified = async () => {
      const res = await api.request('GET', '/organizations?verified=false&sort=-created_at&page=1&page_size=100', { token: admin });
      expect(res.status).toBe(200);
      return JSON.stringify(res.body);
    };
    expect(await unverified()).toContain(owner.organizationId);
    expect((await api.request('PUT', `/organizations/${owner.organizationId}/verify?verified=true`, { token: admin })).status).toBe(200);
    expect(await unverified()).not.toContain(owner.organizationId);
  });

  it('refuses advertisers (403) and anonymous callers (401)', async () => {
    const owner = await createOwner(api);
    const employee = await createEmployee(api, owner);
    for (const token of [owner.token, employee.token]) {
      const res = await api.request('GET', '/admin/queues', { token });
      expect(res.status).toBe(403);
      expectResponseMatches('GET', '/admin/queues', 403, res.body);
    }
    expect((await api.request('GET', '/admin/queues')).status).toBe(401);
  });
});
