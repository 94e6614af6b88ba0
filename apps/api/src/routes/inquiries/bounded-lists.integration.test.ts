// Issue 20, unbounded drafts and answers: drafts were free and unlimited, and GET /inquiries
// without paging answered all of them (1 000 drafts: a 19 MB answer in 1.9 s). Now an
// organisation keeps at most MAX_DRAFTS_PER_ORGANIZATION drafts (a French 409 saying how many and
// what to do), and every list answers at most a page of 100 rows.
import { messages, fillTemplate, PROBLEM_TYPES } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createEmployee, createOwner } from '../../../test/helpers/fixtures.js';
import { packsOf, payWithSimulator } from '../../../test/helpers/payments.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
/** The same platform with room for many drafts (the run's database is shared). */
let roomy: TestApi;

beforeAll(async () => {
  api = await startApiForTest({ MAX_DRAFTS_PER_ORGANIZATION: '3' });
  roomy = await startApiForTest({ MAX_DRAFTS_PER_ORGANIZATION: '200' });
});

afterAll(async () => {
  await api?.close();
  await roomy?.close();
});

const draft = (name: string, type: 'CUT' | 'FILL' = 'CUT') => ({ type, project_name: name });

async function draftCount(on: TestApi, token: string): Promise<number> {
  const res = await on.request('GET', '/inquiries?status=DRAFT&page=1&page_size=1', { token });
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-total-count'));
}

