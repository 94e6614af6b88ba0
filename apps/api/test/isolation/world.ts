// The isolation sweep's world, made over HTTP as clients make it: three organisations (A and B
// active, C archived at the end), each with an owner, an employee, a pending invitation, a
// complete draft with its permission document (and a delegated soil study), a validated CUT and
// FILL listing near the others (so they match), a paid pack with its invoice; a match proposed
// between A's CUT and B's FILL. Every id and unique name of an organisation is one of its
// `markers`: any of them in an answer to another organisation's user is a leak.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { openSession, type LoginResponse } from '../../src/auth/sessions.js';
import { notifications, users } from '../../src/db/schema.js';
import { eq, sql } from 'drizzle-orm';
import {
  adminToken,
  completeListingFields,
  createCompleteDraft,
  createEmployee,
  createOwner,
  SAMPLE_FILES,
  uniqueSiret,
  uploadDocument,
  type OwnerFixture,
} from '../helpers/fixtures.js';
import { validatedListing } from '../helpers/matching.js';
import { packsOf, payWithSimulator } from '../helpers/payments.js';
import { codeOf } from '../helpers/smtp.js';
import { skipCodeCooldown, startApiForTest, uniqueEmail, type TestApi } from '../helpers/session.js';
import { createTestDatabase } from '../helpers/database.js';
import { DatabaseWatch } from '../helpers/database-watch.js';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startStripeFake } from '../helpers/stripe-fake.js';

export type OrgLabel = 'A' | 'B' | 'C';

export interface Person {
  userId: string;
  email: string;
  token: string;
}

export interface OrgWorld {
  label: OrgLabel;
  organizationId: string;
  name: string;
  owner: Person;
  employee: Person;
  /** Invited by the owner, not accepted; its e-mailed token. */
  invitation: { id: string; email: string; token: string };
  /** A complete DRAFT (soil study delegated) with one permission document. */
  draftId: string;
  documentId: string;
  /** Validated (APPROVED) listings around Colmar: every CUT matches every FILL. */
  cutId: string;
  fillId: string;
  invoiceId: string;
  /** The simulator link of a pack, personal to this organisation. */
  packLink: string;
  /** The same pack's link on the Stripe-configured app. */
  stripePackLink: string;
  /** A usable carrier of the organisation (issue 18). */
  carrierId: string;
  /**
   * Transfers with a partner organisation of its own (outside A, B, C: once a match is accepted
   * both parties see each other's name, which is no leak): `transferOutId` with this
   * organisation as the CUT side, `transferInId` as the FILL side; a load in transit on each.
   */
  transferOutId: string;
  transferInId: string;
  loadId: string;
  inLoadId: string;
  partner: { owner: OwnerFixture; carrierId: string; cutId: string };
  /** Every id and unique text of this organisation. */
  markers: string[];
}

export interface World {
  api: TestApi;
  /** The same database behind an app configured for Stripe (fake on loopback). */
  stripeApi: TestApi;
  admin: Person;
  orgs: Record<OrgLabel, OrgWorld>;
  /** Proposed by the admin between A's CUT and B's FILL: both organisations' business. */
  matchId: string;
  fresh: Fresh;
}

const run = randomBytes(3).toString('hex');

/** Sites a few kilometres apart, with overlapping periods: compatible pairs. */
const SITES: Record<OrgLabel, { latitude: number; longitude: number }> = {
  A: { latitude: 48.081, longitude: 7.355 },
  B: { latitude: 48.095, longitude: 7.372 },
  C: { latitude: 48.07, longitude: 7.34 },
};

/** A carrier body with a fresh SIRET and a receipt valid for a year. */
export function carrierBody(name: string): Record<string, unknown> {
  return {
    siret: uniqueSiret(),
    name,
    street: '4 rue de la Gare',
    postcode: '68000',
    city: 'Colmar',
    receipt_number: 'REC-68-2026-01',
    receipt_department: '68',
    receipt_valid_until: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
  };
}

/** A load leaving an hour ago, of 1 m³ (a transfer expects hundreds). */
export function departureBody(carrierId: string): Record<string, unknown> {
  return { departed_at: new Date(Date.now() - 3_600_000).toISOString(), carrier_id: carrierId, vehicle_plate: 'AB-123-CD', waste_code: '17 05 04', volume_m3: 1 };
}

