// Issue 12, item 1: a NUL character (PostgreSQL text cannot hold it) in any text a client sends
// is a 400 problem in French naming the field, before any handler: nothing is stored. One test
// per entry point (JSON bodies of each kind, query strings, path parameters, multipart parts).
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  createCompleteDraft,
  createOwner,
  ORGANIZATION_BODY,
  SAMPLE_FILES,
  uniqueSiret,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { registerOwner, startApiForTest, uniqueEmail, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let owner: OwnerFixture;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  owner = await createOwner(api);
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

const NUL = '\u0000';

function expectNulRefused(res: ApiResponse, field: string): void {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body.detail).toBe(`Le champ « ${field} » contient un caractère nul (U+0000), qui n’est pas accepté.`);
  expect(res.body.errors).toEqual({ [field]: messages.nulCharacter });
}

describe('a NUL character is refused with a French 400, nothing stored', () => {
  it('in the profile (PUT /users/me)', async () => {
    const res = await api.request('PUT', '/users/me', {
      token: owner.token,
      body: { first_name: `Ca${NUL}mille`, last_name: 'Martin', phone_number: '06 12 34 56 78' },
    });
    expectNulRefused(res, 'first_name');
    expectResponseMatches('PUT', '/users/me', 400, res.body);
    const me = await api.request('GET', '/users/me', { token: owner.token });
    expect(me.body.firstName).toBe('Camille');
  });

  it('in an organisation, created (POST /organizations) or edited (PUT /organizations/{id}) by its owner or an admin', async () => {
    const newcomer = await registerOwner(api);
    const created = await api.request('POST', '/organizations', {
      token: newcomer.accessToken,
      body: { ...ORGANIZATION_BODY, registration_number: uniqueSiret(), city: `Mul${NUL}house` },
    });
    expectNulRefused(created, 'city');
    expectResponseMatches('POST', '/organizations', 400, created.body);
    expect((await api.request('GET', '/organizations/me', { token: newcomer.accessToken })).status).toBe(404);

    for (const token of [owner.token, admin]) {
      const edited = await api.request('PUT', `/organizations/${owner.organizationId}`, { token, body: { name: `Terres${NUL}` } });
      expectNulRefused(edited, 'name');
      expectResponseMatches('PUT', '/organizations/{id}', 400, edited.body);
    }
    const organization = await api.request('GET', '/organizations/me', { token: owner.token });
    expect(organization.body.name).toBe(ORGANIZATION_BODY.name);
  });

  it('in a listing, created or edited, nested fields included', async () => {
    const before = await api.request('GET', '/inquiries', { token: owner.token });
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: `Lot${NUL}` } });
    expectNulRefused(created, 'project_name');
    expectResponseMatches('POST', '/inquiries', 400, created.body);
    const after = await api.request('GET', '/inquiries', { token: owner.token });
    expect(after.body).toHaveLength(before.body.length);

    const draft = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Lot des Saules' } });
    expect(draft.status).toBe(201);
    const edited = await api.request('PUT', `/inquiries/${draft.body.id}`, {
      token: owner.token,
      body: { materials: [{ material_name: 'Sable et gravier', ground_composition: `Alluvions${NUL}`, quantity: 10, price: 1 }] },
    });
    expectNulRefused(edited, 'materials.0.ground_composition');
    expectResponseMatches('PUT', '/inquiries/{id}', 400, edited.body);
    const read = await api.request('GET', `/inquiries/${draft.body.id}`, { token: owner.token });
    expect(read.body.materials).toEqual([]);
  });

  it('in a refusal reason (PUT /inquiries/{id}/status)', async () => {
    const funded = await createOwner(api, { credits: 100 });
    const id = await createCompleteDraft(api, funded.token);
    const submitted = await api.request('PUT', `/inquiries/${id}`, { token: funded.token, body: { status: 'PENDING_VALIDATION' } });
    expect(submitted.status).toBe(200);
    const refused = await api.request('PUT', `/inquiries/${id}/status`, {
      token: admin,
      body: { status: 'REJECTED', reason: `Parcelles${NUL} incorrectes` },
    });
    expectNulRefused(refused, 'reason');
    expectResponseMatches('PUT', '/inquiries/{id}/status', 400, refused.body);
    expect((await api.request('GET', `/inquiries/${id}`, { token: funded.token })).body.status).toBe('PENDING_VALIDATION');
  });

  it('in an invitation e-mail (POST /users/invite)', async () => {
    const email = uniqueEmail('employe');
    const res = await api.request('POST', '/users/invite', { token: owner.token, body: { email: `${NUL}${email}` } });
    expectNulRefused(res, 'email');
    expectResponseMatches('POST', '/users/invite', 400, res.body);
    const members = await api.request('GET', '/users/organization/members', { token: owner.token });
    expect(members.body.filter((m: { pending: boolean }) => m.pending)).toEqual([]);
  });

  it('in a key of a body, named by its parent', async () => {
    const res = await api.request('PUT', '/users/me', { token: owner.token, body: { [`first${NUL}name`]: 'Camille' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(messages.nulCharacter);
  });

  it('in a query string (GET /inquiries?q=, GET /organizations?q=)', async () => {
    const listings = await api.request('GET', '/inquiries?q=gra%00vier', { token: owner.token });
    expectNulRefused(listings, 'q');
    expectResponseMatches('GET', '/inquiries', 400, listings.body);
    const organizations = await api.request('GET', '/organizations?q=%00', { token: admin });
    expectNulRefused(organizations, 'q');
    expectResponseMatches('GET', '/organizations', 400, organizations.body);
  });

  it('in a path parameter (GET /inquiries/{id})', async () => {
    const res = await api.request('GET', '/inquiries/%00', { token: owner.token });
    expectNulRefused(res, 'id');
    expectResponseMatches('GET', '/inquiries/{id}', 400, res.body);
  });

  it('in an uploaded file name or a multipart field: no row, no file', async () => {
    const draft = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Lot des Aulnes' } });
    const upload = async (name: string, kind: string) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', new Blob([SAMPLE_FILES['permis.pdf']!]), name);
      const response = await fetch(`${api.url}/api/v1/inquiries/${draft.body.id}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      return { status: response.status, headers: response.headers, body: await response.json() } as ApiResponse;
    };
    const byName = await upload(`permis${NUL}.pdf`, 'PERMISSION');
    expectNulRefused(byName, 'file');
    expectResponseMatches('POST', '/inquiries/{id}/documents', 400, byName.body);
    const byKind = await upload('permis.pdf', `PERMISSION${NUL}`);
    expectNulRefused(byKind, 'kind');
    const listed = await api.request('GET', `/inquiries/${draft.body.id}/documents`, { token: owner.token });
    expect(listed.body).toEqual([]);
  });

  it('refuses a body nested deeper than any of ours', async () => {
    const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    const res = await api.request('PUT', '/users/me', { token: owner.token, body: `{"first_name":${deep}}` });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(messages.bodyTooDeep);
  });
});