describe('an organisation keeps at most MAX_DRAFTS_PER_ORGANIZATION drafts (issue 20)', () => {
  it('refuses one more draft with a French 409 saying how many and what to do, and takes one again once a draft is gone', async () => {
    const owner = await createOwner(api, { name: 'Brouillons Bornés TP', credits: 100 });
    const employee = await createEmployee(api, owner);
    const ids: string[] = [];
    for (const name of ['Premier', 'Deuxième', 'Troisième']) {
      const created = await api.request('POST', '/inquiries', { token: employee.token, body: draft(name) });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    for (const token of [owner.token, employee.token]) {
      const refused = await api.request('POST', '/inquiries', { token, body: draft('Quatrième', 'FILL') });
      expect(refused.status).toBe(409);
      expectResponseMatches('POST', '/inquiries', 409, refused.body);
      expect(refused.body.type).toBe(PROBLEM_TYPES.draftLimit);
      expect(refused.body.detail).toBe(
        'Votre organisation a déjà 3 brouillons, le maximum autorisé. Soumettez ou supprimez un brouillon existant avant de créer une nouvelle annonce.',
      );
      expect(refused.body.detail).toBe(fillTemplate(messages.draftLimit, { max: 3 }));
    }
    expect(await draftCount(api, owner.token)).toBe(3);

    // Another organisation is not held by this one's drafts.
    const other = await createOwner(api, { name: 'Autre Organisation TP' });
    expect((await api.request('POST', '/inquiries', { token: other.token, body: draft('Ailleurs') })).status).toBe(201);

    // A deleted draft frees its place.
    expect((await api.request('DELETE', `/inquiries/${ids[0]}`, { token: owner.token })).status).toBe(204);
    expect((await api.request('POST', '/inquiries', { token: owner.token, body: draft('Remplaçant') })).status).toBe(201);
    expect((await api.request('POST', '/inquiries', { token: owner.token, body: draft('De trop') })).status).toBe(409);
  });

  it('counts parallel creations one after the other: 30 at once with room for 3 make exactly 3 (without the lock, 5 passed)', async () => {
    const owner = await createOwner(api, { name: 'Brouillons Parallèles TP' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.request('POST', '/inquiries', { token: owner.token, body: draft(`Parallèle ${i}`) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(27);
    expect(await draftCount(api, owner.token)).toBe(3);
  });
});

describe('GET /inquiries never answers more than a page (issue 20)', () => {
  it('answers the first 100 of 105 drafts without paging, with the total, and refuses a page over 100', async () => {
    const owner = await createOwner(roomy, { name: 'Cent Cinq Brouillons TP' });
    for (let start = 0; start < 105; start += 5) {
      const batch = await Promise.all(
        Array.from({ length: 5 }, (_, i) => roomy.request('POST', '/inquiries', { token: owner.token, body: draft(`Brouillon ${start + i}`) })),
      );
      expect(batch.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    }
    const unpaged = await roomy.request('GET', '/inquiries', { token: owner.token });
    expect(unpaged.status).toBe(200);
    expectResponseMatches('GET', '/inquiries', 200, unpaged.body);
    expect(unpaged.body).toHaveLength(100);
    expect(unpaged.headers.get('x-total-count')).toBe('105');
    // Newest first: the last page holds the 5 oldest.
    const last = await roomy.request('GET', '/inquiries?page=2&page_size=100', { token: owner.token });
    expect(last.body).toHaveLength(5);
    expect(new Set([...unpaged.body, ...last.body].map((row: { id: string }) => row.id)).size).toBe(105);
    const tooLarge = await roomy.request('GET', '/inquiries?page_size=101', { token: owner.token });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.detail).toBe(messages.pageSizeParameter);
    // The admins' lists too.
    const admin = await adminToken(roomy);
    const drafts = await roomy.request('GET', `/inquiries?status=DRAFT&organization_id=${owner.organizationId}`, { token: admin });
    expect(drafts.body).toHaveLength(100);
    expect(drafts.headers.get('x-total-count')).toBe('105');
  });
});

describe('the ledger and the invoices are paged too (issue 20)', () => {
  it('answers the 100 newest ledger lines without paging, with the total, and any page asked', async () => {
    const owner = await createOwner(roomy, { name: 'Grand Livre TP' });
    const admin = await adminToken(roomy);
    for (let start = 0; start < 104; start += 4) {
      const grants = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          roomy.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: start + i + 1, reason: 'Geste commercial' } }),
        ),
      );
      expect(grants.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    }
    const path = `/organizations/${owner.organizationId}/credit-transactions`;
    const unpaged = await roomy.request('GET', path, { token: owner.token });
    expect(unpaged.status).toBe(200);
    expectResponseMatches('GET', '/organizations/{id}/credit-transactions', 200, unpaged.body);
    expect(unpaged.body).toHaveLength(100);
    expect(unpaged.headers.get('x-total-count')).toBe('104');
    const second = await roomy.request('GET', `${path}?page=2&page_size=100`, { token: owner.token });
    expect(second.body).toHaveLength(4);
    expect(new Set([...unpaged.body, ...second.body].map((line: { id: string }) => line.id)).size).toBe(104);
    expect((await roomy.request('GET', `${path}?page_size=0`, { token: owner.token })).status).toBe(400);
  });

  it('pages the invoices with their total', async () => {
    const owner = await createOwner(roomy, { name: 'Factures Paginées TP' });
    const [small, recommended] = await packsOf(roomy, owner.token);
    await payWithSimulator(roomy, small!.link);
    await payWithSimulator(roomy, recommended!.link);
    const first = await roomy.request('GET', '/invoices?page=1&page_size=1', { token: owner.token });
    expect(first.status).toBe(200);
    expectResponseMatches('GET', '/invoices', 200, first.body);
    expect(first.body).toHaveLength(1);
    expect(first.headers.get('x-total-count')).toBe('2');
    const second = await roomy.request('GET', '/invoices?page=2&page_size=1', { token: owner.token });
    expect(second.body).toHaveLength(1);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    const unpaged = await roomy.request('GET', '/invoices', { token: owner.token });
    expect(unpaged.headers.get('x-total-count')).toBe('2');
    expect(unpaged.body.map((invoice: { id: string }) => invoice.id)).toEqual([first.body[0].id, second.body[0].id]);
  });
});