export async function createCarrierFor(api: TestApi, token: string, organizationId: string, name: string): Promise<string> {
  const created = await api.request('POST', `/organizations/${organizationId}/carriers`, { token, body: carrierBody(name) });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** An admin proposes and accepts a match: its transfer's id. */
export async function acceptedTransfer(api: TestApi, cutId: string, fillId: string): Promise<string> {
  const admin = await adminToken(api);
  const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cutId, fill_inquiry_id: fillId } });
  expect(proposed.status).toBe(201);
  const accepted = await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
  expect(accepted.status).toBe(200);
  return accepted.body.transferId;
}

export async function recordLoadOn(api: TestApi, token: string, transferId: string, carrierId: string): Promise<string> {
  const recorded = await api.request('POST', `/transfers/${transferId}/loads`, { token, body: departureBody(carrierId) });
  expect(recorded.status).toBe(201);
  return recorded.body.id;
}

/** A weighbridge ticket's photo on a load in transit (PUT /loads/{id}/ticket, multipart). */
export async function attachTicketPhoto(api: TestApi, token: string, loadId: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([SAMPLE_FILES['photo.jpg']!], { type: 'image/jpeg' }), 'ticket.jpg');
  const response = await fetch(`${api.url}/api/v1/loads/${loadId}/ticket`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(200);
}

async function buildOrganization(api: TestApi, stripeApi: TestApi, label: OrgLabel): Promise<OrgWorld> {
  const name = `Terrassements Sweep ${label} ${run}`;
  const owner = await createOwner(api, { name, credits: 999 });
  const employee = await createEmployee(api, owner);
  const invitation = await inviteWithToken(api, owner.token);

  const draftId = await createCompleteDraft(api, owner.token, { project_name: `Chantier brouillon ${label} ${run}` });
  const documents = await api.request('GET', `/inquiries/${draftId}/documents`, { token: owner.token });
  expect(documents.status).toBe(200);

  const site = SITES[label];
  const cutId = await validatedListing(api, owner, { type: 'CUT', name: `Déblai ${label} ${run}`, ...site });
  const fillId = await validatedListing(api, owner, { type: 'FILL', name: `Remblai ${label} ${run}`, ...site });

  const [pack] = await packsOf(api, owner.token);
  await payWithSimulator(api, pack!.link);
  const invoices = await api.request('GET', '/invoices', { token: owner.token });
  expect(invoices.status).toBe(200);
  const stripePacks = await stripeApi.request('GET', '/credits/packages', { token: owner.token });
  expect(stripePacks.status).toBe(200);

  // Transfers (issue 18) with a partner organisation of this organisation only.
  const partnerOwner = await createOwner(api, { name: `Partenaire ${label} ${run}`, credits: 999 });
  const partnerCut = await validatedListing(api, partnerOwner, { type: 'CUT', name: `Déblai partenaire ${label} ${run}`, ...site });
  const partnerFill = await validatedListing(api, partnerOwner, { type: 'FILL', name: `Remblai partenaire ${label} ${run}`, ...site });
  const carrierId = await createCarrierFor(api, owner.token, owner.organizationId, `Transports ${label} ${run}`);
  const partnerCarrierId = await createCarrierFor(api, partnerOwner.token, partnerOwner.organizationId, `Transports partenaire ${label} ${run}`);
  const transferOutId = await acceptedTransfer(api, cutId, partnerFill);
  const transferInId = await acceptedTransfer(api, partnerCut, fillId);
  const loadId = await recordLoadOn(api, owner.token, transferOutId, carrierId);
  await attachTicketPhoto(api, owner.token, loadId);
  const inLoadId = await recordLoadOn(api, partnerOwner.token, transferInId, partnerCarrierId);

  const people = await api.database.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.organizationId, owner.organizationId));
  const idOf = (email: string) => people.find((p) => p.email === email)!.id;
  const world: OrgWorld = {
    label,
    organizationId: owner.organizationId,
    name,
    owner: { userId: idOf(owner.email), email: owner.email, token: owner.token },
    employee: { userId: idOf(employee.email), email: employee.email, token: employee.token },
    invitation,
    draftId,
    documentId: documents.body[0].id,
    cutId,
    fillId,
    invoiceId: invoices.body[0].id,
    packLink: pack!.link,
    stripePackLink: stripePacks.body[0].link,
    carrierId,
    transferOutId,
    transferInId,
    loadId,
    inLoadId,
    partner: { owner: partnerOwner, carrierId: partnerCarrierId, cutId: partnerCut },
    markers: [],
  };
  world.markers = [
    world.organizationId,
    name,
    world.owner.userId,
    world.owner.email,
    world.employee.userId,
    world.employee.email,
    invitation.id,
    invitation.email,
    draftId,
    world.documentId,
    cutId,
    fillId,
    world.invoiceId,
    carrierId,
    transferOutId,
    transferInId,
    loadId,
    inLoadId,
    `${label} ${run}`,
  ];
  return world;
}

