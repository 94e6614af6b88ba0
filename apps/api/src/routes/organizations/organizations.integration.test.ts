import { eq } from 'drizzle-orm';
import { onboardingStep } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  adminToken,
  completeProfile,
  createEmployee,
  createOwner,
  ORGANIZATION_BODY,
  uniqueSiret,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { refreshOptions, registerOwner, skipCodeCooldown, startApiForTest, uniqueEmail, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

describe('onboarding: POST /organizations and GET /organizations/me', () => {
  it('creates the owner’s organisation, which the owner then reads as their own', async () => {
    const session = await registerOwner(api);
    const none = await api.request('GET', '/organizations/me', { token: session.accessToken });
    expect(none.status).toBe(404);
    expectResponseMatches('GET', '/organizations/me', 404, none.body);

    const siret = uniqueSiret();
    const created = await api.request('POST', '/organizations/', { token: session.accessToken, body: { ...ORGANIZATION_BODY, registration_number: siret, country: '' } });
    expect(created.status).toBe(201);
    expectResponseMatches('POST', '/organizations', 201, created.body);
    expect(created.body).toMatchObject({ name: 'Terrassements du Ried', registrationNumber: siret, country: 'France', verified: false, archived: false, creditBalance: 0 });

    const me = await api.request('GET', '/organizations/me', { token: session.accessToken });
    expect(me.status).toBe(200);
    expectResponseMatches('GET', '/organizations/me', 200, me.body);
    expect(me.body.id).toBe(created.body.id);
    const user = await api.request('GET', '/users/me', { token: session.accessToken });
    expect(user.body.organizationId).toBe(created.body.id);

    const twice = await api.request('POST', '/organizations', { token: session.accessToken, body: ORGANIZATION_BODY });
    expect(twice.status).toBe(409);
    expectResponseMatches('POST', '/organizations', 409, twice.body);
  });

  it('refuses a bad SIRET, postcode or missing field with the spec message and stores nothing', async () => {
    const session = await registerOwner(api);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ registration_number: '7328293200007' }, 'registration_number', 'Le numéro SIRET doit contenir exactement 14 chiffres.'],
      [{ registration_number: '73282932000075' }, 'registration_number', 'Le numéro SIRET est invalide.'],
      [{ postcode: '00000' }, 'postcode', 'Veuillez entrer un code postal valide (5 chiffres).'],
      [{ name: '  ' }, 'name', "Le nom de l'organisation est requis"],
      [{ legal_form: undefined }, 'legal_form', 'La forme juridique est requise'],
    ];
    for (const [change, field, message] of cases) {
      const res = await api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, ...change } });
      expect(res.status, field).toBe(422);
      expectResponseMatches('POST', '/organizations', 422, res.body);
      expect(res.body.errors[field]).toBe(message);
    }
    expect((await api.request('GET', '/organizations/me', { token: session.accessToken })).status).toBe(404);
  });

  it('makes one organisation of parallel creations', async () => {
    const session = await registerOwner(api);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.request('POST', '/organizations', { token: session.accessToken, body: ORGANIZATION_BODY })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const mine = await api.request('GET', '/organizations/me', { token: session.accessToken });
    expect(mine.body.id).toBe(answers.find((a) => a.status === 201)!.body.id);
  });

  it('stores a SIRET and a postcode pasted with separators as their normalised form', async () => {
    const session = await registerOwner(api);
    const siret = uniqueSiret();
    const grouped = `${siret.slice(0, 3)}\u00a0${siret.slice(3, 6)}.${siret.slice(6, 9)} ${siret.slice(9)}`;
    const res = await api.request('POST', '/organizations', {
      token: session.accessToken,
      body: { ...ORGANIZATION_BODY, registration_number: grouped, postcode: '68\u00a0100' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ registrationNumber: siret, postcode: '68100' });
  });

  it('accepts La Poste’s SIRET exception', async () => {
    const session = await registerOwner(api);
    const res = await api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, registration_number: '35600000000048' } });
    expect(res.status).toBe(201);
  });

  it('is for owners only', async () => {
    const res = await api.request('POST', '/organizations', { token: admin, body: ORGANIZATION_BODY });
    expect(res.status).toBe(403);
    expectResponseMatches('POST', '/organizations', 403, res.body);
    expect((await api.request('GET', '/organizations/me', { token: admin })).status).toBe(403);
  });
});

