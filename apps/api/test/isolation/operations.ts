// The isolation sweep's one table: for every operation of openapi/openapi.yaml (by operationId),
// how to build a valid request naming an organisation's data, and what each role must get.
// An operation added to the YAML without a row here fails the sweep, and so does a row whose
// operation left the YAML.
//
// `expect[role]` is the status with the caller's own organisation's ids ("own"); with another
// organisation's ids ("foreign") a member gets 404 when "own" succeeds, and the same refusal as
// "own" when the role alone is refused (so a refusal never tells whether an id exists). Write
// `{ own, foreign }` where the contract says otherwise. Defaults: anonymous 401, a user of an
// archived organisation 403; a public operation (`security: []`) answers every role alike.
// `scoped: false`: the request names nothing of an organisation (its own comes from the token),
// so it is made once per role.
import { todayInParis } from '@terres/domain';
import { completeListingFields, ORGANIZATION_BODY, SAMPLE_FILES } from '../helpers/fixtures.js';
import { checkoutEvent, signPayload } from '../helpers/stripe-fake.js';
import { refreshOptions, SESSION_HEADERS, uniqueEmail } from '../helpers/session.js';
import { carrierBody, departureBody, type OrgWorld, type Person, type World } from './world.js';

export const ROLES = ['anonymous', 'owner', 'employee', 'admin', 'archived'] as const;
export type Role = (typeof ROLES)[number];
export type Target = 'own' | 'foreign';

export type Statuses = number | readonly number[];
export type Expectation = Statuses | { own: Statuses; foreign: Statuses };

export interface CallContext {
  world: World;
  role: Role;
  target: Target;
  /** The organisation whose ids the call names. */
  org: OrgWorld;
  /** The caller's organisation (A for admins and anonymous callers, C for the archived user). */
  home: OrgWorld;
  /** The caller (null when anonymous). */
  actor: Person | null;
  /** The call is expected to succeed (2xx/3xx): act on a disposable resource if it consumes one. */
  succeeds: boolean;
}

export interface SweepRequest {
  /** Values of the YAML path's `{name}` parameters. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** An urlencoded form body. */
  form?: Record<string, string>;
  /** A multipart upload: `file` and `kind`. */
  file?: { name: string; bytes: Uint8Array; kind: string };
  /** Bytes sent as they are (the Stripe webhook). */
  raw?: { contentType: string; body: string };
  headers?: Record<string, string>;
  /** A bearer token of the same caller other than its usual one (logout ends a fresh session). */
  token?: string;
  /** The app configured for Stripe rather than the simulator one. */
  app?: 'stripe';
}

export interface OperationCase {
  scoped: boolean;
  expect: Partial<Record<Role, Expectation>>;
  build(ctx: CallContext): SweepRequest | Promise<SweepRequest>;
  /** Even the admin's call with another organisation's data must leave that organisation untouched. */
  foreignUntouchedByAdmin?: boolean;
}

const OK = 200;
const MEMBERS_AND_ADMIN = { owner: OK, employee: OK, admin: OK } as const;
const ADMIN_ONLY = { owner: 403, employee: 403, admin: OK } as const;
const LISTING_REASON = 'Le plan de situation ne correspond pas au site déclaré.';

const profile = { first_name: 'Camille', last_name: 'Martin', phone_number: '06 12 34 56 78' };

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

