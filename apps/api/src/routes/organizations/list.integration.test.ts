// The admins' organisation table (issue 10) over real HTTP: quick search over name, e-mail,
// SIRET and representative (accents and case ignored), sort, paging with X-Total-Count,
// archived ones on request, and nobody else may list. The run's test files share one
// database: each search uses words no other test writes.
import { randomInt } from 'node:crypto';
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createEmployee, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
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

async function describeOrganization(owner: OwnerFixture, body: Record<string, unknown>): Promise<void> {
  const res = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body });
  expect(res.status).toBe(200);
}

function list(query: string, token = admin): Promise<ApiResponse> {
  return api.request('GET', `/organizations?${query}`, { token });
}

const ids = (res: ApiResponse) => (res.body as { id: string }[]).map((row) => row.id);
const total = (res: ApiResponse) => Number(res.headers.get('x-total-count'));

describe('GET /organizations: search, sort and pages', () => {
  it('finds organisations by name, e-mail, SIRET and representative, ignoring accents and case', async () => {
    const tag = word();
    const named = await createOwner(api, { name: `Société Générale des Déblais ${tag}` });
    const mailed = await createOwner(api, { name: 'Transports Lévêque' });
    await describeOrganization(mailed, { email: `contact@${tag}-leveque.fr` });
    const represented = await createOwner(api, { name: 'Aménagements du Berry' });
    await describeOrganization(represented, { representative_first_name: 'Hélène', representative_last_name: `Brémond-${tag}` });

    const byName = await list(`q=${encodeURIComponent(`societe generale deblais ${tag.toUpperCase()}`)}`);
    expect(byName.status).toBe(200);
    expectResponseMatches('GET', '/organizations', 200, byName.body);
    expect(ids(byName)).toEqual([named.organizationId]);
    expect(total(byName)).toBe(1);
    expect(ids(await list(`q=${encodeURIComponent(`${tag}-leveque.fr`)}`))).toEqual([mailed.organizationId]);
    expect(ids(await list(`q=${encodeURIComponent(`helene bremond ${tag}`)}`))).toEqual([represented.organizationId]);
    // The SIRET, with the tag to keep other tests' organisations out.
    const bySiret = await list(`q=${mailed.siret.slice(3, 11)}%20${tag}`);
    expect(ids(bySiret)).toEqual([mailed.organizationId]);
    const all = await list(`q=${tag}`);
    expect(ids(all).sort()).toEqual([named, mailed, represented].map((o) => o.organizationId).sort());
  });

  it('sorts by name or creation date and pages, archived ones only on request', async () => {
    const tag = word();
    const created: OwnerFixture[] = [];
    for (const name of ['Bravo', 'Alpha', 'Delta', 'Charlie']) created.push(await createOwner(api, { name: `${name} ${tag}` }));
    const [bravo, alpha, delta, charlie] = created.map((o) => o.organizationId) as [string, string, string, string];

    const first = await list(`q=${tag}&page=1&page_size=3`);
    expect(ids(first)).toEqual([alpha, bravo, charlie]);
    expect(total(first)).toBe(4);
    const second = await list(`q=${tag}&page=2&page_size=3`);
    expect(ids(second)).toEqual([delta]);
    expect(total(second)).toBe(4);
    expect(ids(await list(`q=${tag}&sort=-name`))).toEqual([delta, charlie, bravo, alpha]);
    expect(ids(await list(`q=${tag}&sort=created_at`))).toEqual([bravo, alpha, delta, charlie]);
    expect(ids(await list(`q=${tag}&sort=-created_at&page=1&page_size=2`))).toEqual([charlie, delta]);

    expect((await api.request('DELETE', `/organizations/${delta}/archive`, { token: admin })).status).toBe(204);
    const active = await list(`q=${tag}&page=1&page_size=10`);
    expect(ids(active)).toEqual([alpha, bravo, charlie]);
    expect(total(active)).toBe(3);
    const withArchived = await list(`q=${tag}&with_archived=true&page=1&page_size=10`);
    expect(ids(withArchived)).toEqual([alpha, bravo, charlie, delta]);
    expect(total(withArchived)).toBe(4);
    expect(withArchived.body.at(-1).archived).toBe(true);
  });

  it('keeps the verified ones or those to verify (the console\'s queue, issue 21)', async () => {
    const tag = word();
    const toVerify = await createOwner(api, { name: `Terrassements ${tag} à vérifier` });
    const verified = await createOwner(api, { name: `Terrassements ${tag} vérifiés` });
    expect((await api.request('PUT', `/organizations/${verified.organizationId}/verify?verified=true`, { token: admin })).status).toBe(200);

    const waiting = await list(`q=${tag}&verified=false`);
    expect(waiting.status).toBe(200);
    expectResponseMatches('GET', '/organizations', 200, waiting.body);
    expect(ids(waiting)).toEqual([toVerify.organizationId]);
    expect(ids(await list(`q=${tag}&verified=true`))).toEqual([verified.organizationId]);
    expect(ids(await list(`q=${tag}`))).toHaveLength(2);
  });

  it('refuses advertisers and malformed parameters', async () => {
    const owner = await createOwner(api, { name: 'Voirie et réseaux du Maine' });
    const employee = await createEmployee(api, owner);
    for (const token of [owner.token, employee.token]) {
      const refused = await list('q=voirie&page=1', token);
      expect(refused.status).toBe(403);
      expectResponseMatches('GET', '/organizations', 403, refused.body);
    }
    const cases: [string, string][] = [
      ['page=0', messages.pageParameter],
      ['page_size=500', messages.pageSizeParameter],
      ['sort=siret', "Le paramètre « sort » doit valoir l'une de ces valeurs : name, -name, created_at, -created_at."],
      ['with_archived=oui', messages.withArchivedParameter],
      ['verified=peut-etre', messages.verifiedParameter],
      [`q=${'x'.repeat(101)}`, messages.searchTooLong],
    ];
    for (const [query, detail] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expectResponseMatches('GET', '/organizations', 400, res.body);
      expect(res.body.detail, query).toBe(detail);
    }
  });
});