describe('addresses (found by the fuzzer, issue 12)', () => {
  it('answers an address that only the simple rule takes (accents, apostrophe) as openapi.yaml says', async () => {
    // The spec's rule for the onboarding's e-mails and for invitations is looser than the sign-in's;
    // openapi.yaml promised `format: email` (ASCII) wherever an address is answered.
    const owner = await createOwner(api);
    const address = `élise.o'brien+${Date.now()}@exemple-chantier.fr`;
    const updated = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { representative_email: address, email: address } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ representativeEmail: address, email: address });
    expectResponseMatches('PUT', '/organizations/{id}', 200, updated.body);
    expectResponseMatches('GET', '/organizations/me', 200, (await api.request('GET', '/organizations/me', { token: owner.token })).body);

    const invited = await api.request('POST', '/users/invite', { token: owner.token, body: { email: address } });
    expect(invited.status).toBe(202);
    expectResponseMatches('POST', '/users/invite', 202, invited.body);
    const members = await api.request('GET', '/users/organization/members', { token: owner.token });
    expect(members.body.some((m: { email: string }) => m.email === address)).toBe(true);
    expectResponseMatches('GET', '/users/organization/members', 200, members.body);
  });

  it('refuses an address no mail server takes with a 422, not a failed send (503), storing nothing', async () => {
    const owner = await createOwner(api);
    const before = await api.request('GET', '/users/organization/members', { token: owner.token });
    for (const address of ["camille@8~r.l/s$o'", 'camille..martin@exemple.fr', 'camille@exemple_chantier.fr']) {
      const invited = await api.request('POST', '/users/invite', { token: owner.token, body: { email: address } });
      expect(invited.status, address).toBe(422);
      expect(invited.body.detail).toBe("Format d'email invalide");
      expectResponseMatches('POST', '/users/invite', 422, invited.body);
      const updated = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { representative_email: address } });
      expect(updated.status, address).toBe(422);
      expectResponseMatches('PUT', '/organizations/{id}', 422, updated.body);
    }
    expect((await api.request('GET', '/users/organization/members', { token: owner.token })).body).toEqual(before.body);
  });
});