export const OPERATIONS: Record<string, OperationCase> = {
  // ── auth (public, except logout) ──
  requestLoginCode: {
    scoped: false,
    expect: { anonymous: 202 },
    build: () => ({ body: { email: uniqueEmail('connexion') } }),
  },
  requestRegistrationCode: {
    scoped: false,
    expect: { anonymous: 202 },
    build: () => ({ body: { email: uniqueEmail('inscription') } }),
  },
  requestInvitationCode: {
    scoped: false,
    expect: { anonymous: 202 },
    async build({ world }) {
      await world.fresh.skipCooldown(world.orgs.A.invitation.email);
      return { body: { token: world.orgs.A.invitation.token } };
    },
  },
  verifyCode: {
    scoped: false,
    expect: { anonymous: OK },
    build: async ({ world }) => ({ body: await world.fresh.registrationCode() }),
  },
  refreshTokens: {
    scoped: false,
    expect: { anonymous: OK },
    build: async ({ world }) => refreshOptions((await world.fresh.session(world.orgs.A.owner.userId)).refreshToken),
  },
  logout: {
    // The bearer token names the one session that ends (the refresh cookie is not even sent
    // here): whatever the target, the other organisation's rows stay as they were.
    scoped: true,
    expect: { owner: { own: 204, foreign: 204 }, employee: { own: 204, foreign: 204 }, admin: { own: 204, foreign: 204 } },
    foreignUntouchedByAdmin: true,
    async build({ world, actor, role }) {
      if (!actor || role === 'archived') return { headers: SESSION_HEADERS };
      const mine = await world.fresh.session(actor.userId);
      return { token: mine.accessToken, headers: SESSION_HEADERS };
    },
  },

  // ── users ──
  getCurrentUser: { scoped: false, expect: MEMBERS_AND_ADMIN, build: () => ({}) },
  updateCurrentUser: { scoped: false, expect: MEMBERS_AND_ADMIN, build: () => ({ body: profile }) },
  inviteCollaborator: {
    scoped: false,
    expect: { owner: 202, employee: 403, admin: 403 },
    build: () => ({ body: { email: uniqueEmail('collaborateur') } }),
  },
  resendInvitation: {
    scoped: true,
    expect: { owner: 202, employee: 403, admin: 403 },
    async build({ world, org, succeeds }) {
      if (succeeds) await world.fresh.skipInvitationCooldown(org);
      return { body: { email: org.invitation.email } };
    },
  },
  listOrganizationMembers: { scoped: false, expect: { owner: OK, employee: OK, admin: 403 }, build: () => ({}) },
  archiveCollaborator: {
    // Own: a disposable pending invitation, withdrawn. Foreign: the other organisation's employee.
    scoped: true,
    expect: { owner: 204, employee: 403, admin: 403 },
    build: async ({ world, org, target, succeeds }) => ({
      params: { id: succeeds ? await world.fresh.invitation(org) : target === 'own' ? org.invitation.id : org.employee.userId },
    }),
  },

  // ── organizations ──
  listOrganizations: { scoped: false, expect: ADMIN_ONLY, build: ({ org }) => ({ query: { q: org.name } }) },
  createOrganization: {
    // Every caller here already has an organisation (or is not an owner): the answer is a refusal.
    scoped: false,
    expect: { owner: 409, employee: 403, admin: 403 },
    build: () => ({ body: { ...ORGANIZATION_BODY, name: 'Deuxième organisation' } }),
  },
  getMyOrganization: { scoped: false, expect: { owner: OK, employee: OK, admin: 403 }, build: () => ({}) },
  getOrganization: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.organizationId } }) },
  updateOrganization: {
    scoped: true,
    expect: { owner: OK, employee: { own: 403, foreign: 404 }, admin: OK },
    build: ({ org }) => ({ params: { id: org.organizationId }, body: { city: 'Mulhouse' } }),
  },
  setOrganizationVerified: {
    scoped: true,
    expect: ADMIN_ONLY,
    build: ({ org }) => ({ params: { id: org.organizationId }, query: { verified: 'true' } }),
  },
  archiveOrganization: {
    scoped: true,
    expect: { owner: 403, employee: 403, admin: 204 },
    build: async ({ world, org, succeeds }) => ({ params: { id: succeeds ? await world.fresh.organization() : org.organizationId } }),
  },
  grantOrganizationCredits: {
    scoped: true,
    expect: ADMIN_ONLY,
    build: ({ org }) => ({ params: { id: org.organizationId }, body: { credits: 1, reason: 'Balayage d’isolation' } }),
  },
  listOrganizationMembersById: { scoped: true, expect: ADMIN_ONLY, build: ({ org }) => ({ params: { id: org.organizationId } }) },
  listCreditTransactions: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.organizationId } }) },
  getOrganizationStorage: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.organizationId } }) },
  listCreditPackages: { scoped: false, expect: { owner: OK, employee: 403, admin: 403 }, build: () => ({}) },

  // ── inquiries ──
  listInquiries: {
    // Filtering on another organisation answers an empty list (no marker of it may appear).
    scoped: true,
    expect: { owner: { own: OK, foreign: OK }, employee: { own: OK, foreign: OK }, admin: OK },
    build: ({ org }) => ({ query: { organization_id: org.organizationId } }),
  },
  createInquiry: {
    // Foreign: the other organisation's listing id as the client-chosen id. Listing ids are
    // global, so it is taken (409) exactly as one of the caller's own would be; nothing else is told.
    scoped: true,
    expect: { owner: { own: 201, foreign: 409 }, employee: { own: 201, foreign: 409 }, admin: 403 },
    build: ({ org, target }) => ({
      body: { type: 'CUT', ...completeListingFields({ project_name: 'Création balayage' }), ...(target === 'foreign' ? { id: org.draftId } : {}) },
    }),
  },
  listInquiryPins: { scoped: false, expect: ADMIN_ONLY, build: () => ({}) },
  // The console's work queues: counts over every organisation, for admins only (issue 21).
  getAdminQueues: { scoped: false, expect: ADMIN_ONLY, build: () => ({}) },
  // ── notifications (issue 21): each user's own, admins included ──
  listNotifications: { scoped: false, expect: MEMBERS_AND_ADMIN, build: () => ({ query: { page: '1', page_size: '10' } }) },
  markAllNotificationsRead: { scoped: false, expect: { owner: 204, employee: 204, admin: 204 }, build: () => ({}) },
  markNotificationRead: {
    // Own: a notification of the caller. Foreign: one of the other organisation's owner, which
    // nobody else may mark, an admin included (404, nothing changed).
    scoped: true,
    expect: { owner: { own: 204, foreign: 404 }, employee: { own: 204, foreign: 404 }, admin: { own: 204, foreign: 404 } },
    async build({ world, target, org, actor }) {
      const userId = target === 'own' && actor ? actor.userId : org.owner.userId;
      return { params: { id: await world.fresh.notification(userId) } };
    },
  },
  getNotificationPreferences: { scoped: false, expect: MEMBERS_AND_ADMIN, build: () => ({}) },
  updateNotificationPreferences: {
    scoped: false,
    expect: MEMBERS_AND_ADMIN,
    build: () => ({ body: { preferences: [{ kind: 'MATCH', mode: 'IMMEDIATE' }] } }),
  },
  getInquiry: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.draftId } }) },
  updateInquiry: {
    scoped: true,
    expect: { owner: OK, employee: OK, admin: 403 },
    build: ({ org }) => ({ params: { id: org.draftId }, body: { quantity: 5.01 } }),
  },
  deleteInquiry: {
    scoped: true,
    expect: { owner: 204, employee: 204, admin: 403 },
    build: async ({ world, org, succeeds }) => ({ params: { id: succeeds ? await world.fresh.draft(org) : org.draftId } }),
  },
  updateContractFacts: {
    // A validated listing's contract facts: its members and admins (decision 0175).
    scoped: true,
    expect: MEMBERS_AND_ADMIN,
    build: ({ org }) => ({ params: { id: org.cutId }, body: { soil_preparer: 'Terrassements du Ried', permit_reference: 'PC 068 066 26 00012' } }),
  },
  setInquiryStatus: {
    scoped: true,
    expect: { owner: { own: 403, foreign: 404 }, employee: { own: 403, foreign: 404 }, admin: OK },
    build: async ({ world, org, succeeds }) => ({
      params: { id: succeeds ? await world.fresh.pendingListing(org) : org.draftId },
      body: { status: 'REJECTED', reason: LISTING_REASON },
    }),
  },
  getInquiryHistory: {
    // Admins only (issue 21): a member learns nothing of another organisation's listing (404).
    scoped: true,
    expect: { owner: { own: 403, foreign: 404 }, employee: { own: 403, foreign: 404 }, admin: OK },
    build: ({ org }) => ({ params: { id: org.cutId } }),
  },
  downloadInquiryPdf: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.draftId } }) },
  listInquiryMatches: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.cutId } }) },
  generateInquiryDocument: {
    scoped: true,
    expect: { owner: { own: 403, foreign: 404 }, employee: { own: 403, foreign: 404 }, admin: 201 },
    build: async ({ world, org, succeeds }) => ({
      params: { id: succeeds ? await world.fresh.validatedCut(org) : org.cutId },
      body: { kind: 'DOUBT_CLEARING_LETTER' },
    }),
  },

  // ── matches and register (admins) ──
  listMatches: { scoped: true, expect: ADMIN_ONLY, build: ({ org }) => ({ query: { inquiry_id: org.cutId } }) },
  proposeMatch: {
    // One admin call per organisation, each on its own (still unproposed) pair.
    scoped: true,
    expect: { owner: 403, employee: 403, admin: 201 },
    build: ({ org }) => ({ body: { cut_inquiry_id: org.cutId, fill_inquiry_id: org.fillId } }),
  },
  getMatchSavings: { scoped: false, expect: ADMIN_ONLY, build: () => ({}) },
  getMatch: { scoped: false, expect: ADMIN_ONLY, build: ({ world }) => ({ params: { id: world.matchId } }) },
  setMatchStatus: {
    // DECLINED, not ACCEPTED: an accepted match opens a transfer where A and B see each other's
    // name (issue 20, by design), which the transfer operations' marker check would then report.
    scoped: false,
    expect: ADMIN_ONLY,
    build: ({ world }) => ({ params: { id: world.matchId }, body: { status: 'DECLINED' } }),
  },
  exportRegister: {
    // Members export their own organisation's lines (issue 19); the sweep's marker check proves
    // no other organisation's data is in them.
    scoped: false,
    expect: MEMBERS_AND_ADMIN,
    build: () => ({ query: { from: '2020-01-01', to: todayInParis(), format: 'csv', register: 'outgoing' } }),
  },

  // ── transfers (issue 18): carriers, transfers with a partner of each organisation, loads ──
  listCarriers: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.organizationId } }) },
  createCarrier: {
    // The owner of the list or an admin; an employee's 403 comes before any id is read.
    scoped: true,
    expect: { owner: 201, employee: 403, admin: 201 },
    build: ({ org }) => ({ params: { id: org.organizationId }, body: carrierBody('Transporteur balayage') }),
  },
  updateCarrier: {
    scoped: true,
    expect: { owner: OK, employee: 403, admin: OK },
    build: ({ org }) => ({ params: { id: org.carrierId }, body: carrierBody('Transporteur modifié') }),
  },
  archiveCarrier: {
    scoped: true,
    expect: { owner: OK, employee: 403, admin: OK },
    build: async ({ world, org, succeeds }) => ({ params: { id: succeeds ? await world.fresh.carrier(org) : org.carrierId } }),
  },
  listTransfers: { scoped: false, expect: MEMBERS_AND_ADMIN, build: () => ({ query: { page: '1', page_size: '25' } }) },
  getTransfer: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.transferOutId } }) },
  closeTransfer: {
    // Admins only: a member's 403 comes before the id is read.
    scoped: true,
    expect: ADMIN_ONLY,
    build: async ({ world, org, succeeds }) => ({ params: { id: succeeds ? await world.fresh.closableTransfer(org) : org.transferOutId } }),
  },
  listTransferLoads: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.transferOutId } }) },
  recordLoad: {
    // The CUT side's members; an admin records none (403 for any transfer).
    scoped: true,
    expect: { owner: 201, employee: 201, admin: 403 },
    build: ({ org }) => ({ params: { id: org.transferOutId }, body: departureBody(org.carrierId) }),
  },
  getLoad: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.loadId } }) },
  correctLoad: {
    scoped: true,
    expect: { owner: OK, employee: OK, admin: 403 },
    build: ({ org }) => ({ params: { id: org.loadId }, body: departureBody(org.carrierId) }),
  },
  confirmLoadReception: {
    // The FILL side's members, on a load in transit towards them (each success on a fresh one).
    scoped: true,
    expect: { owner: OK, employee: OK, admin: 403 },
    build: async ({ world, org, succeeds }) => ({
      params: { id: succeeds ? await world.fresh.inLoad(org) : org.inLoadId },
      body: { received_at: new Date().toISOString(), outcome: 'ACCEPTED' },
    }),
  },
  cancelLoad: {
    scoped: true,
    expect: { owner: OK, employee: OK, admin: OK },
    build: async ({ world, org, succeeds }) => ({
      params: { id: succeeds ? await world.fresh.outLoad(org) : org.loadId },
      body: { reason: 'Camion reparti vide' },
    }),
  },
  getLoadHistory: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.loadId } }) },
  uploadLoadTicket: {
    // The CUT side's members while the load is in transit; an admin attaches none (403 for any load).
    scoped: true,
    expect: { owner: OK, employee: OK, admin: 403 },
    build: ({ org }) => ({ params: { id: org.loadId }, file: { name: 'ticket.jpg', bytes: SAMPLE_FILES['photo.jpg']!, kind: 'OTHER' } }),
  },
  // The load of world.ts has a ticket photo.
  downloadLoadTicket: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.loadId } }) },

  // ── documents ──
  listInquiryDocuments: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.draftId } }) },
  uploadInquiryDocument: {
    scoped: true,
    expect: { owner: 201, employee: 201, admin: 201 },
    build: ({ org }) => ({ params: { id: org.draftId }, file: { name: 'plan.png', bytes: SAMPLE_FILES['plan.png']!, kind: 'OTHER' } }),
  },
  deleteDocument: {
    // Own: a disposable upload (members) or sending (admin). Foreign: the other one's permit.
    scoped: true,
    expect: { owner: 204, employee: 204, admin: 204 },
    build: async ({ world, org, role, succeeds }) => ({
      params: {
        id: !succeeds ? org.documentId : role === 'admin' ? await world.fresh.platformDocument(org) : await world.fresh.advertiserDocument(org),
      },
    }),
  },
  downloadDocument: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.documentId } }) },

  // ── invoices and soil studies ──
  listInvoices: { scoped: false, expect: MEMBERS_AND_ADMIN, build: () => ({}) },
  downloadInvoicePdf: { scoped: true, expect: MEMBERS_AND_ADMIN, build: ({ org }) => ({ params: { id: org.invoiceId } }) },
  listSoilStudies: { scoped: false, expect: ADMIN_ONLY, build: () => ({}) },
  getSoilStudy: { scoped: true, expect: ADMIN_ONLY, build: ({ org }) => ({ params: { id: org.draftId } }) },

  // ── payments (public: a signed link or a signed event is the capability) ──
  showStripeCheckout: {
    scoped: false,
    expect: { anonymous: OK },
    build: ({ world }) => ({ app: 'stripe', query: { token: tokenOf(world.orgs.A.stripePackLink) } }),
  },
  submitStripeCheckout: {
    scoped: false,
    expect: { anonymous: 303 },
    build: ({ world }) => ({ app: 'stripe', form: { token: tokenOf(world.orgs.A.stripePackLink), action: 'pay' } }),
  },
  handleStripeWebhook: {
    // A correctly signed event about a session nobody bought: recorded, nothing credited.
    scoped: false,
    expect: { anonymous: OK },
    build() {
      const payload = JSON.stringify(checkoutEvent('checkout.session.completed', { id: `cs_test_${Math.random().toString(36).slice(2)}`, payment_status: 'paid' }));
      return { app: 'stripe', raw: { contentType: 'application/json; charset=utf-8', body: payload }, headers: { 'stripe-signature': signPayload(payload) } };
    },
  },
  showSimulatorCheckout: {
    scoped: false,
    expect: { anonymous: OK },
    build: ({ world }) => ({ query: { token: tokenOf(world.orgs.A.packLink) } }),
  },
  submitSimulatorCheckout: {
    scoped: false,
    expect: { anonymous: 303 },
    build: ({ world }) => ({ form: { token: tokenOf(world.orgs.A.packLink), action: 'cancel' } }),
  },
  // Only without PAYMENT_PROVIDER: absent here (the sweep's apps have the simulator and Stripe).
  showUnconfiguredCheckout: {
    scoped: false,
    expect: { anonymous: 404 },
    build: ({ world }) => ({ query: { token: tokenOf(world.orgs.A.packLink) } }),
  },

  // ── outside /api/v1 ──
  // Operations (tag `ops`): public, no input, nothing of an organisation.
  getHealth: { scoped: false, expect: { anonymous: OK }, build: () => ({}) },
  getReadiness: { scoped: false, expect: { anonymous: OK }, build: () => ({}) },
  getLiveness: { scoped: false, expect: { anonymous: OK }, build: () => ({}) },
  getOpenApiDocument: { scoped: false, expect: { anonymous: OK }, build: () => ({}) },
  getApiDocumentation: { scoped: false, expect: { anonymous: OK }, build: () => ({}) },
  // No METRICS_TOKEN here: clients on the server's machine read it (the sweep calls from loopback).
  getMetrics: { scoped: false, expect: { anonymous: OK }, build: () => ({}) },
  // Only with DEV_OUTBOX=1 and no SMTP_URL: absent here, as in production.
  listDevOutbox: { scoped: false, expect: { anonymous: 404 }, build: () => ({}) },
};
