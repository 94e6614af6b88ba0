// Accounts as a client makes them, over HTTP: an owner with a complete profile and organisation,
// employees through the invitation flow, an admin; credits granted by that admin.
import { expect } from 'vitest';
import { codeOf } from './smtp.js';
import { registerOwner, signIn, uniqueEmail, type LoginResponse, type TestApi } from './session.js';

export const VALID_SIRETS = ['73282932000074', '35600000000048', '44306184100047', '55208131766522'];

export const ORGANIZATION_BODY = {
  name: 'Terrassements du Ried',
  registration_number: '73282932000074',
  legal_form: 'SAS',
  street: '12 rue du Rhône',
  postcode: '68100',
  city: 'Mulhouse',
  country: 'France',
};

export interface OwnerFixture {
  session: LoginResponse;
  token: string;
  email: string;
  organizationId: string;
}

export async function completeProfile(api: TestApi, token: string, firstName = 'Camille', lastName = 'Martin'): Promise<void> {
  const res = await api.request('PUT', '/users/me', {
    token,
    body: { first_name: firstName, last_name: lastName, phone_number: '06 12 34 56 78' },
  });
  expect(res.status).toBe(200);
}

/** A registered owner with profile and organisation (and, if `credits`, an admin grant). */
export async function createOwner(api: TestApi, options: { name?: string; credits?: number } = {}): Promise<OwnerFixture> {
  const email = uniqueEmail('owner');
  const session = await registerOwner(api, email);
  await completeProfile(api, session.accessToken);
  const created = await api.request('POST', '/organizations', {
    token: session.accessToken,
    body: { ...ORGANIZATION_BODY, name: options.name ?? ORGANIZATION_BODY.name },
  });
  expect(created.status).toBe(201);
  const organizationId = created.body.id as string;
  if (options.credits) await grantCredits(api, organizationId, options.credits);
  return { session, token: session.accessToken, email, organizationId };
}

const adminSessions = new WeakMap<TestApi, LoginResponse>();

/** The admin of this API (its own ADMIN_EMAILS address), signed in once. */
export async function adminToken(api: TestApi): Promise<string> {
  let session = adminSessions.get(api);
  if (!session) {
    session = await signIn(api, api.adminEmail);
    adminSessions.set(api, session);
  }
  return session.accessToken;
}

export async function grantCredits(api: TestApi, organizationId: string, credits: number): Promise<void> {
  let left = credits;
  while (left > 0) {
    const amount = Math.min(999, left);
    const res = await api.request('POST', `/organizations/${organizationId}/credits`, {
      token: await adminToken(api),
      body: { credits: amount },
    });
    expect(res.status).toBe(200);
    left -= amount;
  }
}

/** An employee of the owner's organisation, through invite, e-mailed link and code. */
export async function createEmployee(api: TestApi, owner: OwnerFixture): Promise<{ session: LoginResponse; token: string; email: string }> {
  const email = uniqueEmail('employe');
  const invited = await api.request('POST', '/users/invite', { token: owner.token, body: { email } });
  expect(invited.status).toBe(202);
  const mail = await api.smtp.waitForMessage(email, (m) => m.text.includes('/accept-invitation?token='));
  const token = decodeURIComponent(/accept-invitation\?token=([^\s"&]+)/.exec(mail.text)![1]!);
  const requested = await api.request('POST', '/auth/invitation/request', { body: { token } });
  expect(requested.status).toBe(202);
  const code = codeOf(await api.smtp.waitForMessage(email, (m) => /(?<!\d)\d{6}(?!\d)/.test(m.text)));
  const verified = await api.request<LoginResponse>('POST', '/auth/magic-link/verify', { body: { email, otp: code } });
  expect(verified.status).toBe(200);
  return { session: verified.body, token: verified.body.accessToken, email };
}