describe('one SIRET per active organisation (issue 12)', () => {
  const SIRET_TAKEN = 'Une organisation utilise déjà ce numéro SIRET.';

  function expectSiretTaken(res: { status: number; body: { detail?: string; errors?: unknown } }, method: string, path: string): void {
    expect(res.status).toBe(409);
    expectResponseMatches(method, path, 409, res.body);
    expect(res.body.detail).toBe(SIRET_TAKEN);
    expect(res.body.errors).toEqual({ registration_number: SIRET_TAKEN });
  }

  it('refuses at onboarding a SIRET an active organisation has (409, French), attaching nothing', async () => {
    const holder = await createOwner(api);
    const session = await registerOwner(api);
    const res = await api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, registration_number: holder.siret } });
    expectSiretTaken(res, 'POST', '/organizations');
    expect((await api.request('GET', '/organizations/me', { token: session.accessToken })).status).toBe(404);
  });

  it('refuses it on an edit by the owner and by an admin, changing nothing; its own SIRET is fine', async () => {
    const holder = await createOwner(api);
    const other = await createOwner(api);
    for (const token of [other.token, admin]) {
      const res = await api.request('PUT', `/organizations/${other.organizationId}`, { token, body: { registration_number: holder.siret, city: 'Colmar' } });
      expectSiretTaken(res, 'PUT', '/organizations/{id}');
    }
    const after = await api.request('GET', `/organizations/${other.organizationId}`, { token: other.token });
    expect(after.body).toMatchObject({ registrationNumber: other.siret, city: 'Mulhouse' });
    const same = await api.request('PUT', `/organizations/${other.organizationId}`, { token: other.token, body: { registration_number: other.siret } });
    expect(same.status).toBe(200);
  });

  it('frees the SIRET of an archived organisation', async () => {
    const archived = await createOwner(api);
    expect((await api.request('DELETE', `/organizations/${archived.organizationId}/archive`, { token: admin })).status).toBe(204);
    const session = await registerOwner(api);
    const res = await api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, registration_number: archived.siret } });
    expect(res.status).toBe(201);
    expect(res.body.registrationNumber).toBe(archived.siret);
  });

  it('gives parallel requests for one SIRET one success and conflicts, never a 500', async () => {
    const siret = uniqueSiret();
    const sessions = await Promise.all(Array.from({ length: 4 }, () => registerOwner(api)));
    const created = await Promise.all(
      sessions.map((session) => api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, registration_number: siret } })),
    );
    expect(created.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    for (const res of created.filter((r) => r.status === 409)) expectSiretTaken(res, 'POST', '/organizations');

    const siret2 = uniqueSiret();
    const owners = await Promise.all([createOwner(api), createOwner(api), createOwner(api)]);
    const edited = await Promise.all(
      owners.map((owner) => api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { registration_number: siret2 } })),
    );
    expect(edited.map((res) => res.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('PUT /organizations/{id}', () => {
  let owner: OwnerFixture;

  beforeAll(async () => {
    owner = await createOwner(api, { name: 'Terres et Graves' });
  });

  it('saves onboarding steps 2 and 3 partially, leaving the other fields alone', async () => {
    const step2 = await api.request('PUT', `/organizations/${owner.organizationId}`, {
      token: owner.token,
      body: { email: 'contact@terres-graves.fr', office_phone_number: '03 89 45 12 00', mobile_phone_number: '06 12 34 56 78' },
    });
    expect(step2.status).toBe(200);
    expectResponseMatches('PUT', '/organizations/{id}', 200, step2.body);
    const step3 = await api.request('PUT', `/organizations/${owner.organizationId}/`, {
      token: owner.token,
      body: {
        representative_first_name: 'Camille',
        representative_last_name: 'Martin',
        representative_position: 'Présidente',
        representative_email: 'camille.martin@terres-graves.fr',
        representative_phone_number: '06 98 76 54 32',
      },
    });
    expect(step3.status).toBe(200);
    expect(step3.body).toMatchObject({
      name: 'Terres et Graves',
      email: 'contact@terres-graves.fr',
      officePhoneNumber: '03 89 45 12 00',
      representativePosition: 'Présidente',
      representativeEmail: 'camille.martin@terres-graves.fr',
    });
    // What the steps saved is what the onboarding guard calls complete: no way back to a step.
    expect(onboardingStep(step3.body)).toBe('complete');
  });

  it('refuses to blank a field the onboarding steps require (CONTRACT §11), naming each one', async () => {
    const res = await api.request('PUT', `/organizations/${owner.organizationId}`, {
      token: owner.token,
      body: { email: '', office_phone_number: null, mobile_phone_number: ' ', representative_email: '', representative_phone_number: '' },
    });
    expect(res.status).toBe(422);
    expectResponseMatches('PUT', '/organizations/{id}', 422, res.body);
    expect(res.body.errors).toEqual({
      email: "L'email de l'organisation est requis",
      office_phone_number: 'Le téléphone fixe est requis',
      mobile_phone_number: 'Le téléphone portable est requis',
      representative_email: "L'email du représentant est requis",
      representative_phone_number: 'Le téléphone du représentant est requis',
    });
    const after = await api.request('GET', `/organizations/${owner.organizationId}`, { token: owner.token });
    expect(onboardingStep(after.body)).toBe('complete');
    // The edit form's other fields still save alone (partial PUT).
    const edit = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { representative_position: 'Gérante' } });
    expect(edit.status).toBe(200);
    expect(edit.body.representativePosition).toBe('Gérante');
  });

  it('refuses invalid fields with French details and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ office_phone_number: 'abc' }, 'office_phone_number', 'Veuillez entrer un numéro de téléphone valide.'],
      [{ mobile_phone_number: '12345' }, 'mobile_phone_number', 'Veuillez entrer un numéro de téléphone valide.'],
      [{ representative_phone_number: '0'.repeat(21) }, 'representative_phone_number', 'Veuillez entrer un numéro de téléphone valide.'],
      [{ postcode: '00000', city: 'Nulle-Part' }, 'postcode', 'Veuillez entrer un code postal valide (5 chiffres).'],
      [{ registration_number: '12345678901234' }, 'registration_number', 'Le numéro SIRET est invalide.'],
      [{ registration_number: '1234' }, 'registration_number', 'Le numéro SIRET doit contenir exactement 14 chiffres.'],
      [{ email: 'pas-un-email' }, 'email', "Format d'email invalide"],
      [{ name: '' }, 'name', "Le nom de l'organisation est requis"],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body });
      expect(res.status, field).toBe(422);
      expectResponseMatches('PUT', '/organizations/{id}', 422, res.body);
      expect(res.body.errors[field], field).toBe(message);
      expect(res.body.detail, field).toBe(message);
    }
    const after = await api.request('GET', `/organizations/${owner.organizationId}`, { token: owner.token });
    expectResponseMatches('GET', '/organizations/{id}', 200, after.body);
    expect(after.body).toMatchObject({ name: 'Terres et Graves', postcode: '68100', city: 'Mulhouse', registrationNumber: owner.siret });
  });

  it('ignores what only the platform sets (verified, credits, archived)', async () => {
    const res = await api.request('PUT', `/organizations/${owner.organizationId}`, {
      token: owner.token,
      body: { verified: true, credit_balance: 5000, archived: true, id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(200);
    expectResponseMatches('PUT', '/organizations/{id}', 200, res.body);
    expect(res.body).toMatchObject({ id: owner.organizationId, verified: false, creditBalance: 0, archived: false });
  });

  it('lets the admin edit, refuses employees (403) and other organisations (404)', async () => {
    const byAdmin = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: admin, body: { city: 'Colmar' } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.city).toBe('Colmar');
    const employee = await createEmployee(api, owner);
    const byEmployee = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: employee.token, body: { city: 'Sélestat' } });
    expect(byEmployee.status).toBe(403);
    expectResponseMatches('PUT', '/organizations/{id}', 403, byEmployee.body);
    // The employee reads their organisation, with its balance.
    const read = await api.request('GET', '/organizations/me', { token: employee.token });
    expect(read.body.id).toBe(owner.organizationId);

    const other = await createOwner(api, { name: 'Voisin Curieux' });
    const foreign = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: other.token, body: { city: 'Sélestat' } });
    expect(foreign.status).toBe(404);
    expectResponseMatches('PUT', '/organizations/{id}', 404, foreign.body);
    const foreignRead = await api.request('GET', `/organizations/${owner.organizationId}`, { token: other.token });
    expect(foreignRead.status).toBe(404);
    expectResponseMatches('GET', '/organizations/{id}', 404, foreignRead.body);
    expect((await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: other.token })).status).toBe(404);
    expect((await api.request('GET', '/organizations/not-a-uuid', { token: admin })).status).toBe(404);
    const unknown = await api.request('GET', '/organizations/00000000-0000-4000-8000-000000000000', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Organisation introuvable.');

    const byAdminRead = await api.request('GET', `/organizations/${owner.organizationId}`, { token: admin });
    expect(byAdminRead.status).toBe(200);
    expectResponseMatches('GET', '/organizations/{id}', 200, byAdminRead.body);
    expect(byAdminRead.body.city).toBe('Colmar');
  });

  it('refuses the employee what is for the owner or the admin (403)', async () => {
    const employee = await createEmployee(api, owner);
    const id = owner.organizationId;
    const calls: [string, string, unknown?][] = [
      ['POST', '/organizations', ORGANIZATION_BODY],
      ['GET', '/organizations'],
      ['PUT', `/organizations/${id}/verify?verified=true`],
      ['POST', `/organizations/${id}/credits`, { credits: 10, reason: 'Geste commercial' }],
      ['DELETE', `/organizations/${id}/archive`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.request(method, path, { token: employee.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    // What members may do: read their organisation and its ledger.
    expect((await api.request('GET', `/organizations/${id}`, { token: employee.token })).status).toBe(200);
    const ledger = await api.request('GET', `/organizations/${id}/credit-transactions`, { token: employee.token });
    expect(ledger.status).toBe(200);
    expect((await api.request('GET', `/organizations/${id}`, { token: admin })).body).toMatchObject({ verified: false, creditBalance: 0 });
  });
});

describe('admin: list, verify, credits, archive', () => {
  it('lists organisations by name, archived ones only on request; advertisers are refused', async () => {
    const owner = await createOwner(api, { name: 'AAA Liste Test' });
    const list = await api.request('GET', '/organizations/', { token: admin });
    expect(list.status).toBe(200);
    expectResponseMatches('GET', '/organizations', 200, list.body);
    const names = list.body.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(list.body.some((o: { id: string }) => o.id === owner.organizationId)).toBe(true);
    const refused = await api.request('GET', '/organizations', { token: owner.token });
    expect(refused.status).toBe(403);
    expectResponseMatches('GET', '/organizations', 403, refused.body);
    const bad = await api.request('GET', '/organizations?with_archived=peut-etre', { token: admin });
    expect(bad.status).toBe(400);
    expectResponseMatches('GET', '/organizations', 400, bad.body);
  });

  it("shows the admin an organisation's members then its pending invitations; advertisers are refused", async () => {
    const owner = await createOwner(api);
    const employee = await createEmployee(api, owner);
    const invited = uniqueEmail('invite');
    expect((await api.request('POST', '/users/invite', { token: owner.token, body: { email: invited } })).status).toBe(202);

    const res = await api.request('GET', `/organizations/${owner.organizationId}/members`, { token: admin });
    expect(res.status).toBe(200);
    expectResponseMatches('GET', '/organizations/{id}/members', 200, res.body);
    expect(res.body.map((m: { email: string; role: string; pending: boolean }) => [m.email, m.role, m.pending])).toEqual([
      [owner.email, 'OWNER', false],
      [employee.email, 'EMPLOYEE', false],
      [invited, 'EMPLOYEE', true],
    ]);
    // The members' own list is the same one.
    const own = await api.request('GET', '/users/organization/members', { token: owner.token });
    expect(own.body).toEqual(res.body);

    const byOwner = await api.request('GET', `/organizations/${owner.organizationId}/members`, { token: owner.token });
    expect(byOwner.status).toBe(403);
    expectResponseMatches('GET', '/organizations/{id}/members', 403, byOwner.body);
    const unknown = await api.request('GET', '/organizations/00000000-0000-4000-8000-000000000000/members', { token: admin });
    expect(unknown.status).toBe(404);
    expectResponseMatches('GET', '/organizations/{id}/members', 404, unknown.body);
  });

  it('verifies and unverifies, with an audit line', async () => {
    const owner = await createOwner(api);
    const on = await api.request('PUT', `/organizations/${owner.organizationId}/verify?verified=true`, { token: admin });
    expect(on.status).toBe(200);
    expectResponseMatches('PUT', '/organizations/{id}/verify', 200, on.body);
    expect(on.body.verified).toBe(true);
    const off = await api.request('PUT', `/organizations/${owner.organizationId}/verify?verified=false`, { token: admin });
    expect(off.body.verified).toBe(false);
    const missing = await api.request('PUT', `/organizations/${owner.organizationId}/verify`, { token: admin });
    expect(missing.status).toBe(400);
    expectResponseMatches('PUT', '/organizations/{id}/verify', 400, missing.body);
    const byOwner = await api.request('PUT', `/organizations/${owner.organizationId}/verify?verified=true`, { token: owner.token });
    expect(byOwner.status).toBe(403);
    const audit = await api.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.organizationId));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['organization.verified', 'organization.unverified']));
  });

  it('adds 1 to 999 credits as a ledger line; anything else is 422 with the spec message', async () => {
    const owner = await createOwner(api);
    for (const credits of [0, 1000, 1.5, -3, '12']) {
      const res = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits } });
      expect(res.status, String(credits)).toBe(422);
      expectResponseMatches('POST', '/organizations/{id}/credits', 422, res.body);
      expect(res.body.detail).toBe('Le montant de crédits doit être entre 1 et 999');
    }
    const none = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: {} });
    expect(none.status).toBe(422);
    expect(none.body.detail).toBe('Le montant de crédits doit être entre 1 et 999');

    const one = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 1, reason: 'Geste commercial' } });
    expect(one.status).toBe(200);
    expectResponseMatches('POST', '/organizations/{id}/credits', 200, one.body);
    const max = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 999, reason: 'Geste commercial' } });
    expect(max.body.creditBalance).toBe(1000);

    // A retried request with the same Idempotency-Key grants once.
    const headers = { 'idempotency-key': 'grant-42' };
    await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 10, reason: 'Geste commercial' }, headers });
    const retried = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 10, reason: 'Geste commercial' }, headers });
    expect(retried.body.creditBalance).toBe(1010);
    // The same key sent in parallel still grants once.
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 7, reason: 'Geste commercial' }, headers: { 'idempotency-key': 'grant-43' } }),
      ),
    );
    expect(parallel.map((p) => p.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...parallel.map((p) => p.body.creditBalance as number))).toBe(1017);
    const reused = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 8, reason: 'Geste commercial' }, headers: { 'idempotency-key': 'grant-43' } });
    expect(reused.status).toBe(409);
    expectResponseMatches('POST', '/organizations/{id}/credits', 409, reused.body);
    expect(reused.body.detail).toBe('Cette clé Idempotency-Key a déjà servi pour un autre montant.');
    expect(reused.body.type).toBe('urn:bourse-terres:problem:idempotency-key-reused');
    const badKey = await api.request('POST', `/organizations/${owner.organizationId}/credits`, {
      token: admin,
      body: { credits: 10, reason: 'Geste commercial' },
      headers: { 'idempotency-key': 'k'.repeat(201) },
    });
    expect(badKey.status).toBe(400);
    expectResponseMatches('POST', '/organizations/{id}/credits', 400, badKey.body);

    const lines = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: owner.token });
    expect(lines.status).toBe(200);
    expectResponseMatches('GET', '/organizations/{id}/credit-transactions', 200, lines.body);
    expect(lines.body.map((l: { amount: number }) => l.amount)).toEqual([7, 10, 999, 1]);
    expect(lines.body[0]).toMatchObject({ kind: 'ADMIN_GRANT', balanceAfter: 1017 });
    const byAdmin = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: admin });
    expect(byAdmin.body).toHaveLength(4);

    const byOwner = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: owner.token, body: { credits: 5, reason: 'Geste commercial' } });
    expect(byOwner.status).toBe(403);
    expectResponseMatches('POST', '/organizations/{id}/credits', 403, byOwner.body);
    const audit = await api.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.organizationId));
    expect(audit.filter((a) => a.action === 'credits.granted')).toHaveLength(4);
  });

  it('asks a reason for every grant: the admin reads it with who granted, the organisation the reason only (issue 21)', async () => {
    const owner = await createOwner(api);
    const other = await createOwner(api);
    const url = `/organizations/${owner.organizationId}/credits`;
    for (const body of [{ credits: 10 }, { credits: 10, reason: '' }, { credits: 10, reason: '   ' }]) {
      const refused = await api.request('POST', url, { token: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectResponseMatches('POST', '/organizations/{id}/credits', 422, refused.body);
      expect(refused.body.detail).toBe('Le motif de l’ajout de crédits est requis');
    }
    // Nothing was granted.
    const empty = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: admin });
    expect(empty.body).toEqual([]);
    expect((await api.request('GET', `/organizations/${owner.organizationId}`, { token: admin })).body.creditBalance).toBe(0);

    await api.database.db.update(users).set({ firstName: 'Julie', lastName: 'Admin' }).where(eq(users.email, api.adminEmail));
    const granted = await api.request('POST', url, { token: admin, body: { credits: 30, reason: ' Geste commercial après un incident ' } });
    expect(granted.status).toBe(200);

    const byAdmin = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: admin });
    expectResponseMatches('GET', '/organizations/{id}/credit-transactions', 200, byAdmin.body);
    expect(byAdmin.body).toEqual([
      expect.objectContaining({ kind: 'ADMIN_GRANT', amount: 30, reason: 'Geste commercial après un incident', grantedBy: 'Julie Admin' }),
    ]);
    const byOwner = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: owner.token });
    expect(byOwner.body).toEqual([expect.objectContaining({ amount: 30, reason: 'Geste commercial après un incident', grantedBy: null })]);
    // Another organisation sees nothing of it.
    const byOther = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: other.token });
    expect(byOther.status).toBe(404);
    expect((await api.request('GET', `/organizations/${other.organizationId}/credit-transactions`, { token: other.token })).body).toEqual([]);
  });

  it('grants from the admin console in a browser: preflight with Idempotency-Key, then one grant however often retried', async () => {
    const owner = await createOwner(api);
    const url = `${api.url}/api/v1/organizations/${owner.organizationId}/credits`;
    // The console runs on the configured origin or its 127.0.0.1 twin (what Vite prints).
    for (const origin of ['http://localhost:5174', 'http://127.0.0.1:5174']) {
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect(preflight.status, origin).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(/\s*,\s*/)).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
      );
    }
    const grant = () =>
      fetch(url, {
        method: 'POST',
        headers: {
          origin: 'http://127.0.0.1:5174',
          authorization: `Bearer ${admin}`,
          'content-type': 'application/json',
          'idempotency-key': 'console-double-click-1',
        },
        body: JSON.stringify({ credits: 25, reason: 'Geste commercial' }),
      });
    const answers = await Promise.all([grant(), grant()]);
    const retry = await grant();
    for (const answer of [...answers, retry]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5174');
      const body = (await answer.json()) as { creditBalance: number };
      expectResponseMatches('POST', '/organizations/{id}/credits', 200, body);
      expect(body.creditBalance).toBe(25);
    }
    const lines = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: admin });
    expect(lines.body.map((l: { amount: number }) => l.amount)).toEqual([25]);
  });

  it('archives for good: every session of its users is cut at once, and nobody signs in again', async () => {
    const owner = await createOwner(api, { name: 'Archivée SARL' });
    const employee = await createEmployee(api, owner);
    const archived = await api.request('DELETE', `/organizations/${owner.organizationId}/archive`, { token: admin });
    expect(archived.status).toBe(204);
    expectResponseMatches('DELETE', '/organizations/{id}/archive', 204, archived.body);

    for (const token of [owner.token, employee.token]) {
      const res = await api.request('GET', '/users/me', { token });
      expect(res.status).toBe(403);
      expectResponseMatches('GET', '/users/me', 403, res.body);
      expect(res.body.detail).toBe('Votre organisation a été archivée.');
      expect(res.body.type).toBe('urn:bourse-terres:problem:organization-archived');
    }
    expect((await api.request('POST', '/auth/refresh', refreshOptions(owner.session.refreshToken))).status).toBe(403);
    await skipCodeCooldown(api, owner.email);
    expect((await api.request('POST', '/auth/login/magic-link/request', { body: { email: owner.email } })).status).toBe(202);
    const notice = await api.smtp.waitForMessage(owner.email, (m) => m.text.includes('fermé'));
    expect(notice.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);

    const again = await api.request('DELETE', `/organizations/${owner.organizationId}/archive`, { token: admin });
    expect(again.status).toBe(409);
    expectResponseMatches('DELETE', '/organizations/{id}/archive', 409, again.body);
    const list = await api.request('GET', '/organizations', { token: admin });
    expect(list.body.some((o: { id: string }) => o.id === owner.organizationId)).toBe(false);
    const withArchived = await api.request('GET', '/organizations?with_archived=true', { token: admin });
    expect(withArchived.body.find((o: { id: string }) => o.id === owner.organizationId).archived).toBe(true);
    const refused = await api.request('DELETE', `/organizations/${owner.organizationId}/archive`, { token: employee.token });
    expect(refused.status).toBe(403);
    // No credits for an archived organisation; the admin still reads it.
    const credits = await api.request('POST', `/organizations/${owner.organizationId}/credits`, { token: admin, body: { credits: 5, reason: 'Geste commercial' } });
    expect(credits.status).toBe(409);
    expectResponseMatches('POST', '/organizations/{id}/credits', 409, credits.body);
    const read = await api.request('GET', `/organizations/${owner.organizationId}`, { token: admin });
    expect(read.body).toMatchObject({ archived: true, creditBalance: 0 });
    // The audit log names every admin action on it.
    const audit = await api.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.organizationId));
    expect(audit.map((a) => a.action)).toContain('organization.archived');
  });
});

