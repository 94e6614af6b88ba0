import { createServer, type AddressInfo } from 'node:net';
import { maxLengthMessage, messages } from '@terres/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createEmployee, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { codeOf } from '../../../test/helpers/smtp.js';
import { refreshOptions, registerOwner, skipCodeCooldown, startApiForTest, uniqueEmail, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;

beforeAll(async () => {
  api = await startApiForTest();
});

afterAll(async () => {
  await api?.close();
});

/** Moves the organisation's invitation e-mails back in time, past the per-address minute. */
async function skipInvitationCooldown(organizationId: string, seconds = 61): Promise<void> {
  await api.database.db.execute(
    sql`update invitation_emails set sent_at = sent_at - make_interval(secs => ${seconds}) where organization_id = ${organizationId}`,
  );
}

describe('GET and PUT /users/me', () => {
  it('reads and completes the profile', async () => {
    const session = await registerOwner(api);
    const me = await api.request('GET', '/users/me', { token: session.accessToken });
    expect(me.status).toBe(200);
    expectResponseMatches('GET', '/users/me', 200, me.body);
    expect(me.body).toMatchObject({ id: session.user.id, role: 'OWNER', firstName: null });

    const put = await api.request('PUT', '/users/me', {
      token: session.accessToken,
      body: { first_name: '  Camille ', last_name: 'Martin', phone_number: '+33 (0)6 12-34-56-78' },
    });
    expect(put.status).toBe(200);
    expectResponseMatches('PUT', '/users/me', 200, put.body);
    expect(put.body).toMatchObject({ firstName: 'Camille', lastName: 'Martin', phoneNumber: '+33 (0)6 12-34-56-78', email: session.user.email });
  });

  it('refuses each profile rule with its French message and changes nothing', async () => {
    const session = await registerOwner(api);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: ' ', last_name: 'Martin', phone_number: '0612345678' }, 'first_name', 'Le prénom est requis'],
      [{ first_name: 'Camille', last_name: '', phone_number: '0612345678' }, 'last_name', 'Le nom est requis'],
      [{ first_name: 'Camille', last_name: 'Martin' }, 'phone_number', 'Le numéro de téléphone est requis'],
      [{ first_name: 'Camille', last_name: 'Martin', phone_number: '12345' }, 'phone_number', 'Veuillez entrer un numéro de téléphone valide.'],
      [{ first_name: 'Camille', last_name: 'Martin', phone_number: '1'.repeat(21) }, 'phone_number', maxLengthMessage(20)],
      [{ first_name: 'C'.repeat(101), last_name: 'Martin', phone_number: '0612345678' }, 'first_name', maxLengthMessage(100)],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.request('PUT', '/users/me', { token: session.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectResponseMatches('PUT', '/users/me', 422, res.body);
      expect(res.body.errors[field], field).toBe(message);
    }
    const me = await api.request('GET', '/users/me', { token: session.accessToken });
    expect(me.body.firstName).toBeNull();
  });

  it('lets an admin read and edit their own profile too', async () => {
    const token = await adminToken(api);
    const me = await api.request('GET', '/users/me/', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: api.adminEmail, role: 'ADMIN', organizationId: null });
    const put = await api.request('PUT', '/users/me', {
      token,
      body: { first_name: 'Alex', last_name: 'Durand', phone_number: '03 89 00 00 01', email: 'autre@exemple.fr', role: 'OWNER' },
    });
    expect(put.status).toBe(200);
    expectResponseMatches('PUT', '/users/me', 200, put.body);
    // The e-mail and the role are not the profile's to change.
    expect(put.body).toMatchObject({ email: api.adminEmail, role: 'ADMIN', firstName: 'Alex' });
  });

  it('needs a session', async () => {
    const res = await api.request('GET', '/users/me');
    expect(res.status).toBe(401);
    expectResponseMatches('GET', '/users/me', 401, res.body);
  });
});