/** Invites a fresh address as this owner; answers the invitation's id and e-mailed token. */
async function inviteWithToken(api: TestApi, ownerToken: string): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail('invite');
  const invited = await api.request('POST', '/users/invite', { token: ownerToken, body: { email } });
  expect(invited.status).toBe(202);
  const mail = await api.smtp.waitForMessage(email, (m) => m.text.includes('/accept-invitation?token='));
  const token = decodeURIComponent(/accept-invitation\?token=([^\s"&]+)/.exec(mail.text)![1]!);
  const members = await api.request('GET', '/users/organization/members', { token: ownerToken });
  const row = (members.body as { id: string; email: string; pending: boolean }[]).find((m) => m.pending && m.email === email);
  return { id: row!.id, email, token };
}

/** Disposable resources for the calls that consume what they act on (deletion, archiving, status moves). */
export interface Fresh {
  draft(org: OrgWorld): Promise<string>;
  pendingListing(org: OrgWorld): Promise<string>;
  validatedCut(org: OrgWorld): Promise<string>;
  advertiserDocument(org: OrgWorld): Promise<string>;
  platformDocument(org: OrgWorld): Promise<string>;
  invitation(org: OrgWorld): Promise<string>;
  organization(): Promise<string>;
  /** A new session (family) of this user, opened as a sign-in would. */
  session(userId: string): Promise<LoginResponse>;
  /** An address with a registration code waiting, and the code. */
  registrationCode(): Promise<{ email: string; otp: string }>;
  /** Lets a new code be requested for this address at once. */
  skipCooldown(email: string): Promise<void>;
  /** Lets the organisation's invitation e-mails be resent at once (one a minute per address). */
  skipInvitationCooldown(org: OrgWorld): Promise<void>;
  /** A new carrier of the organisation. */
  carrier(org: OrgWorld): Promise<string>;
  /** A load in transit on the organisation's outgoing transfer (it is the CUT side). */
  outLoad(org: OrgWorld): Promise<string>;
  /** A load in transit on its incoming transfer (recorded by the partner, the CUT side). */
  inLoad(org: OrgWorld): Promise<string>;
  /** A transfer with one accepted load and none in transit: an admin may close it. */
  closableTransfer(org: OrgWorld): Promise<string>;
  /** An unread notification of this user (issue 21), recorded as the app records one. */
  notification(userId: string): Promise<string>;
}

function freshResources(api: TestApi): Fresh {
  let count = 0;
  const next = (what: string) => `${what} ${run}-${++count}`;
  return {
    async notification(userId) {
      const [row] = await api.database.db
        .insert(notifications)
        .values({ userId, kind: 'STATUS', title: next('Notification'), link: '/dashboard', delivery: 'DIGEST' })
        .returning({ id: notifications.id });
      return row!.id;
    },
    async draft(org) {
      const created = await api.request('POST', '/inquiries', { token: org.owner.token, body: { type: 'CUT', ...completeListingFields({ project_name: next('Brouillon jetable') }) } });
      expect(created.status).toBe(201);
      return created.body.id;
    },
    async pendingListing(org) {
      const id = await createCompleteDraft(api, org.owner.token, { project_name: next('En attente') });
      const submitted = await api.request('PUT', `/inquiries/${id}`, { token: org.owner.token, body: { status: 'PENDING_VALIDATION' } });
      expect(submitted.status).toBe(200);
      return id;
    },
    validatedCut(org) {
      const owner = { token: org.owner.token, organizationId: org.organizationId, email: org.owner.email } as Parameters<typeof validatedListing>[1];
      return validatedListing(api, owner, { type: 'CUT', name: next('Déblai validé'), ...SITES[org.label] });
    },
    async advertiserDocument(org) {
      const uploaded = await uploadDocument(api, org.owner.token, org.draftId, { name: 'plan.png', bytes: SAMPLE_FILES['plan.png']!, kind: 'OTHER' });
      expect(uploaded.status).toBe(201);
      return uploaded.body.id;
    },
    async platformDocument(org) {
      const uploaded = await uploadDocument(api, await adminToken(api), org.draftId, { name: 'courrier.doc', bytes: SAMPLE_FILES['courrier.doc']!, kind: 'OTHER' });
      expect(uploaded.status).toBe(201);
      return uploaded.body.id;
    },
    async invitation(org) {
      return (await inviteWithToken(api, org.owner.token)).id;
    },
    async organization() {
      return (await createOwner(api, { name: next('Organisation jetable') })).organizationId;
    },
    async session(userId) {
      const [user] = await api.database.db.select().from(users).where(eq(users.id, userId));
      return api.database.db.transaction((tx) => openSession(tx, api.running.app.config.authSecret, user!));
    },
    async registrationCode() {
      const email = uniqueEmail('inscription');
      const requested = await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
      expect(requested.status).toBe(202);
      return { email, otp: codeOf(await api.smtp.waitForMessage(email, (m) => /\d{6}/.test(m.text))) };
    },
    skipCooldown: (email) => skipCodeCooldown(api, email),
    async skipInvitationCooldown(org) {
      await api.database.db.execute(sql`update invitation_emails set sent_at = sent_at - interval '2 minutes' where organization_id = ${org.organizationId}`);
    },
    carrier: (org) => createCarrierFor(api, org.owner.token, org.organizationId, next('Transporteur jetable')),
    outLoad: (org) => recordLoadOn(api, org.owner.token, org.transferOutId, org.carrierId),
    inLoad: (org) => recordLoadOn(api, org.partner.owner.token, org.transferInId, org.partner.carrierId),
    async closableTransfer(org) {
      const fill = await validatedListing(api, org.owner as unknown as OwnerFixture, { type: 'FILL', name: next('Remblai à clôturer'), ...SITES[org.label] });
      const transferId = await acceptedTransfer(api, org.partner.cutId, fill);
      const loadId = await recordLoadOn(api, org.partner.owner.token, transferId, org.partner.carrierId);
      const received = await api.request('POST', `/loads/${loadId}/reception`, { token: org.owner.token, body: { received_at: new Date().toISOString(), outcome: 'ACCEPTED' } });
      expect(received.status).toBe(200);
      return transferId;
    },
  };
}

export async function buildWorld(api: TestApi, stripeApi: TestApi): Promise<World> {
  const A = await buildOrganization(api, stripeApi, 'A');
  const B = await buildOrganization(api, stripeApi, 'B');
  const C = await buildOrganization(api, stripeApi, 'C');
  const admin = await adminToken(api);
  const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: A.cutId, fill_inquiry_id: B.fillId } });
  expect(proposed.status).toBe(201);
  const archived = await api.request('DELETE', `/organizations/${C.organizationId}/archive`, { token: admin });
  expect(archived.status).toBe(204);
  const [adminRow] = await api.database.db.select().from(users).where(eq(users.email, api.adminEmail));
  return {
    api,
    stripeApi,
    admin: { userId: adminRow!.id, email: api.adminEmail, token: admin },
    orgs: { A, B, C },
    matchId: proposed.body.id,
    fresh: freshResources(api),
  };
}

export interface OpenedWorld {
  world: World;
  /** The world's database, whole (it is the world's alone). */
  watch: DatabaseWatch;
  close(): Promise<void>;
}

/**
 * The world on a database of its own (so that "nothing changed" means the whole database), with
 * the simulator app and a Stripe-configured app (fake Stripe on loopback) on it: the isolation
 * sweep's and the fuzzer's.
 */
export async function openWorld(): Promise<OpenedWorld> {
  const database = await createTestDatabase();
  const closers: (() => Promise<void>)[] = [() => database.drop()];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne();
  };
  try {
    const api = await startApiForTest({}, { databaseUrl: database.url });
    closers.push(() => api.close());
    const fake = await startStripeFake();
    closers.push(() => fake.close());
    const stripeApi = await startApiForTest(
      {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      },
      { databaseUrl: database.url, adminEmail: api.adminEmail },
    );
    closers.push(() => stripeApi.close());
    const world = await buildWorld(api, stripeApi);
    const watch = await DatabaseWatch.open(database.url);
    closers.push(() => watch.close());
    return { world, watch, close };
  } catch (error) {
    await close();
    throw error;
  }
}