describe('the whole story over HTTP', () => {
  it('registers, completes profile and organisation, invites a collaborator, is verified, credited and archived', async () => {
    const email = uniqueEmail('histoire');
    const session = await registerOwner(api, email);
    await completeProfile(api, session.accessToken, 'Léa', 'Schmitt');
    const org = await api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, name: 'Histoire TP' } });
    const id = org.body.id as string;
    await api.request('PUT', `/organizations/${id}`, { token: session.accessToken, body: { email: 'contact@histoire-tp.fr', office_phone_number: '0389000000', mobile_phone_number: '0612000000' } });
    await api.request('PUT', `/organizations/${id}`, {
      token: session.accessToken,
      body: { representative_first_name: 'Léa', representative_last_name: 'Schmitt', representative_position: 'Gérante' },
    });
    const owner: OwnerFixture = { session, token: session.accessToken, email, organizationId: id, siret: org.body.registrationNumber };
    const employee = await createEmployee(api, owner);
    expect(employee.session.user.organizationId).toBe(id);
    expect((await api.request('PUT', `/organizations/${id}/verify?verified=true`, { token: admin })).body.verified).toBe(true);
    expect((await api.request('POST', `/organizations/${id}/credits`, { token: admin, body: { credits: 250, reason: 'Geste commercial' } })).body.creditBalance).toBe(250);
    expect((await api.request('GET', '/organizations/me', { token: employee.token })).body.creditBalance).toBe(250);
    expect((await api.request('DELETE', `/organizations/${id}/archive`, { token: admin })).status).toBe(204);
    expect((await api.request('GET', '/organizations/me', { token: session.accessToken })).status).toBe(403);
  });
});
