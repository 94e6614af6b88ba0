// Faults (issue 13): the database connection dropped in the middle of a listing's validation
// (credit debit), a credit purchase and an upload. The point is deterministic: this test holds
// the audit log (LOCK TABLE ... SHARE: inserts wait), which each of these writes last in its
// transaction, after the debit, the payment or the document row; once the API's backend waits on
// that lock, the test ends it (pg_terminate_backend) and lets go. The client gets a 503 problem
// with a French detail, nothing of the transaction is left (nor the stored file), and the same
// request sent again succeeds exactly once. The API runs on a database of its own (the lock
// would stall every other test file) and names its connections (application_name).
import { messages } from '@terres/domain';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, creditLedger, documents, inquiries, invoices, purchases } from './db/schema.js';
import { tempDir } from '../test/helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database.js';
import { adminToken, createCompleteDraft, createOwner, SAMPLE_FILES } from '../test/helpers/fixtures.js';
import { expectResponseMatches } from '../test/helpers/openapi.js';
import { balanceOf, packsOf, postSimulatorForm, tokenOf } from '../test/helpers/payments.js';
import { startS3Fixture, type S3Fixture } from '../test/helpers/s3-fixture.js';
import { httpRequest, startApiForTest, type ApiResponse, type TestApi } from '../test/helpers/session.js';

const APPLICATION_NAME = `bourse-faults-${randomBytes(4).toString('hex')}`;

let testDatabase: TestDatabase;
let s3: S3Fixture;
let api: TestApi;
let admin: string;
const dataDir = tempDir('bourse-faults-');

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  s3 = await startS3Fixture();
  const url = new URL(testDatabase.url);
  url.searchParams.set('application_name', APPLICATION_NAME);
  api = await startApiForTest({ DATA_DIR: dataDir.path, HEAVY_WORKERS: '0', ...s3.env }, { databaseUrl: url.toString() });
  admin = await adminToken(api);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await s3?.close();
  await testDatabase?.drop();
  dataDir.remove();
});

/**
 * Sends the request while this test holds the audit log; once one of the API's connections waits
 * for it, ends that connection, then lets go. Answers the client's response.
 */
