// The listings table and map of the admin console (issue 10) over real HTTP: quick search,
// status and type filters, sort, paging with X-Total-Count, the organisation's name on every
// listing, the map pins, and what each role may see. The run's test files share one database:
// every search here uses words no other test writes.
import { randomInt } from 'node:crypto';
import { messages } from '@terres/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries } from '../../db/schema.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  adminToken,
  completeListingFields,
  createEmployee,
  createOwner,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { registerOwner, startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

/** A word of lower-case letters no other test writes (searches stay within this test's rows). */
function word(length = 9): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

interface ListingSetup {
  type?: 'CUT' | 'FILL';
  status?: string;
  createdAt?: Date;
  fields?: Record<string, unknown>;
}

/**
 * A listing of the owner's organisation, created over HTTP as a draft; its status and dates
 * are then set in the database (the status workflow has its own tests).
 */
async function listing(owner: OwnerFixture, setup: ListingSetup = {}): Promise<string> {
  const created = await api.request('POST', '/inquiries', {
    token: owner.token,
    body: { type: setup.type ?? 'CUT', ...completeListingFields(setup.fields) },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  if (setup.status || setup.createdAt) {
    await api.database.db
      .update(inquiries)
      .set({ ...(setup.status ? { status: setup.status } : {}), ...(setup.createdAt ? { createdAt: setup.createdAt, updatedAt: setup.createdAt } : {}) })
      .where(eq(inquiries.id, id));
  }
  return id;
}

function list(token: string, query = ''): Promise<ApiResponse> {
  return api.request('GET', `/inquiries${query ? `?${query}` : ''}`, { token });
}

const ids = (res: ApiResponse) => (res.body as { id: string }[]).map((row) => row.id);
const total = (res: ApiResponse) => Number(res.headers.get('x-total-count'));

describe('GET /inquiries: quick search', () => {
  it('finds listings by project, organisation, site address and project owner, ignoring accents and case', async () => {
    // 'xq' sits inside the organisation's word and starts no word of these listings (the tag
    // starts with 't'): the two-letter search below must find nothing, whatever the draw.
    const tag = `t${word(8)}`;
    const organisationWord = `${word(3)}xq${word(4)}`;
    const owner = await createOwner(api, { name: `Carrières ${organisationWord.toUpperCase()} Évêché` });
    const project = await listing(owner, {
      status: 'APPROVED',
      fields: { project_name: `Réhabilitation ${tag} de la friche Sainte-Hélène`, site_address: '4 rue du Château 42000 Saint-Étienne' },
    });
    const owned = await listing(owner, {
      status: 'PENDING_VALIDATION',
      fields: { project_name: `Lotissement ${tag}`, project_owner_first_name: 'Gaëlle', project_owner_last_name: `Lefèvre${tag}` },
    });

    const byProject = await list(admin, `q=${encodeURIComponent(`REHABILITATION ${tag.toUpperCase()} helene`)}`);
    expect(byProject.status).toBe(200);
    expectResponseMatches('GET', '/inquiries', 200, byProject.body);
    expect(ids(byProject)).toEqual([project]);
    expect(total(byProject)).toBe(1);
    expect(byProject.headers.get('x-total-count-capped')).toBeNull();

    // Every word must appear, anywhere in the listing's text or its organisation's name.
    const byOrganisation = await list(admin, `q=${encodeURIComponent(`eveche ${organisationWord}`)}`);
    expect(ids(byOrganisation).sort()).toEqual([project, owned].sort());
    expect(byOrganisation.body[0].organizationName).toBe(`Carrières ${organisationWord.toUpperCase()} Évêché`);
    const bySite = await list(admin, `q=${encodeURIComponent(`saint etienne ${tag}`)}`);
    expect(ids(bySite)).toEqual([project]);
    const byOwner = await list(admin, `q=${encodeURIComponent(`gaelle lefevre${tag}`)}`);
    expect(ids(byOwner)).toEqual([owned]);
    // Three letters or more match inside words; two letters only at the start of a word.
    const inside = await list(admin, `q=${encodeURIComponent(tag.slice(2, 7))}`);
    expect(ids(inside).sort()).toEqual([project, owned].sort());
    const twoLetters = await list(admin, `q=${encodeURIComponent(`${organisationWord.slice(0, 2)} ${tag}`)}`);
    expect(ids(twoLetters).sort()).toEqual([project, owned].sort());
    const twoInside = await list(admin, `q=${encodeURIComponent(`${organisationWord.slice(3, 5)} ${tag}`)}`);
    expect(ids(twoInside)).toEqual([]);
    expect(total(twoInside)).toBe(0);
  });

  it('does not filter under two characters, and refuses more than 100 characters', async () => {
    const owner = await createOwner(api, { name: 'Sablières du Quercy' });
    const first = await listing(owner);
    const second = await listing(owner, { type: 'FILL' });
    for (const q of ['', 'a', ' é ', "d'"]) {
      const res = await list(owner.token, `q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(ids(res).sort()).toEqual([first, second].sort());
      expect(total(res)).toBe(2);
    }
    const long = await list(admin, `q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expectResponseMatches('GET', '/inquiries', 400, long.body);
    expect(long.body.detail).toBe(messages.searchTooLong);
  });
});

describe('GET /inquiries: filters, sort and pages', () => {
  it('filters by one or several statuses and by type, sorts by date and pages with the total count', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: 'Terrassements du Médoc' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));
    const rows = [
      await listing(owner, { status: 'APPROVED', type: 'CUT', createdAt: day(1), fields: { project_name: `A ${tag}`, start_date: null, end_date: null } }),
      await listing(owner, { status: 'PENDING_VALIDATION', type: 'FILL', createdAt: day(2), fields: { project_name: `B ${tag}` } }),
      await listing(owner, { status: 'PROCESSED', type: 'CUT', createdAt: day(3), fields: { project_name: `C ${tag}` } }),
      await listing(owner, { status: 'APPROVED', type: 'FILL', createdAt: day(4), fields: { project_name: `D ${tag}` } }),
      await listing(owner, { status: 'REJECTED', type: 'CUT', createdAt: day(5), fields: { project_name: `E ${tag}` } }),
    ];
    const [a, b, c, d, e] = rows as [string, string, string, string, string];

    // Newest first by default; the count header holds all pages.
    const firstPage = await list(admin, `q=${tag}&page=1&page_size=2`);
    expect(firstPage.status).toBe(200);
    expect(ids(firstPage)).toEqual([e, d]);
    expect(total(firstPage)).toBe(5);
    const lastPage = await list(admin, `q=${tag}&page=3&page_size=2`);
    expect(ids(lastPage)).toEqual([a]);
    expect(total(lastPage)).toBe(5);
    const beyond = await list(admin, `q=${tag}&page=9&page_size=2`);
    expect(beyond.body).toEqual([]);
    expect(total(beyond)).toBe(5);
    // page alone: 25 a page; page_size alone: page 1.
    expect(ids(await list(admin, `q=${tag}&page=1`))).toEqual([e, d, c, b, a]);
    expect(ids(await list(admin, `q=${tag}&page_size=1`))).toEqual([e]);

    expect(ids(await list(admin, `q=${tag}&sort=created_at`))).toEqual([a, b, c, d, e]);
    expect(ids(await list(admin, `q=${tag}&sort=-updated_at&page=1&page_size=5`))).toEqual([e, d, c, b, a]);
    const byStart = await list(admin, `q=${tag}&sort=start_date`);
    expect(ids(byStart).at(-1)).toBe(a); // no start date: last in ascending order

    const approved = await list(admin, `q=${tag}&status=APPROVED`);
    expect(ids(approved)).toEqual([d, a]);
    const several = await list(admin, `q=${tag}&status=APPROVED,REJECTED&page=1&page_size=10`);
    expect(ids(several)).toEqual([e, d, a]);
    expect(total(several)).toBe(3);
    const repeated = await list(admin, `q=${tag}&status=PENDING_VALIDATION&status=PROCESSED`);
    expect(ids(repeated)).toEqual([c, b]);
    const fills = await list(admin, `q=${tag}&type=FILL&page=1&page_size=5`);
    expect(ids(fills)).toEqual([d, b]);
    expect(total(fills)).toBe(2);
    const cutApproved = await list(admin, `q=${tag}&type=CUT&status=APPROVED`);
    expect(ids(cutApproved)).toEqual([a]);
    expectResponseMatches('GET', '/inquiries', 200, cutApproved.body);
  });

  it('hides every draft from admins unless the status filter asks for drafts, and shows members their drafts', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: 'Remblais de Gascogne' });
    const employee = await createEmployee(api, owner);
    const draft = await listing(owner, { fields: { project_name: `Brouillon ${tag}` } });
    const pending = await listing(owner, { status: 'PENDING_VALIDATION', fields: { project_name: `En attente ${tag}` } });

    const adminView = await list(admin, `q=${tag}&page=1&page_size=10`);
    expect(ids(adminView)).toEqual([pending]);
    expect(total(adminView)).toBe(1);
    const adminDrafts = await list(admin, `q=${tag}&status=DRAFT`);
    expect(ids(adminDrafts)).toEqual([draft]);
    const adminBoth = await list(admin, `q=${tag}&status=DRAFT,PENDING_VALIDATION&page=1&page_size=10`);
    expect(ids(adminBoth).sort()).toEqual([draft, pending].sort());
    expect(total(adminBoth)).toBe(2);

    // The portal's list: every listing of the organisation, drafts included, no parameter needed.
    const portal = await list(employee.token);
    expect(ids(portal).sort()).toEqual([draft, pending].sort());
    expect(total(portal)).toBe(2);
    const memberDrafts = await list(employee.token, 'status=DRAFT');
    expect(ids(memberDrafts)).toEqual([draft]);
  });

  it('shows another organisation nothing, whatever it searches or filters', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: `Granulats ${tag}` });
    const other = await createOwner(api, { name: 'Démolition Rhône' });
    const theirs = await listing(owner, { status: 'APPROVED', fields: { project_name: `Secret ${tag}` } });
    const draft = await listing(owner, { fields: { project_name: `Brouillon ${tag}` } });

    for (const query of [`q=${tag}`, `q=${tag}&status=DRAFT,APPROVED`, `q=${tag}&page=1&page_size=100`, 'status=APPROVED&type=CUT']) {
      const res = await list(other.token, query);
      expect(res.status).toBe(200);
      expect(ids(res)).not.toContain(theirs);
      expect(ids(res)).not.toContain(draft);
    }
    const searched = await list(other.token, `q=${tag}&page=1&page_size=5`);
    expect(searched.body).toEqual([]);
    expect(total(searched)).toBe(0);
    // An owner before onboarding sees nothing at all.
    const newcomer = await registerOwner(api);
    const nothing = await list(newcomer.accessToken, `q=${tag}&page=1&page_size=5`);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual([]);
    expect(total(nothing)).toBe(0);
  });

  it("lists one organisation's listings for the admin (organization_id), and nothing of another organisation for a member", async () => {
    const tag = word();
    const owner = await createOwner(api, { name: 'Terrassements du Jura' });
    const other = await createOwner(api, { name: 'Carrières du Doubs' });
    const first = await listing(owner, { status: 'APPROVED', createdAt: new Date('2026-01-02T10:00:00Z'), fields: { project_name: `Premier ${tag}` } });
    const second = await listing(owner, { status: 'PENDING_VALIDATION', createdAt: new Date('2026-01-03T10:00:00Z'), fields: { project_name: `Second ${tag}` } });
    await listing(owner, { fields: { project_name: `Brouillon ${tag}` } });
    const theirs = await listing(other, { status: 'APPROVED', fields: { project_name: `Autre ${tag}` } });

    const page = await list(admin, `organization_id=${owner.organizationId}&page=1&page_size=5`);
    expect(page.status).toBe(200);
    expectResponseMatches('GET', '/inquiries', 200, page.body);
    // Newest first; drafts stay hidden from admins unless asked (CONTRACT §11).
    expect(ids(page)).toEqual([second, first]);
    expect(total(page)).toBe(2);
    expect(ids(await list(admin, `organization_id=${other.organizationId}&q=${tag}`))).toEqual([theirs]);

    // A member asking for another organisation's listings gets none (nothing is revealed).
    const foreign = await list(owner.token, `organization_id=${other.organizationId}&page=1&page_size=5`);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual([]);
    expect(total(foreign)).toBe(0);
    expect(ids(await list(owner.token, `organization_id=${owner.organizationId}&q=${tag}`))).toHaveLength(3);
  });

  it('refuses malformed parameters with a French detail', async () => {
    const cases: [string, string][] = [
      ['page=0', messages.pageParameter],
      ['page=deux', messages.pageParameter],
      ['page=1&page=2', messages.pageParameter],
      ['page_size=101', messages.pageSizeParameter],
      ['page_size=-5', messages.pageSizeParameter],
      ['status=VALIDATED', messages.statusParameter],
      ['status=APPROVED,brouillon', messages.statusParameter],
      ['type=CUTS', messages.typeParameter],
      ['organization_id=42', messages.organizationIdParameter],
      ['sort=name', "Le paramètre « sort » doit valoir l'une de ces valeurs : created_at, -created_at, updated_at, -updated_at, start_date, -start_date."],
    ];
    for (const [query, detail] of cases) {
      const res = await list(admin, query);
      expect(res.status, query).toBe(400);
      expectResponseMatches('GET', '/inquiries', 400, res.body);
      expect(res.body.detail, query).toBe(detail);
    }
    expect((await api.request('GET', '/inquiries?page=1')).status).toBe(401);
  });
});