describe('collaborators', () => {
  let owner: OwnerFixture;

  beforeAll(async () => {
    owner = await createOwner(api, { name: 'Déblais Rhénans' });
  });

  it('invites by e-mail with an accept link, and the invitee becomes an employee listed as a member', async () => {
    const employee = await createEmployee(api, owner);
    expect(employee.session.user).toMatchObject({ role: 'EMPLOYEE', organizationId: owner.organizationId });
    const members = await api.request('GET', '/users/organization/members', { token: owner.token });
    expect(members.status).toBe(200);
    expectResponseMatches('GET', '/users/organization/members', 200, members.body);
    expect(members.body.map((m: { email: string }) => m.email)).toEqual(expect.arrayContaining([owner.email, employee.email]));
    // An employee reads the same list.
    const seen = await api.request('GET', '/users/organization/members', { token: employee.token });
    expect(seen.status).toBe(200);
  });

  it('marks pending invitations (pending: true) apart from members who joined; resend works on those only', async () => {
    const team = await createOwner(api, { name: 'Attente Invitations' });
    const joined = await createEmployee(api, team);
    const waiting = uniqueEmail('attente');
    expect((await api.request('POST', '/users/invite', { token: team.token, body: { email: waiting } })).status).toBe(202);

    const members = await api.request('GET', '/users/organization/members', { token: team.token });
    expectResponseMatches('GET', '/users/organization/members', 200, members.body);
    const rows = members.body as { email: string; pending: boolean; role: string; fullName: string | null }[];
    expect(rows.map(({ email, pending, role }) => ({ email, pending, role }))).toEqual([
      { email: team.email, pending: false, role: 'OWNER' },
      { email: joined.email, pending: false, role: 'EMPLOYEE' },
      { email: waiting, pending: true, role: 'EMPLOYEE' },
    ]);
    // Both EMPLOYEE rows may have no name (a new employee's profile is empty): only `pending` tells them apart.
    expect(rows[2]!.fullName).toBeNull();

    await skipInvitationCooldown(team.organizationId!);
    const resent = await api.request('POST', '/users/invite/resend', { token: team.token, body: { email: waiting } });
    expect(resent.status).toBe(202);
    const notPending = await api.request('POST', '/users/invite/resend', { token: team.token, body: { email: joined.email } });
    expect(notPending.status).toBe(404);
    expectResponseMatches('POST', '/users/invite/resend', 404, notPending.body);
  });

  it('refuses a bad address, oneself and an already invited address (any case)', async () => {
    const bad = await api.request('POST', '/users/invite', { token: owner.token, body: { email: 'pas une adresse' } });
    expect(bad.status).toBe(422);
    expectResponseMatches('POST', '/users/invite', 422, bad.body);
    expect(bad.body.detail).toBe("Format d'email invalide");

    const self = await api.request('POST', '/users/invite', { token: owner.token, body: { email: owner.email.toUpperCase() } });
    expect(self.status).toBe(409);
    expectResponseMatches('POST', '/users/invite', 409, self.body);
    expect(self.body.detail).toBe('Vous ne pouvez pas vous inviter vous-même');

    const email = uniqueEmail('doublon');
    const sent = await api.request('POST', '/users/invite', { token: owner.token, body: { email } });
    expect(sent.status).toBe(202);
    expectResponseMatches('POST', '/users/invite', 202, sent.body);
    const again = await api.request('POST', '/users/invite', { token: owner.token, body: { email: email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Un employé avec cette adresse email a déjà été invité');

    // An address that is already an employee of the organisation, in another case.
    const employee = await createEmployee(api, owner);
    const member = await api.request('POST', '/users/invite', { token: owner.token, body: { email: ` ${employee.email.toUpperCase()} ` } });
    expect(member.status).toBe(409);
    expectResponseMatches('POST', '/users/invite', 409, member.body);
    expect(member.body.detail).toBe('Un employé avec cette adresse email a déjà été invité');
    // An address with an account elsewhere: invite-enumeration.integration.test.ts (issue 20).
  });

  it('resends a pending invitation with a fresh link; 404 when none is pending', async () => {
    const email = uniqueEmail('relance');
    await api.request('POST', '/users/invite', { token: owner.token, body: { email } });
    await api.smtp.waitForMessage(email);
    await skipInvitationCooldown(owner.organizationId!);
    const resent = await api.request('POST', '/users/invite/resend', { token: owner.token, body: { email } });
    expect(resent.status).toBe(202);
    expectResponseMatches('POST', '/users/invite/resend', 202, resent.body);
    const mail = await api.smtp.waitForMessage(email);
    expect(mail.text).toContain('/accept-invitation?token=');
    const none = await api.request('POST', '/users/invite/resend', { token: owner.token, body: { email: uniqueEmail() } });
    expect(none.status).toBe(404);
    expectResponseMatches('POST', '/users/invite/resend', 404, none.body);
  });

  it('answers 503 and keeps nothing when the invitation e-mail cannot be sent', async () => {
    // A second API on the same database whose mail server is gone (a port nobody listens on).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const broken = await startApiForTest({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const sender = await createOwner(api, { name: 'Courrier Perdu TP' });
    try {
      const email = uniqueEmail('perdu');
      const res = await broken.request('POST', '/users/invite', { token: sender.token, body: { email } });
      expect(res.status).toBe(503);
      expectResponseMatches('POST', '/users/invite', 503, res.body);
      expect(res.body.detail).toBe("L'envoi de l'e-mail a échoué. Veuillez réessayer dans quelques instants.");
      const members = await api.request('GET', '/users/organization/members', { token: sender.token });
      expect(members.body.map((m: { email: string }) => m.email)).not.toContain(email);
      // Once mail works again, the same address is simply invited.
      expect((await api.request('POST', '/users/invite', { token: sender.token, body: { email } })).status).toBe(202);
      await skipInvitationCooldown(sender.organizationId!);
      const resent = await broken.request('POST', '/users/invite/resend', { token: sender.token, body: { email } });
      expect(resent.status).toBe(503);
      expectResponseMatches('POST', '/users/invite/resend', 503, resent.body);
    } finally {
      await broken.close();
    }
  });

  it('is no mail relay: one e-mail per address a minute, 5 per address and 20 per organisation a day (429, French)', async () => {
    const relay = await createOwner(api, { name: 'Relais Interdit TP' });
    const organizationId = relay.organizationId!;
    const email = uniqueEmail('cible');
    expect((await api.request('POST', '/users/invite', { token: relay.token, body: { email } })).status).toBe(202);
    // Twenty resends at once: none passes the minute, none is sent.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => api.request('POST', '/users/invite/resend', { token: relay.token, body: { email } })),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(20).fill(429));
    expectResponseMatches('POST', '/users/invite/resend', 429, burst[0]!.body);
    expect(burst[0]!.body.detail).toBe(messages.invitationEmailTooSoon);
    expect(Number(burst[0]!.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(api.smtp.messagesTo(email)).toHaveLength(1);

    // A resend a minute later passes; after 5 e-mails to the address in 24 hours, it waits a day.
    for (let sent = 1; sent < 5; sent += 1) {
      await skipInvitationCooldown(organizationId);
      expect((await api.request('POST', '/users/invite/resend', { token: relay.token, body: { email } })).status).toBe(202);
    }
    await skipInvitationCooldown(organizationId);
    const sixth = await api.request('POST', '/users/invite/resend', { token: relay.token, body: { email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toBe('Cette adresse a déjà reçu 5 invitations en 24 heures. Veuillez réessayer plus tard.');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(api.smtp.messagesTo(email)).toHaveLength(5);

    // Invite, withdraw, invite again...: 20 e-mails per organisation in 24 hours, then 429 and nothing stored.
    for (let sent = 5; sent < 20; sent += 1) {
      const other = uniqueEmail(`relais${sent}`);
      expect((await api.request('POST', '/users/invite', { token: relay.token, body: { email: other } })).status, `e-mail ${sent + 1}`).toBe(202);
      const members = await api.request('GET', '/users/organization/members', { token: relay.token });
      const pending = (members.body as { id: string; email: string }[]).find((m) => m.email === other)!;
      expect((await api.request('DELETE', `/users/${pending.id}/archive`, { token: relay.token })).status).toBe(204);
    }
    const over = uniqueEmail('de-trop');
    const refused = await api.request('POST', '/users/invite', { token: relay.token, body: { email: over } });
    expect(refused.status).toBe(429);
    expectResponseMatches('POST', '/users/invite', 429, refused.body);
    expect(refused.body.detail).toBe('Votre organisation a envoyé 20 invitations en 24 heures, le maximum. Veuillez réessayer plus tard.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(api.smtp.messagesTo(over)).toHaveLength(0);
    const members = await api.request('GET', '/users/organization/members', { token: relay.token });
    expect(members.body.map((m: { email: string }) => m.email)).not.toContain(over);

    // A day later the organisation may invite again; another organisation was never affected.
    await skipInvitationCooldown(organizationId, 24 * 3600);
    expect((await api.request('POST', '/users/invite', { token: relay.token, body: { email: over } })).status).toBe(202);
    const rows = await api.database.db.execute(sql`select count(*)::int as n from invitation_emails where organization_id = ${organizationId}`);
    expect(rows.rows[0]).toEqual({ n: 21 });
  });

  it('allows at most 5 collaborators (409 for the 6th)', async () => {
    const small = await createOwner(api, { name: 'Remblais du Sundgau' });
    for (let i = 0; i < 5; i += 1) {
      expect((await api.request('POST', '/users/invite', { token: small.token, body: { email: uniqueEmail(`c${i}`) } })).status).toBe(202);
    }
    const sixth = await api.request('POST', '/users/invite', { token: small.token, body: { email: uniqueEmail('c6') } });
    expect(sixth.status).toBe(409);
    expect(sixth.body.detail).toBe('Vous avez atteint le nombre maximal de collaborateurs (5)');
    expect(sixth.body.type).toBe('urn:bourse-terres:problem:collaborator-limit');
    const members = await api.request('GET', '/users/organization/members', { token: small.token });
    expect(members.body).toHaveLength(6);
  });

  it('removes an employee: their sessions end at once and they cannot sign in', async () => {
    const employee = await createEmployee(api, owner);
    const removed = await api.request('DELETE', `/users/${employee.session.user.id}/archive`, { token: owner.token });
    expect(removed.status).toBe(204);
    expectResponseMatches('DELETE', '/users/{id}/archive', 204, removed.body);
    expect((await api.request('GET', '/users/me', { token: employee.token })).status).toBe(401);
    expect((await api.request('POST', '/auth/refresh', refreshOptions(employee.session.refreshToken))).status).toBe(401);
    await skipCodeCooldown(api, employee.email);
    const again = await api.request('POST', '/auth/login/magic-link/request', { body: { email: employee.email } });
    expect(again.status).toBe(202);
    const notice = await api.smtp.waitForMessage(employee.email, (m) => m.text.includes('fermé'));
    expect(notice.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    const members = await api.request('GET', '/users/organization/members', { token: owner.token });
    expect(members.body.map((m: { email: string }) => m.email)).not.toContain(employee.email);
  });

  it('keeps the limit under parallel invitations: exactly 5 of 8 pass', async () => {
    const busy = await createOwner(api, { name: 'Invitations Simultanées' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.request('POST', '/users/invite', { token: busy.token, body: { email: uniqueEmail(`p${i}`) } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 202, 202, 409, 409, 409]);
    const members = await api.request('GET', '/users/organization/members', { token: busy.token });
    expect(members.body).toHaveLength(6);
  });

  it('lets the owner invite a removed collaborator again, who then signs in as before', async () => {
    const team = await createOwner(api, { name: 'Retour Gagnant TP' });
    const employee = await createEmployee(api, team);
    await api.request('PUT', '/users/me', { token: employee.token, body: { first_name: 'Lucas', last_name: 'Bernard', phone_number: '0623456789' } });
    expect((await api.request('DELETE', `/users/${employee.session.user.id}/archive`, { token: team.token })).status).toBe(204);

    await skipInvitationCooldown(team.organizationId!);
    const invited = await api.request('POST', '/users/invite', { token: team.token, body: { email: employee.email } });
    expect(invited.status).toBe(202);
    const mail = await api.smtp.waitForMessage(employee.email, (m) => m.text.includes('/accept-invitation?token='));
    const token = decodeURIComponent(/accept-invitation\?token=([^\s"&]+)/.exec(mail.text)![1]!);
    await skipCodeCooldown(api, employee.email);
    expect((await api.request('POST', '/auth/invitation/request', { body: { token } })).status).toBe(202);
    const code = codeOf(await api.smtp.waitForMessage(employee.email, (m) => /(?<!\d)\d{6}(?!\d)/.test(m.text)));
    const back = await api.request('POST', '/auth/magic-link/verify', { body: { email: employee.email, otp: code } });
    expect(back.status).toBe(200);
    expect(back.body.user).toMatchObject({ id: employee.session.user.id, role: 'EMPLOYEE', organizationId: team.organizationId });
    const members = await api.request('GET', '/users/organization/members', { token: team.token });
    expect(members.body.filter((m: { email: string }) => m.email === employee.email)).toEqual([
      expect.objectContaining({ id: employee.session.user.id, fullName: 'Lucas Bernard' }),
    ]);
  });

  it('withdraws a pending invitation through the same delete', async () => {
    const email = uniqueEmail('retire');
    await api.request('POST', '/users/invite', { token: owner.token, body: { email } });
    const members = await api.request('GET', '/users/organization/members', { token: owner.token });
    const pending = members.body.find((m: { email: string }) => m.email === email);
    expect(pending.fullName).toBeNull();
    expect((await api.request('DELETE', `/users/${pending.id}/archive`, { token: owner.token })).status).toBe(204);
    const after = await api.request('GET', '/users/organization/members', { token: owner.token });
    expect(after.body.map((m: { email: string }) => m.email)).not.toContain(email);
  });

  it('keeps collaborator management to the owner of the organisation', async () => {
    const employee = await createEmployee(api, owner);
    const asEmployee = await api.request('POST', '/users/invite', { token: employee.token, body: { email: uniqueEmail() } });
    expect(asEmployee.status).toBe(403);
    expectResponseMatches('POST', '/users/invite', 403, asEmployee.body);
    const resendAsEmployee = await api.request('POST', '/users/invite/resend', { token: employee.token, body: { email: uniqueEmail() } });
    expect(resendAsEmployee.status).toBe(403);
    expectResponseMatches('POST', '/users/invite/resend', 403, resendAsEmployee.body);
    expect((await api.request('DELETE', `/users/${employee.session.user.id}/archive`, { token: employee.token })).status).toBe(403);
    const admin = await adminToken(api);
    expect((await api.request('POST', '/users/invite', { token: admin, body: { email: uniqueEmail() } })).status).toBe(403);
    expect((await api.request('GET', '/users/organization/members', { token: admin })).status).toBe(403);

    // Another organisation's owner cannot remove this employee: 404, as if unknown.
    const other = await createOwner(api, { name: 'Autre Terrassement' });
    const foreign = await api.request('DELETE', `/users/${employee.session.user.id}/archive`, { token: other.token });
    expect(foreign.status).toBe(404);
    expectResponseMatches('DELETE', '/users/{id}/archive', 404, foreign.body);
    const otherMembers = await api.request('GET', '/users/organization/members', { token: other.token });
    expect(otherMembers.body.map((m: { email: string }) => m.email)).not.toContain(employee.email);
    // An owner without organisation has no collaborators yet.
    const fresh = await registerOwner(api);
    expect((await api.request('POST', '/users/invite', { token: fresh.accessToken, body: { email: uniqueEmail() } })).status).toBe(403);
  });
});
