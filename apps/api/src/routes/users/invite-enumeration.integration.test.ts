// Issue 20, account enumeration through invitations: POST /users/invite answered 409 « déjà
// utilisée » for an address registered in any organisation and 202 for a new one. Now an
// inviter learns only what concerns their own organisation: the answers, the members list and
// the resend are the same for both; the address's holder alone learns (by a notice without a
// link) that their account cannot join.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { createEmployee, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { registerOwner, startApiForTest, uniqueEmail, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let inviter: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest();
  inviter = await createOwner(api, { name: 'Invitations Discrètes TP' });
});

afterAll(async () => {
  await api?.close();
});

async function skipInvitationCooldown(organizationId: string): Promise<void> {
  await api.database.db.execute(sql`update invitation_emails set sent_at = sent_at - interval '61 seconds' where organization_id = ${organizationId}`);
}

/** What the inviter can observe of an invitation: status, body (address aside), and their members row. */
async function observe(email: string) {
  const answer = await api.request('POST', '/users/invite', { token: inviter.token, body: { email } });
  const members = await api.request('GET', '/users/organization/members', { token: inviter.token });
  const row = members.body.find((m: { email: string }) => m.email === email);
  const { id: _id, email: _email, ...rowShape } = row ?? {};
  return { status: answer.status, body: { ...answer.body, email: answer.body.email === email ? 'same' : answer.body.email }, listed: row !== undefined, rowShape };
}

describe('POST /users/invite tells nothing about other organisations (issue 20)', () => {
  it('answers an address registered elsewhere exactly as a new one; its holder gets a notice without a link', async () => {
    const elsewhere = await createOwner(api, { name: 'Autre Société TP' });
    const employeeElsewhere = await createEmployee(api, elsewhere);
    const withoutOrganization = (await registerOwner(api)).user.email;
    const fresh = uniqueEmail('nouvelle');

    const expected = await observe(fresh);
    expect(expected.status).toBe(202);
    expect(expected.listed).toBe(true);
    for (const email of [elsewhere.email, employeeElsewhere.email, withoutOrganization]) {
      const seen = await observe(email);
      expect(seen, email).toEqual(expected);
      const answer = await api.request('GET', '/users/organization/members', { token: inviter.token });
      expectResponseMatches('GET', '/users/organization/members', 200, answer.body);
    }

    const invited = await api.smtp.waitForMessage(fresh);
    expect(invited.text).toContain('/accept-invitation?token=');
    const notice = await api.smtp.waitForMessage(elsewhere.email, (mail) => mail.subject.startsWith('Invitation'));
    expect(notice.subject).toBe(invited.subject);
    expect(notice.text).toContain('Invitations Discrètes TP');
    expect(notice.text).toContain('ne peut pas être acceptée avec cette adresse');
    expect(notice.text).not.toContain('accept-invitation');
    expect(notice.html).not.toContain('accept-invitation');
  });

  it('resends the same way: 202 and the notice again, never a link, to an address registered elsewhere', async () => {
    const elsewhere = await createOwner(api, { name: 'Relance Ailleurs TP' });
    expect((await api.request('POST', '/users/invite', { token: inviter.token, body: { email: elsewhere.email } })).status).toBe(202);
    await api.smtp.waitForMessage(elsewhere.email, (mail) => mail.subject.startsWith('Invitation'));
    await skipInvitationCooldown(inviter.organizationId!);
    const resent = await api.request('POST', '/users/invite/resend', { token: inviter.token, body: { email: elsewhere.email } });
    expect(resent.status).toBe(202);
    expectResponseMatches('POST', '/users/invite/resend', 202, resent.body);
    const again = await api.smtp.waitForMessage(elsewhere.email, (mail) => mail.subject.startsWith('Invitation'));
    expect(again.text).not.toContain('accept-invitation');
    // The other organisation and its owner are untouched.
    const me = await api.request('GET', '/users/me', { token: elsewhere.token });
    expect(me.status).toBe(200);
    expect(me.body.organizationId).toBe(elsewhere.organizationId);
  });

  it('still says when the address is already in the inviter’s own organisation', async () => {
    const owner = await createOwner(api, { name: 'Équipe Complète TP' });
    const employee = await createEmployee(api, owner);
    const member = await api.request('POST', '/users/invite', { token: owner.token, body: { email: employee.email } });
    expect(member.status).toBe(409);
    expectResponseMatches('POST', '/users/invite', 409, member.body);
    expect(member.body.detail).toBe('Un employé avec cette adresse email a déjà été invité');
  });
});