async function withConnectionDropped(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const holder = new pg.Client({ connectionString: testDatabase.url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('lock table audit_log in share mode');
    const answer = send();
    let terminated = 0;
    for (let attempt = 0; attempt < 400 && terminated === 0; attempt += 1) {
      const { rows } = await holder.query<{ pid: number }>(
        `select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [APPLICATION_NAME],
      );
      for (const { pid } of rows) {
        await holder.query('select pg_terminate_backend($1)', [pid]);
        terminated += 1;
      }
      if (terminated === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(terminated, 'the request never reached the audit log').toBe(1);
    await holder.query('rollback');
    return await answer;
  } finally {
    await holder.end();
  }
}

function expectDatabaseLost(response: ApiResponse, method: string, path: string): void {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body.detail).toBe(messages.databaseUnavailable);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expectResponseMatches(method, path, 503, response.body);
}

describe('the database connection lost mid-request', () => {
  it('during a validation: no debit, no move; the same request then debits once', async () => {
    const owner = await createOwner(api, { credits: 300 });
    const id = await createCompleteDraft(api, owner.token);
    const submitted = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { status: 'PENDING_VALIDATION' } });
    expect(submitted.status).toBe(200);
    const cost = submitted.body.cost as number;
    const before = await balanceOf(api, owner.organizationId);
    const validate = () => api.request('PUT', `/inquiries/${id}/status`, { token: admin, body: { status: 'APPROVED' } });

    expectDatabaseLost(await withConnectionDropped(validate), 'PUT', '/inquiries/{id}/status');
    const [row] = await api.database.db.select({ status: inquiries.status, validatedAt: inquiries.validatedAt }).from(inquiries).where(eq(inquiries.id, id));
    expect(row).toEqual({ status: 'PENDING_VALIDATION', validatedAt: null });
    expect(await balanceOf(api, owner.organizationId)).toBe(before);
    const debits = () => api.database.db.select().from(creditLedger).where(eq(creditLedger.reference, `inquiry-validation:${id}`));
    expect(await debits()).toHaveLength(0);

    const retried = await validate();
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('APPROVED');
    expect(await balanceOf(api, owner.organizationId)).toBe(before - cost);
    expect(await debits()).toHaveLength(1);
    // Sent once more: refused by the workflow, still one debit.
    expect((await validate()).status).toBe(409);
    expect(await debits()).toHaveLength(1);
    expect(await balanceOf(api, owner.organizationId)).toBe(before - cost);
  });

  it('during a purchase: nothing paid, credited nor invoiced; the same form then credits once', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const form = { token: tokenOf(pack!.link), action: 'pay' };
    const purchasesOf = () => api.database.db.select().from(purchases).where(eq(purchases.organizationId, owner.organizationId));

    const lost = await withConnectionDropped(() => postSimulatorForm(api, form));
    expectDatabaseLost(lost, 'POST', '/payments/simulator/checkout');
    expect(await purchasesOf()).toEqual([]);
    expect(await balanceOf(api, owner.organizationId)).toBe(0);
    expect(await api.database.db.select().from(invoices).where(eq(invoices.organizationId, owner.organizationId))).toEqual([]);

    // A browser posting the pay page gets the French error page, not JSON.
    const page = await withConnectionDropped(() => postSimulatorForm(api, form, { accept: 'text/html' }));
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('momentanément injoignable');
    expect(await purchasesOf()).toEqual([]);

    const paid = await postSimulatorForm(api, form);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`expected_credit_count=${pack!.credits}`);
    // The link pays once: posted again, nothing more.
    expect((await postSimulatorForm(api, form)).status).toBe(303);
    expect(await purchasesOf()).toEqual([expect.objectContaining({ status: 'PAID', credits: pack!.credits })]);
    expect(await balanceOf(api, owner.organizationId)).toBe(pack!.credits);
    expect(await api.database.db.select().from(invoices).where(eq(invoices.organizationId, owner.organizationId))).toHaveLength(1);
  });

  it('during an upload: no document row and no object left in the bucket; sent again, stored once', async () => {
    const owner = await createOwner(api);
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'ZAC des pannes' } });
    expect(created.status).toBe(201);
    const inquiryId = created.body.id as string;
    const bytes = SAMPLE_FILES['plan.png']!;
    const objectsBefore = new Set(s3.objects.keys());
    const upload = async (): Promise<ApiResponse> => {
      const form = new FormData();
      form.append('kind', 'OTHER');
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'plan.png');
      const response = await fetch(`${api.url}/api/v1/inquiries/${inquiryId}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    };

    expectDatabaseLost(await withConnectionDropped(upload), 'POST', '/inquiries/{id}/documents');
    const rowsOf = () => api.database.db.select().from(documents).where(eq(documents.inquiryId, inquiryId));
    expect(await rowsOf()).toEqual([]);
    // The object was stored before the transaction, then removed when it failed.
    const put = s3.requests.filter((line) => line.startsWith('PUT ')).at(-1)!.slice(4);
    expect(objectsBefore.has(put)).toBe(false);
    expect(s3.objects.has(put)).toBe(false);
    expect(s3.requests).toContain(`DELETE ${put}`);
    expect(readdirSync(join(dataDir.path, 'upload-tmp'))).toEqual([]);
    expect(
      await api.database.db.select().from(auditLog).where(sql`${auditLog.targetId} = ${inquiryId} and ${auditLog.action} = 'document.uploaded'`),
    ).toEqual([]);

    const stored = await upload();
    expect(stored.status).toBe(201);
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(s3.objects.get(rows[0]!.storageKey)?.equals(Buffer.from(bytes))).toBe(true);
    const download = await httpRequest(`${api.url}/api/v1/documents/${rows[0]!.id}/download`, 'GET', { token: owner.token });
    expect(download.status).toBe(200);
  });
});