describe('organisation name on listings', () => {
  it('is on the list and the detail, and follows a rename of the organisation', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: 'Béton et enrobés du Forez' });
    const id = await listing(owner, { status: 'APPROVED', fields: { project_name: `Halle ${tag}` } });

    const detail = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expectResponseMatches('GET', '/inquiries/{id}', 200, detail.body);
    expect(detail.body.organizationName).toBe('Béton et enrobés du Forez');

    const newName = `Forez Matériaux ${tag.toUpperCase()}`;
    const renamed = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { name: newName } });
    expect(renamed.status).toBe(200);
    expect((await api.request('GET', `/inquiries/${id}`, { token: admin })).body.organizationName).toBe(newName);
    const found = await list(admin, `q=${encodeURIComponent(`forez materiaux ${tag}`)}`);
    expect(ids(found)).toEqual([id]);
    expect(found.body[0].organizationName).toBe(newName);
    expect(await list(admin, `q=${encodeURIComponent(`enrobes ${tag}`)}`).then(ids)).toEqual([]);
  });
});

describe('GET /inquiries/pins', () => {
  it('answers the light projection of located listings, drafts only on request, inside a bounding box', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: `Excavations ${tag}` });
    // Two sites near Brest, one near Nice, one without coordinates, one draft.
    const brest = await listing(owner, { status: 'APPROVED', fields: { project_name: `Port ${tag}`, site_latitude: 48.3904, site_longitude: -4.4861 } });
    const brestFill = await listing(owner, { status: 'SITE_FOUND', type: 'FILL', fields: { project_name: `Digue ${tag}`, site_latitude: 48.41, site_longitude: -4.45 } });
    const nice = await listing(owner, { status: 'PROCESSED', fields: { project_name: `Colline ${tag}`, site_latitude: 43.7102, site_longitude: 7.262 } });
    const nowhere = await listing(owner, { status: 'APPROVED', fields: { project_name: `Sans lieu ${tag}`, site_latitude: null, site_longitude: null } });
    const draft = await listing(owner, { fields: { project_name: `Brouillon ${tag}`, site_latitude: 48.39, site_longitude: -4.48 } });

    const all = await api.request('GET', '/inquiries/pins', { token: admin });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^application\/json/);
    expectResponseMatches('GET', '/inquiries/pins', 200, all.body);
    const mine = (all.body as { id: string }[]).filter((pin) => [brest, brestFill, nice, nowhere, draft].includes(pin.id));
    expect(mine.map((pin) => pin.id).sort()).toEqual([brest, brestFill, nice].sort());
    expect(mine.find((pin) => pin.id === brestFill)).toEqual({
      id: brestFill,
      type: 'FILL',
      status: 'SITE_FOUND',
      latitude: 48.41,
      longitude: -4.45,
      projectName: `Digue ${tag}`,
      organizationName: `Excavations ${tag}`,
    });

    const finistere = await api.request('GET', '/inquiries/pins?bbox=-4.6,48.3,-4.4,48.5', { token: admin });
    expectResponseMatches('GET', '/inquiries/pins', 200, finistere.body);
    const inBox = (finistere.body as { id: string; latitude: number; longitude: number }[]);
    for (const pin of inBox) {
      expect(pin.longitude).toBeGreaterThanOrEqual(-4.6);
      expect(pin.latitude).toBeLessThanOrEqual(48.5);
    }
    expect(inBox.map((pin) => pin.id)).toEqual(expect.arrayContaining([brest, brestFill]));
    expect(inBox.map((pin) => pin.id)).not.toContain(nice);
    expect(inBox.map((pin) => pin.id)).not.toContain(draft);

    const drafts = await api.request('GET', '/inquiries/pins?bbox=-4.6,48.3,-4.4,48.5&status=DRAFT', { token: admin });
    expect((drafts.body as { id: string; status: string }[]).map((pin) => pin.id)).toContain(draft);
    expect((drafts.body as { status: string }[]).every((pin) => pin.status === 'DRAFT')).toBe(true);
    const fills = await api.request('GET', '/inquiries/pins?bbox=-4.6,48.3,-4.4,48.5&type=FILL&status=SITE_FOUND,APPROVED', { token: admin });
    expect((fills.body as { id: string }[]).map((pin) => pin.id)).toContain(brestFill);
    expect((fills.body as { id: string }[]).map((pin) => pin.id)).not.toContain(brest);
    const empty = await api.request('GET', '/inquiries/pins?bbox=-30,-60,-29,-59', { token: admin });
    expect(empty.body).toEqual([]);
  });

  it('lets the browser revalidate (ETag, 304) until a listing or its organisation changes', async () => {
    const tag = word();
    const owner = await createOwner(api, { name: `Remblais ${tag}` });
    const bbox = 'bbox=1.2340,46.4320,1.2350,46.4330';
    const draft = await listing(owner, { fields: { project_name: `Square ${tag}`, site_latitude: 46.4325, site_longitude: 1.2345 } });
    // The tag versions every listing (test files write to one database in parallel): a write
    // elsewhere between the two reads rightly gives a new tag. Read and revalidate again until
    // the pair falls between two writes; a server that never answers 304 still fails.
    let etag = '';
    let revalidated = 0;
    for (let attempt = 0; attempt < 10 && revalidated !== 304; attempt += 1) {
      const first = await api.request('GET', `/inquiries/pins?${bbox}&status=DRAFT`, { token: admin });
      etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"pins-/);
      expect((first.body as { id: string }[]).map((pin) => pin.id)).toContain(draft);
      const same = await api.request('GET', `/inquiries/pins?${bbox}&status=DRAFT`, { token: admin, headers: { 'if-none-match': etag } });
      revalidated = same.status;
      if (same.status === 304) expect(same.body).toBeUndefined();
      else expect(same.headers.get('etag')).not.toBe(etag);
    }
    expect(revalidated).toBe(304);
    // Another query has its own tag.
    const other = await api.request('GET', `/inquiries/pins?${bbox}&status=DRAFT,APPROVED`, { token: admin, headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);

    // A rename shows at once, with a new tag.
    expect((await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { name: `Déblais ${tag}` } })).status).toBe(200);
    const renamed = await api.request('GET', `/inquiries/pins?${bbox}&status=DRAFT`, { token: admin, headers: { 'if-none-match': etag } });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).not.toBe(etag);
    expect((renamed.body as { id: string; organizationName: string }[]).find((pin) => pin.id === draft)?.organizationName).toBe(`Déblais ${tag}`);

    // So does a deletion.
    expect((await api.request('DELETE', `/inquiries/${draft}`, { token: owner.token })).status).toBe(204);
    const deleted = await api.request('GET', `/inquiries/pins?${bbox}&status=DRAFT`, { token: admin, headers: { 'if-none-match': renamed.headers.get('etag')! } });
    expect(deleted.status).toBe(200);
    expect((deleted.body as { id: string }[]).map((pin) => pin.id)).not.toContain(draft);
  });

  it('is for admins only, and refuses a malformed bounding box', async () => {
    const owner = await createOwner(api, { name: 'Paysages de Savoie' });
    const employee = await createEmployee(api, owner);
    for (const token of [owner.token, employee.token]) {
      const refused = await api.request('GET', '/inquiries/pins', { token });
      expect(refused.status).toBe(403);
      expectResponseMatches('GET', '/inquiries/pins', 403, refused.body);
    }
    expect((await api.request('GET', '/inquiries/pins')).status).toBe(401);
    for (const bbox of ['1,2,3', '5,45,4,46', '4,46,5,45', 'a,b,c,d', '-200,40,10,50', '1,2,3,4,5']) {
      const res = await api.request('GET', `/inquiries/pins?bbox=${bbox}`, { token: admin });
      expect(res.status, bbox).toBe(400);
      expectResponseMatches('GET', '/inquiries/pins', 400, res.body);
      expect(res.body.detail).toBe(messages.bboxParameter);
    }
  });
});
