// Transfers on site (issue 18; design in packages/domain/docs/transfers.md): the transfer of an
// ACCEPTED match, its loads (one truck each) recorded by the CUT side at departure, confirmed by
// the FILL side at reception, corrected before it, cancelled after it, and the admin's close that
// makes the match DONE with the accepted loads' volume. Nothing is deleted: a correction copies
// the replaced departure into `load_versions` first.
//
// Locks, always in this order: the transfer's row, then the match's (close, and the match's
// status route), then a load's row. Every change to a load locks the transfer's row (FOR UPDATE
// for a correction and the close, FOR NO KEY UPDATE for a record, a reception, a cancellation:
// the loads' foreign key checks pass it) because the trigger `loads_balance` (migration 0023)
// moves the transfer's running balance (received, in transit) in the same transaction: the
// remaining volume is checked on that row under its lock (a record: inside the one statement that
// locks and inserts), so two parallel loads cannot both fit in the same remainder, and two
// balance updates never deadlock. A reception or a cancellation
// moves the load with a conditional UPDATE (`WHERE status = <the status read>`): of parallel
// confirmations of one load, one updates the row, the others find it moved and answer 409 (or
// 200 with the load for a retry carrying the same Idempotency-Key): counted once. Load numbers
// come from a sequence per year (no lock held).
import { createHash, randomUUID } from 'node:crypto';
import {
  availableLoadActions,
  carrierUsableOn,
  committedCeiling,
  createLoadDepartureSchema,
  createLoadReceptionSchema,
  exceedsRemaining,
  remainingVolumeOf,
  fillTemplate,
  loadActionError,
  loadCancelSchema,
  loadCreationError,
  loadMachine,
  loadNumberYear,
  LISTING_FIELDS,
  transferMissingContractFacts,
  matchDoneFromClosing,
  matchingMessages,
  matchTransitionError,
  normalizeRole,
  outsidePlatformDoneError,
  overRemainingMessage,
  partiesVisible,
  PROBLEM_TYPES,
  toCamelKeys,
  transferActionError,
  transferBalance,
  transferClosing,
  transferMessages as m,
  transferSideOf,
  transferTransitionError,
  wasteCodeOf,
  type BalanceLoad,
  type LoadAction,
  type LoadStatus,
  type MatchingConfig,
  type MatchStatus,
  type Refusal,
  type TransferSide,
  type TransferStatus,
  type TransportMode,
  type WasteCode,
} from '@terres/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { Viewer } from '../auth/context.js';
import type { DbOrTx, Tx } from '../db/index.js';
import { auditLog, carriers, inquiries, loads, loadVersions, matches, organizations, transfers, users } from '../db/schema.js';
import { prepared, rawStatement } from '../db/prepared.js';
import { asSystem } from '../db/scope.js';
import { bodyObject } from '../http/input.js';
import { isUuid } from '../http/ids.js';
import type { ListCount, Paging } from '../http/list-query.js';
import { problem } from '../http/problem.js';
import { recordAudit } from './audit.js';
import { parseIdempotencyKey, toDomainCarrier, type CarrierRow } from './carriers.js';
import { listDocuments, toDocument } from './documents.js';
import type { MatchRow } from './matches.js';

export type TransferRow = typeof transfers.$inferSelect;
export type LoadRow = typeof loads.$inferSelect;

/** Loads answered by a page when the client does not page (every list is bounded). */
export const DEFAULT_LOAD_PAGE_SIZE = 100;

/** A domain refusal as the HTTP problem it is. */
function refusal(error: Refusal, type?: string): never {
  const status = error.kind === 'NOT_FOUND' ? 404 : error.kind === 'FORBIDDEN' ? 403 : 409;
  throw problem(status, error.message, status === 409 ? { type: type ?? PROBLEM_TYPES.statusTransition } : {});
}

function sideOf(viewer: Pick<Viewer, 'role' | 'organizationId'>, row: Pick<TransferRow, 'cutOrganizationId' | 'fillOrganizationId'>): TransferSide | null {
  return viewer.role === 'ADMIN' ? null : transferSideOf(viewer.organizationId, row);
}

// ---------------------------------------------------------------------------------------------
// Opening (with the match's acceptance) and the match's other moves.

/** Opens the transfer of a match that has just become ACCEPTED (same transaction); once per match. */
export async function openTransfer(tx: Tx, match: Pick<MatchRow, 'id' | 'cutInquiryId' | 'fillInquiryId' | 'volumeM3'>): Promise<void> {
  const parties = await tx
    .select({ id: inquiries.id, organizationId: inquiries.organizationId })
    .from(inquiries)
    .where(inArray(inquiries.id, [match.cutInquiryId, match.fillInquiryId]));
  const cut = parties.find((row) => row.id === match.cutInquiryId);
  const fill = parties.find((row) => row.id === match.fillInquiryId);
  if (!cut || !fill) throw problem(404, matchingMessages.matchNotFound);
  await tx
    .insert(transfers)
    .values({ matchId: match.id, cutOrganizationId: cut.organizationId, fillOrganizationId: fill.organizationId, expectedVolumeM3: match.volumeM3 })
    .onConflictDoNothing({ target: transfers.matchId });
}

/** The match's transfer, locked (the first lock of every change that touches both). */
export async function lockTransferOfMatch(tx: Tx, matchId: string): Promise<TransferRow | undefined> {
  if (!isUuid(matchId)) return undefined;
  const [row] = await tx.select().from(transfers).where(eq(transfers.matchId, matchId)).for('update');
  return row;
}

async function countedLoadCount(db: DbOrTx, transferId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loads)
    .where(and(eq(loads.transferId, transferId), sql`${loads.status} <> 'CANCELLED'`));
  return row?.n ?? 0;
}

/**
 * What the match's status route does to its transfer, in its transaction (the transfer locked
 * first): ACCEPTED opens it; DONE with a typed volume (run outside the platform) is refused once
 * loads count, else it closes the open transfer; DECLINED after the acceptance withdraws it while
 * no load counts. Returns the match's `done_source` for a DONE.
 */
export async function transferFollowsMatch(tx: Tx, viewer: Viewer, match: MatchRow, to: MatchStatus, transfer: TransferRow | undefined): Promise<void> {
  if (to === 'ACCEPTED') {
    await openTransfer(tx, match);
    return;
  }
  if (!transfer) return;
  const now = new Date();
  if (to === 'DONE') {
    const error = outsidePlatformDoneError({ status: transfer.status, countedLoadCount: await countedLoadCount(tx, transfer.id) });
    if (error) throw problem(409, error, { type: PROBLEM_TYPES.statusTransition });
    if (transfer.status === 'OPEN') {
      await tx.update(transfers).set({ status: 'CLOSED', closedAt: now, closedBy: viewer.userId, digestDueAt: null, updatedAt: now }).where(eq(transfers.id, transfer.id));
    }
    return;
  }
  if (to === 'DECLINED' && transfer.status === 'OPEN') {
    const error = transferTransitionError('OPEN', 'WITHDRAWN', viewer.role, { countedLoadCount: await countedLoadCount(tx, transfer.id) });
    if (error) refusal(error);
    await tx.update(transfers).set({ status: 'WITHDRAWN', closedAt: now, closedBy: viewer.userId, digestDueAt: null, updatedAt: now }).where(eq(transfers.id, transfer.id));
  }
}

// ---------------------------------------------------------------------------------------------
// Reading.

/** The transfer if the viewer is a party or an admin, else a 404 (never revealed). */
export async function readableTransfer(
  db: DbOrTx,
  viewer: Pick<Viewer, 'role' | 'organizationId'>,
  id: string,
  options: { lock?: 'update' | 'no key update' } = {},
): Promise<TransferRow> {
  if (!isUuid(id)) throw problem(404, m.transferNotFound);
  const query = db.select().from(transfers).where(eq(transfers.id, id));
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw problem(404, m.transferNotFound);
  if (viewer.role !== 'ADMIN' && sideOf(viewer, row) === null) throw problem(404, m.transferNotFound);
  return row;
}

/** The loads' columns the balance reads (5 000 loads read in a few milliseconds). */
const balanceColumns = {
  id: loads.id,
  version: loads.version,
  status: loads.status,
  wasteCode: loads.wasteCode,
  volumeM3: loads.volumeM3,
  weightTonnes: loads.weightTonnes,
  departedAt: loads.departedAt,
  receivedAt: loads.receivedAt,
  receivedVolumeM3: loads.receivedVolumeM3,
  receivedWeightTonnes: loads.receivedWeightTonnes,
  overRemaining: loads.overRemaining,
};

async function balanceLoads(db: DbOrTx, transferId: string): Promise<BalanceLoad[]> {
  const rows = await db.select(balanceColumns).from(loads).where(eq(loads.transferId, transferId));
  return rows.map((row) => ({
    ...row,
    status: row.status as LoadStatus,
    departedAt: row.departedAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
  }));
}

/** The CUT listing's waste codes: a load carries one of them ('17 05 04' when it names none, as the register reads it). */
function wasteCodesOf(materials: readonly { wasteCode?: unknown }[] | null | undefined): WasteCode[] {
  const codes = [...new Set((materials ?? []).map((line) => wasteCodeOf(line)).filter((code): code is WasteCode => code !== null))];
  return codes.length > 0 ? codes : (['17 05 04'] as WasteCode[]);
}

const partyColumns = {
  id: inquiries.id,
  projectName: inquiries.projectName,
  organizationId: inquiries.organizationId,
  organizationName: inquiries.organizationName,
  siteAddress: inquiries.siteAddress,
  siteLatitude: inquiries.siteLatitude,
  siteLongitude: inquiries.siteLongitude,
  materials: inquiries.materials,
  userId: inquiries.userId,
  // The contract's facts: only whether each is given leaves this file (`missingContractFacts`).
  sisIdentifier: inquiries.sisIdentifier,
  analysisReferences: inquiries.analysisReferences,
  soilPreparer: inquiries.soilPreparer,
  permitReference: inquiries.permitReference,
  permitDate: inquiries.permitDate,
};

type PartyListing = {
  id: string;
  projectName: string;
  organizationId: string;
  organizationName: string;
  siteAddress: string | null;
  siteLatitude: number | null;
  siteLongitude: number | null;
  materials: unknown;
  userId: string;
  sisIdentifier: string | null;
  analysisReferences: string | null;
  soilPreparer: string | null;
  permitReference: string | null;
  permitDate: string | null;
};

/**
 * Both listings and organisations of the transfer's match. The caller is a party or an admin
 * (checked before): the other party's rows are read across organisations, named.
 */
async function transferContext(db: DbOrTx, row: TransferRow) {
  return asSystem('transfer-parties', async () => {
    const [match] = await db.select().from(matches).where(eq(matches.id, row.matchId));
    if (!match) throw problem(404, m.transferNotFound);
    const listed = await db.select(partyColumns).from(inquiries).where(inArray(inquiries.id, [match.cutInquiryId, match.fillInquiryId]));
    const orgs = await db
      .select({
        id: organizations.id,
        name: organizations.name,
        email: organizations.email,
        officePhoneNumber: organizations.officePhoneNumber,
        mobilePhoneNumber: organizations.mobilePhoneNumber,
        representativeFirstName: organizations.representativeFirstName,
        representativeLastName: organizations.representativeLastName,
        representativeEmail: organizations.representativeEmail,
        representativePhoneNumber: organizations.representativePhoneNumber,
      })
      .from(organizations)
      .where(inArray(organizations.id, [row.cutOrganizationId, row.fillOrganizationId]));
    const cut = listed.find((listing) => listing.id === match.cutInquiryId) as PartyListing | undefined;
    const fill = listed.find((listing) => listing.id === match.fillInquiryId) as PartyListing | undefined;
    if (!cut || !fill) throw problem(404, m.transferNotFound);
    // Who created each listing: the contact when the organisation names no representative.
    const authors = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber })
      .from(users)
      .where(inArray(users.id, [cut.userId, fill.userId]));
    return { match, cut, fill, organizations: new Map(orgs.map((org) => [org.id, org])), authors: new Map(authors.map((user) => [user.id, user])) };
  });
}

type Context = Awaited<ReturnType<typeof transferContext>>;

function toTransferParty(side: TransferSide, listing: PartyListing, context: Context, visible: boolean) {
  const org = context.organizations.get(listing.organizationId);
  const author = context.authors.get(listing.userId);
  const representative = org ? [org.representativeFirstName, org.representativeLastName].filter(Boolean).join(' ') : '';
  const authorName = author ? [author.firstName, author.lastName].filter(Boolean).join(' ') : '';
  const contactName = representative || authorName || null;
  return {
    side,
    inquiryId: listing.id,
    projectName: listing.projectName,
    organizationId: listing.organizationId,
    organizationName: visible ? (org?.name ?? listing.organizationName) : null,
    contactName: visible ? contactName : null,
    contactEmail: visible ? (org?.representativeEmail ?? org?.email ?? author?.email ?? null) : null,
    contactPhone: visible ? (org?.representativePhoneNumber ?? org?.mobilePhoneNumber ?? org?.officePhoneNumber ?? author?.phoneNumber ?? null) : null,
    siteAddress: visible ? listing.siteAddress : null,
    latitude: visible ? listing.siteLatitude : null,
    longitude: visible ? listing.siteLongitude : null,
  };
}

/** A transfer as answered: balance from its loads, parties (visible from the acceptance on), documents. */
export async function answerTransfer(db: DbOrTx, viewer: Viewer, row: TransferRow, config: Pick<MatchingConfig, 'soilDensityTonnesPerM3'>) {
  const context = await transferContext(db, row);
  const balanceRows = await balanceLoads(db, row.id);
  const balance = transferBalance(row.expectedVolumeM3, balanceRows, { soilDensityTonnesPerM3: config.soilDensityTonnesPerM3 });
  const visible = partiesVisible(context.match.status);
  // Under the viewer's own scope: a member reads its own listing's documents, an admin both.
  const documentRows = [...(await listDocuments(db, context.cut.id)), ...(await listDocuments(db, context.fill.id))];
  const counted = balanceRows.filter((load) => load.status !== 'CANCELLED');
  const departures = counted.map((load) => load.departedAt).sort();
  const receptions = counted.flatMap((load) => (load.receivedAt ? [load.receivedAt] : [])).sort();
  return {
    id: row.id,
    matchId: row.matchId,
    matchStatus: context.match.status as MatchStatus,
    status: row.status as TransferStatus,
    expectedVolumeM3: row.expectedVolumeM3,
    wasteCodes: wasteCodesOf(context.cut.materials as { wasteCode?: unknown }[]),
    cut: toTransferParty('CUT', context.cut, context, visible),
    fill: toTransferParty('FILL', context.fill, context, visible),
    viewerSide: sideOf(viewer, row),
    balance,
    documents: documentRows.map(toDocument),
    // Labels only, both sides: each party sees what the contract waits for, not the other's values.
    missingContractFacts: transferMissingContractFacts(context.cut, context.fill).map((fact) => ({
      side: fact.side,
      field: LISTING_FIELDS[fact.field].wire,
      label: fact.label,
    })),
    firstDepartureAt: departures[0] ?? null,
    lastDepartureAt: departures[departures.length - 1] ?? null,
    lastReceptionAt: receptions[receptions.length - 1] ?? null,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
  };
}

export interface TransferListQuery {
  statuses?: readonly TransferStatus[] | undefined;
  /** The transfers of one listing (its CUT or FILL side). */
  inquiryId?: string | undefined;
  discrepancy?: boolean | undefined;
  words?: readonly string[] | null;
  paging: Paging | null;
}

interface SummaryRow extends Record<string, unknown> {
  id: string;
  match_id: string;
  match_status: string;
  status: string;
  expected_volume_m3: number;
  cut_inquiry_id: string;
  cut_project: string;
  cut_organization_id: string;
  cut_organization: string | null;
  fill_inquiry_id: string;
  fill_project: string;
  fill_organization_id: string;
  fill_organization: string | null;
  load_count: number;
  in_transit_count: number;
  refused_count: number;
  flagged_count: number;
  departed: number;
  received: number;
  refused: number;
  in_transit: number;
  differing: number;
  first_departure: Date | string | null;
  last_departure: Date | string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
  total: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const round3 = (value: number) => Math.round(Number(value) * 1000) / 1000;

/**
 * The transfers an admin sees (every one) or a member (its organisation's, either side), newest
 * first, with their totals aggregated from the loads in SQL (the same rules as `transferBalance`:
 * cancelled loads out, an accepted load counts its received volume when given).
 */
export async function listTransfers(db: DbOrTx, viewer: Viewer, query: TransferListQuery): Promise<{ rows: ReturnType<typeof toSummary>[]; count: ListCount }> {
  const conditions: SQL[] = [];
  if (viewer.role !== 'ADMIN') {
    if (!viewer.organizationId) return { rows: [], count: { total: 0, capped: false } };
    conditions.push(sql`(t.cut_organization_id = ${viewer.organizationId} or t.fill_organization_id = ${viewer.organizationId})`);
  }
  if (query.statuses && query.statuses.length > 0) conditions.push(sql`t.status in (${sql.join(query.statuses.map((s) => sql`${s}`), sql`, `)})`);
  if (query.inquiryId) conditions.push(sql`(m.cut_inquiry_id = ${query.inquiryId} or m.fill_inquiry_id = ${query.inquiryId})`);
  for (const word of query.words ?? []) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(c.project_name ilike ${like} or f.project_name ilike ${like} or c.organization_name ilike ${like} or f.organization_name ilike ${like})`);
  }
  const discrepancy = sql`(coalesce(a.refused_count, 0) > 0 or coalesce(a.flagged_count, 0) > 0 or coalesce(a.differing, 0) > 0)`;
  if (query.discrepancy === true) conditions.push(discrepancy);
  if (query.discrepancy === false) conditions.push(sql`not ${discrepancy}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const page = query.paging ?? { pageSize: 100, offset: 0 };
  // Members read the other party's listing names across organisations: the WHERE above keeps
  // their own transfers only.
  const run = () =>
    db.execute<SummaryRow>(sql`
      with a as (
        select l.transfer_id,
          count(*) filter (where l.status <> 'CANCELLED')::int as load_count,
          count(*) filter (where l.status = 'IN_TRANSIT')::int as in_transit_count,
          count(*) filter (where l.status = 'REFUSED')::int as refused_count,
          count(*) filter (where l.over_remaining and l.status <> 'CANCELLED')::int as flagged_count,
          coalesce(sum(l.volume_m3) filter (where l.status <> 'CANCELLED'), 0)::float8 as departed,
          coalesce(sum(case when l.received_volume_m3 > 0 then l.received_volume_m3 else l.volume_m3 end) filter (where l.status = 'ACCEPTED'), 0)::float8 as received,
          coalesce(sum(l.volume_m3) filter (where l.status = 'REFUSED'), 0)::float8 as refused,
          coalesce(sum(l.volume_m3) filter (where l.status = 'IN_TRANSIT'), 0)::float8 as in_transit,
          count(*) filter (where l.status = 'ACCEPTED' and l.received_volume_m3 > 0 and abs(l.received_volume_m3 - l.volume_m3) > 0.0005)::int as differing,
          min(l.departed_at) filter (where l.status <> 'CANCELLED') as first_departure,
          max(l.departed_at) filter (where l.status <> 'CANCELLED') as last_departure
        from loads l group by l.transfer_id
      )
      select t.id, t.match_id, m.status as match_status, t.status, t.expected_volume_m3,
        c.id as cut_inquiry_id, c.project_name as cut_project, t.cut_organization_id, c.organization_name as cut_organization,
        f.id as fill_inquiry_id, f.project_name as fill_project, t.fill_organization_id, f.organization_name as fill_organization,
        coalesce(a.load_count, 0) as load_count, coalesce(a.in_transit_count, 0) as in_transit_count,
        coalesce(a.refused_count, 0) as refused_count, coalesce(a.flagged_count, 0) as flagged_count,
        coalesce(a.departed, 0) as departed, coalesce(a.received, 0) as received, coalesce(a.refused, 0) as refused,
        coalesce(a.in_transit, 0) as in_transit, coalesce(a.differing, 0) as differing,
        a.first_departure, a.last_departure, t.created_at, t.closed_at,
        count(*) over ()::int as total
      from transfers t
      join matches m on m.id = t.match_id
      join inquiries c on c.id = m.cut_inquiry_id
      join inquiries f on f.id = m.fill_inquiry_id
      left join a on a.transfer_id = t.id
      ${where}
      order by t.created_at desc, t.id desc
      limit ${page.pageSize} offset ${page.offset}`);
  const result = viewer.role === 'ADMIN' ? await run() : await asSystem('transfer-parties', run);
  const rows = (Array.isArray(result) ? result : (result as { rows: SummaryRow[] }).rows) as SummaryRow[];
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    // A page past the end still tells how many there are.
    const again = await (viewer.role === 'ADMIN' ? listTransfers(db, viewer, { ...query, paging: { page: 1, pageSize: 1, offset: 0 } }) : asSystem('transfer-parties', () => listTransfers(db, viewer, { ...query, paging: { page: 1, pageSize: 1, offset: 0 } })));
    total = again.count.total;
  }
  return { rows: rows.map((row) => toSummary(row, viewer)), count: { total: Number(total), capped: false } };
}

function toSummary(row: SummaryRow, viewer: Viewer) {
  const side = sideOf(viewer, { cutOrganizationId: row.cut_organization_id, fillOrganizationId: row.fill_organization_id });
  const received = round3(row.received);
  const inTransit = round3(row.in_transit);
  return {
    id: row.id,
    matchId: row.match_id,
    matchStatus: row.match_status as MatchStatus,
    status: row.status as TransferStatus,
    expectedVolumeM3: Number(row.expected_volume_m3),
    cut: { inquiryId: row.cut_inquiry_id, projectName: row.cut_project, organizationId: row.cut_organization_id, organizationName: row.cut_organization },
    fill: { inquiryId: row.fill_inquiry_id, projectName: row.fill_project, organizationId: row.fill_organization_id, organizationName: row.fill_organization },
    viewerSide: side,
    loadCount: Number(row.load_count),
    inTransitCount: Number(row.in_transit_count),
    refusedCount: Number(row.refused_count),
    flaggedLoadCount: Number(row.flagged_count),
    departedVolumeM3: round3(row.departed),
    receivedVolumeM3: received,
    refusedVolumeM3: round3(row.refused),
    inTransitVolumeM3: inTransit,
    remainingVolumeM3: Math.max(0, round3(Number(row.expected_volume_m3) - received - inTransit)),
    discrepancy: Number(row.refused_count) > 0 || Number(row.flagged_count) > 0 || Number(row.differing) > 0,
    firstDepartureAt: iso(row.first_departure),
    lastDepartureAt: iso(row.last_departure),
    createdAt: iso(row.created_at)!,
    closedAt: iso(row.closed_at),
  };
}

// ---------------------------------------------------------------------------------------------
// Loads: reading.

/** A load as answered, with the actions the viewer may take on it now. */
export function toLoad(row: LoadRow, viewer: Pick<Viewer, 'role' | 'organizationId'>, transfer: Pick<TransferRow, 'status' | 'cutOrganizationId' | 'fillOrganizationId'>) {
  const snapshot = row.carrierSnapshot as Record<string, unknown>;
  return {
    id: row.id,
    transferId: row.transferId,
    number: row.number,
    status: row.status as LoadStatus,
    version: row.version,
    overRemaining: row.overRemaining,
    departedAt: row.departedAt.toISOString(),
    carrier: toLoadCarrier(row.carrierId, snapshot),
    vehiclePlate: row.vehiclePlate,
    wasteCode: row.wasteCode,
    volumeM3: row.volumeM3,
    weightTonnes: row.weightTonnes,
    weighbridgeTicket: row.weighbridgeTicket,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    outcome: (row.outcome as 'ACCEPTED' | 'REFUSED' | null) ?? null,
    refusalReason: row.refusalReason,
    receivedVolumeM3: row.receivedVolumeM3,
    receivedWeightTonnes: row.receivedWeightTonnes,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    availableActions: availableLoadActions(row.status, { role: viewer.role, side: sideOf(viewer, transfer) }, transfer.status),
  };
}

function toLoadCarrier(id: string, snapshot: Record<string, unknown>) {
  const text = (key: string) => (typeof snapshot[key] === 'string' ? (snapshot[key] as string) : null);
  return {
    id,
    name: text('name') ?? '',
    countryCode: text('countryCode') ?? 'FR',
    siret: text('siret'),
    identifier: text('identifier'),
    transportMode: (text('transportMode') ?? 'ROAD') as TransportMode,
    receiptNumber: text('receiptNumber'),
    receiptDepartment: text('receiptDepartment'),
    receiptValidUntil: text('receiptValidUntil'),
    exemption: text('exemption') as 'OWN_WASTE' | 'CLEAN_SOIL_AND_RUBBLE' | null,
  };
}

/** What a load keeps of its carrier (the register's columns), so a later edit rewrites no past load. */
export function carrierSnapshot(row: CarrierRow): Record<string, unknown> {
  return {
    name: row.name,
    countryCode: row.countryCode,
    siret: row.siret,
    identifier: row.identifier,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    transportMode: row.transportMode,
    receiptNumber: row.receiptNumber,
    receiptDepartment: row.receiptDepartment,
    receiptValidUntil: row.receiptValidUntil,
    exemption: row.exemption,
  };
}

export async function listLoads(
  db: DbOrTx,
  viewer: Viewer,
  transferId: string,
  query: { statuses?: readonly LoadStatus[] | undefined; paging: Paging | null },
): Promise<{ rows: ReturnType<typeof toLoad>[]; count: ListCount }> {
  const transfer = await readableTransfer(db, viewer, transferId);
  const where = and(eq(loads.transferId, transfer.id), query.statuses && query.statuses.length > 0 ? inArray(loads.status, [...query.statuses]) : undefined);
  const page = query.paging ?? { pageSize: DEFAULT_LOAD_PAGE_SIZE, offset: 0 };
  const rows = await db.select().from(loads).where(where).orderBy(desc(loads.createdAt), desc(loads.id)).limit(page.pageSize).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(loads).where(where);
  return { rows: rows.map((row) => toLoad(row, viewer, transfer)), count: { total: total?.n ?? 0, capped: false } };
}

/** A load and its transfer if the viewer may read them, else a 404. */
export async function readableLoad(db: DbOrTx, viewer: Pick<Viewer, 'role' | 'organizationId'>, id: string): Promise<{ load: LoadRow; transfer: TransferRow }> {
  if (!isUuid(id)) throw problem(404, m.loadNotFound);
  const [load] = await db.select().from(loads).where(eq(loads.id, id));
  if (!load) throw problem(404, m.loadNotFound);
  try {
    return { load, transfer: await readableTransfer(db, viewer, load.transferId) };
  } catch {
    throw problem(404, m.loadNotFound);
  }
}

export async function loadHistory(db: DbOrTx, viewer: Viewer, id: string) {
  const { load } = await readableLoad(db, viewer, id);
  const rows = await db.select().from(loadVersions).where(eq(loadVersions.loadId, load.id)).orderBy(asc(loadVersions.version));
  const userIds = [...new Set(rows.flatMap((row) => (row.correctedBy ? [row.correctedBy] : [])))];
  // The CUT side's members corrected them: their names are shown to both parties (named read).
  const names = userIds.length
    ? await asSystem('transfer-parties', () => db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds)))
    : [];
  const nameOf = new Map(names.map((user) => [user.id, [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email]));
  return rows.map((row) => ({
    loadId: row.loadId,
    version: row.version,
    departedAt: row.departedAt.toISOString(),
    carrier: toLoadCarrier(row.carrierId, row.carrierSnapshot as Record<string, unknown>),
    vehiclePlate: row.vehiclePlate,
    wasteCode: row.wasteCode,
    volumeM3: row.volumeM3,
    weightTonnes: row.weightTonnes,
    weighbridgeTicket: row.weighbridgeTicket,
    correctedBy: row.correctedBy,
    correctedByName: row.correctedBy ? (nameOf.get(row.correctedBy) ?? null) : null,
    correctedAt: row.correctedAt.toISOString(),
    note: row.note,
  }));
}

// ---------------------------------------------------------------------------------------------
// Loads: departure (record, correct).

interface DepartureInput {
  raw: Record<string, unknown>;
  confirmOverRemaining: boolean;
  expectedVersion: number | undefined;
}

/** The body's flags, apart from the departure itself (422 naming the field when not a boolean / integer). */
function departureInput(body: unknown): DepartureInput {
  const { confirm_over_remaining: confirm, expected_version: expected, ...raw } = bodyObject(body);
  if (confirm !== undefined && typeof confirm !== 'boolean') {
    throw problem(422, m.loadOverRemaining, { errors: { confirm_over_remaining: fillTemplate(m.loadOverRemaining, { volume: '…', remaining: '…' }) } });
  }
  if (expected !== undefined && !(Number.isInteger(expected) && (expected as number) >= 1)) {
    throw problem(422, fillTemplate(m.loadVersionChanged, { version: '?' }), { errors: { expected_version: fillTemplate(m.loadVersionChanged, { version: '?' }) } });
  }
  return { raw, confirmOverRemaining: confirm === true, expectedVersion: expected as number | undefined };
}

/** The body's carrier id when it is one (read before the body is checked: the reader joins it). */
function carrierIdOf(body: unknown): string | null {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).carrier_id : undefined;
  return typeof value === 'string' && isUuid(value) ? value : null;
}

/**
 * What a departure's checks read, in one statement under the caller's scope: the transfer, the
 * CUT listing's materials (its waste codes), the named carrier (when the caller's organisation
 * may read it) and the load an Idempotency-Key already recorded on this transfer; with the
 * versions the remembered facts of a record are checked against (`departureFactsCurrent`).
 * Prepared (src/db/prepared.ts): built once, parsed and planned once per connection.
 */
async function departureFacts(db: DbOrTx, transferId: string, carrierId: string | null, key: string | null) {
  const [row] = await prepared(db, 'departure_facts', (db, name) =>
    db
      .select({
        transfer: transfers,
        cutInquiryId: matches.cutInquiryId,
        materials: inquiries.materials,
        materialsVersion: sql<string | null>`md5(${inquiries.materials}::text)`,
        carrier: carriers,
        carrierVersion: sql<string | null>`md5(${carriers}::text)`,
        earlier: loads,
      })
      .from(transfers)
      .leftJoin(matches, eq(matches.id, transfers.matchId))
      .leftJoin(inquiries, eq(inquiries.id, matches.cutInquiryId))
      // Null ids match nothing (`= NULL`): no carrier named, no Idempotency-Key.
      .leftJoin(carriers, eq(carriers.id, sql.placeholder('carrierId')))
      .leftJoin(loads, and(eq(loads.transferId, transfers.id), eq(loads.idempotencyKey, sql.placeholder('key'))))
      .where(eq(transfers.id, sql.placeholder('transferId')))
      .prepare(name),
  ).execute({ transferId, carrierId, key });
  return row;
}
type DepartureFacts = NonNullable<Awaited<ReturnType<typeof departureFacts>>>;

/**
 * The facts of the last record on each transfer with each carrier, in this process: a record
 * whose facts are remembered is one statement, which inserts only if they are still current
 * (`departureFactsCurrent`); otherwise (changed, or any refusal) it is made again from facts read
 * afresh. Never trusted alone: the database decides in the insert's statement.
 */
const rememberedFacts = new Map<string, DepartureFacts>();
const REMEMBERED_FACTS = 1000;
function rememberFacts(memoKey: string, facts: DepartureFacts): void {
  rememberedFacts.delete(memoKey);
  if (rememberedFacts.size >= REMEMBERED_FACTS) rememberedFacts.delete(rememberedFacts.keys().next().value!);
  rememberedFacts.set(memoKey, facts);
}

/**
 * In the insert's statement: the remembered facts are still the database's (the expected volume,
 * the carrier's row and the CUT listing's materials, as `departureFacts` versions them; the
 * transfer's parties never change, its status is the gate's). SQL over `t`, the locked transfer;
 * its values are the placeholders `departureFactsValues` fills.
 */
const departureFactsCurrent = sql<boolean>`(t.expected_volume_m3 = ${sql.placeholder('factsExpectedVolumeM3')}::float8
      and (select md5(c::text) from ${carriers} c where c.id = ${sql.placeholder('factsCarrierId')}::uuid) is not distinct from ${sql.placeholder('factsCarrierVersion')}::text
      and (select md5(i.materials::text) from ${inquiries} i where i.id = ${sql.placeholder('factsCutInquiryId')}::uuid) is not distinct from ${sql.placeholder('factsMaterialsVersion')}::text)`;

function departureFactsValues(facts: DepartureFacts, carrierId: string): Record<string, unknown> {
  return {
    factsExpectedVolumeM3: facts.transfer.expectedVolumeM3,
    factsCarrierId: carrierId,
    factsCarrierVersion: facts.carrierVersion,
    factsCutInquiryId: facts.cutInquiryId,
    factsMaterialsVersion: facts.materialsVersion,
  };
}

/**
 * The departure's schema for a listing's codes and a transport mode, built once for each (it reads
 * the clock when it checks, not when it is built): a record validates with the schema the
 * previous one built.
 */
const departureSchemas = new Map<string, ReturnType<typeof createLoadDepartureSchema>>();
function departureSchema(wasteCodes: WasteCode[], transportMode: TransportMode) {
  const key = `${transportMode}|${wasteCodes.join('|')}`;
  let schema = departureSchemas.get(key);
  if (!schema) {
    if (departureSchemas.size >= 256) departureSchemas.clear();
    schema = createLoadDepartureSchema({ wasteCodes, transportMode });
    departureSchemas.set(key, schema);
  }
  return schema;
}

/** Checks a departure against the listing's codes and the carrier (of the CUT organisation, usable that day). */
function checkedDeparture(transfer: TransferRow, materials: unknown, carrier: CarrierRow | null | undefined, raw: Record<string, unknown>) {
  const departure = v.parse(
    departureSchema(wasteCodesOf(materials as { wasteCode?: unknown }[] | null | undefined), (carrier?.transportMode as TransportMode | undefined) ?? 'ROAD'),
    toCamelKeys(raw),
  );
  if (!carrier || carrier.organizationId !== transfer.cutOrganizationId) {
    throw problem(422, m.carrierNotOfOrganization, { errors: { carrier_id: m.carrierNotOfOrganization } });
  }
  const usable = carrierUsableOn(toDomainCarrier(carrier), departure.departedAt, { wasteCode: departure.wasteCode });
  if (!usable.usable) throw problem(422, usable.message, { type: PROBLEM_TYPES.carrierUnusable, errors: { carrier_id: usable.message } });
  return { departure, carrier };
}

/** 409 `over-remaining-volume` unless confirmed; true when the load is over (then flagged). */
function overRemaining(transfer: TransferRow, volumeM3: number, confirmed: boolean, replacingVolumeM3?: number): boolean {
  // The running balance of the transfer's row, read under its lock (migration 0023's trigger keeps it).
  const balance = { expectedVolumeM3: transfer.expectedVolumeM3, receivedVolumeM3: Number(transfer.receivedVolumeM3), inTransitVolumeM3: Number(transfer.inTransitVolumeM3) };
  const replacing = replacingVolumeM3 === undefined ? {} : { replacingVolumeM3 };
  if (!exceedsRemaining(balance, volumeM3, replacing)) return false;
  if (confirmed) return true;
  throw overRemainingProblem(balance, volumeM3, replacing);
}

/** The 409 `over-remaining-volume` asking to confirm a load of `volumeM3`, with the remainder. */
function overRemainingProblem(balance: Parameters<typeof remainingVolumeOf>[0], volumeM3: number, replacing: { replacingVolumeM3?: number } = {}) {
  const remaining = Math.round(remainingVolumeOf(balance, replacing) * 1000) / 1000;
  const detail = overRemainingMessage(`${String(volumeM3).replace('.', ',')} m³`, `${String(remaining).replace('.', ',')} m³`);
  return problem(409, detail, { type: PROBLEM_TYPES.overRemainingVolume, extensions: { remainingVolumeM3: remaining } });
}

function requestHash(raw: Record<string, unknown>, confirmed: boolean): string {
  const canonical = JSON.stringify(Object.keys(raw).sort().map((key) => [key, raw[key]]));
  return createHash('sha256').update(`${canonical}|${confirmed}`).digest('hex');
}

/**
 * The load number of `now`'s year ('BT-2026-000123'): drawn from the year's sequence by the
 * database function `terres_next_load_number` (migration 0023; the domain's `formatLoadNumber`,
 * pinned equal by a test). A sequence takes no lock that lasts: parallel recordings never queue
 * on it. A rolled-back insert leaves a gap, never a duplicate.
 */
function loadNumberSql(now: Date): SQL<string> {
  return sql<string>`terres_next_load_number(${loadNumberYear(now)}::int)`;
}

/** The next load number of `now`'s year, for inserts that are not `recordLoad`'s (the demo seed). */
export async function nextLoadNumber(tx: Tx, now: Date): Promise<string> {
  const result = await tx.execute<{ number: string }>(sql`select ${loadNumberSql(now)} as number`);
  return result.rows[0]!.number;
}

/** The receiving side's digest: due at most once a day, a quarter of an hour after a departure at the earliest. */
const digestDue = sql`coalesce(${transfers.digestDueAt}, greatest(now() + interval '15 minutes', coalesce(${transfers.lastDigestAt} + interval '1 day', now())))`;

interface RecordedRow extends Record<string, unknown> {
  status: string;
  received: number;
  in_transit: number;
  number: string | null;
  over_remaining: boolean | null;
}

/** A departure checked against its facts, ready for the insert's statement. */
interface CheckedRecord {
  transfer: TransferRow;
  side: TransferSide | null;
  hash: string;
  confirmOverRemaining: boolean;
  departure: ReturnType<typeof checkedDeparture>['departure'];
  carrier: CarrierRow;
  /** The load this key already recorded, answered (a retry), or a 409 if its body differs. */
  replay(earlier: LoadRow | null | undefined): { load: ReturnType<typeof toLoad>; created: false } | undefined;
}

/**
 * Everything of a record that is checked in the process (role and side, status, body, carrier
 * usable that day): throws the refusal; answers a retry when `facts` hold one.
 */
function checkedRecord(viewer: Viewer, facts: DepartureFacts | undefined, body: unknown): CheckedRecord | { load: ReturnType<typeof toLoad>; created: false } {
  if (!facts || (viewer.role !== 'ADMIN' && sideOf(viewer, facts.transfer) === null)) throw problem(404, m.transferNotFound);
  const { transfer } = facts;
  const side = sideOf(viewer, transfer);
  const creationError = loadCreationError({ role: viewer.role, side }, transfer.status);
  if (creationError) refusal(creationError);
  const input = departureInput(body);
  const hash = requestHash(input.raw, input.confirmOverRemaining);
  const replay = (earlier: LoadRow | null | undefined) => {
    if (!earlier) return undefined;
    if (earlier.requestHash !== hash) throw problem(409, m.loadIdempotencyKeyReused, { type: PROBLEM_TYPES.idempotencyKeyReused });
    return { load: toLoad(earlier, viewer, transfer), created: false as const };
  };
  // A retry answers before the departure is checked (even if its carrier's receipt expired since).
  const early = replay(facts.earlier);
  if (early) return early;
  const { departure, carrier } = checkedDeparture(transfer, facts.materials, facts.carrier, input.raw);
  return { transfer, side, hash, confirmOverRemaining: input.confirmOverRemaining, departure, carrier, replay };
}

/**
 * Records a load at departure (CUT members), once per Idempotency-Key (a retry answers the load
 * recorded, `created: false`). One statement when this process remembers the facts of the
 * transfer and carrier (the site manager's previous load), two otherwise; no explicit transaction:
 * 1. `departureFacts`: the transfer, the listing's waste codes, the carrier and a load already
 *    recorded with this key; everything but the remaining volume is checked here (role and side,
 *    status, body, carrier usable that day), and a retry answered. Remembered (`rememberedFacts`)
 *    for the next record, which checks the same in the process and skips this read;
 * 2. one statement, atomic by itself, that locks the transfer's row (FOR NO KEY UPDATE), inserts
 *    the load only if the transfer is still open, the remembered facts are still current
 *    (`departureFactsCurrent`) and, unless confirmed, the committed volume of its running
 *    balance is at most the domain's `committedCeiling` for this load (the rule of
 *    `exceedsRemaining` as one number), flags it when over, draws its number, writes its audit
 *    line and the digest's due time, and commits. The trigger `loads_balance` adds it to the
 *    balance in the same statement. The row's lock lasts that statement: no round trip to the
 *    process while it is held, so 20 site managers on one transfer queue for microseconds each.
 * A record from remembered facts that is refused in the process or inserts nothing (facts changed,
 * closed, over the remaining volume, a retry) is made again from facts read afresh: every answer
 * but a created load comes from the database's facts. When nothing was inserted, the balance the
 * statement saw tells why (closed, over the remaining volume, or a retry of the same key that
 * raced this one).
 */
export async function recordLoad(db: DbOrTx, viewer: Viewer, transferId: string, input: { body: unknown; idempotencyKey: unknown }) {
  const key = parseIdempotencyKey(input.idempotencyKey);
  if (!isUuid(transferId)) throw problem(404, m.transferNotFound);
  const carrierId = carrierIdOf(input.body);
  const memoKey = `${transferId} ${carrierId}`;
  const remembered = rememberedFacts.get(memoKey);
  if (remembered && carrierId) {
    let checked: ReturnType<typeof checkedRecord> | undefined;
    try {
      checked = checkedRecord(viewer, remembered, input.body);
    } catch {
      // Refused on remembered facts: the facts read afresh decide.
    }
    if (checked && 'replay' in checked) {
      const recorded = await insertDeparture(db, viewer, checked, key, departureFactsValues(remembered, carrierId));
      if (recorded.load) return { load: recorded.load, created: true };
    }
    rememberedFacts.delete(memoKey);
  }
  const facts = await departureFacts(db, transferId, carrierId, key);
  if (facts && carrierId && facts.carrier) rememberFacts(memoKey, { ...facts, earlier: null });
  const checked = checkedRecord(viewer, facts, input.body);
  if (!('replay' in checked)) return checked;
  const recorded = await insertDeparture(db, viewer, checked, key, null);
  if (recorded.load) return { load: recorded.load, created: true };
  const { transfer, side, departure, replay } = checked;
  const { status, received, in_transit: inTransit } = recorded.row;
  // Nothing inserted: closed meanwhile, a retry that raced this one (its load may have taken the
  // remainder: answered, not asked to confirm), or over the remaining volume the statement saw.
  const closed = loadCreationError({ role: viewer.role, side }, status as TransferStatus);
  if (closed) refusal(closed);
  const [earlier] = key ? await db.select().from(loads).where(and(eq(loads.transferId, transfer.id), eq(loads.idempotencyKey, key))) : [];
  const again = replay(earlier);
  if (again) return again;
  // The statement found the load over the remaining volume (the domain's committedCeiling).
  throw overRemainingProblem({ ...transfer, receivedVolumeM3: Number(received), inTransitVolumeM3: Number(inTransit) }, departure.volumeM3);
}

/**
 * The record's one statement (see `recordLoad`), prepared (src/db/prepared.ts): built once, parsed
 * and planned once per connection. It inserts the load when the gate lets it in and, in its
 * `_remembered` shape, when the remembered facts are still current (`departureFactsCurrent`);
 * it answers the load inserted, or the row the statement saw when nothing was.
 */
function recordStatement(db: DbOrTx, name: string, current: SQL<boolean>) {
  const p = (key: string) => sql.placeholder(key);
  const committed = sql`(t.received_volume_m3 + t.in_transit_volume_m3)`;
  return rawStatement<RecordedRow>(
    db,
    name,
    sql`
    with t as (
      select id, status, expected_volume_m3, received_volume_m3, in_transit_volume_m3 from ${transfers} where id = ${p('transferId')}::uuid for no key update
    ), gate as (
      select t.id, ${committed} > ${p('ceiling')}::float8 as over from t
      where t.status = 'OPEN' and ${current} and (${p('confirmOverRemaining')}::boolean or ${committed} <= ${p('ceiling')}::float8)
    ), inserted as (
      insert into ${loads} (id, transfer_id, number, over_remaining, idempotency_key, request_hash, departed_at, carrier_id, carrier_snapshot,
        vehicle_plate, waste_code, volume_m3, weight_tonnes, weighbridge_ticket, created_by, created_at, updated_at)
      select ${p('id')}::uuid, gate.id, terres_next_load_number(${p('year')}::int), gate.over, ${p('key')}::text, ${p('hash')}::text, ${p('departedAt')}::timestamptz,
        ${p('carrierId')}::uuid, ${p('snapshot')}::jsonb, ${p('vehiclePlate')}::text, ${p('wasteCode')}::text, ${p('volumeM3')}::float8, ${p('weightTonnes')}::float8,
        ${p('weighbridgeTicket')}::text, ${p('userId')}::uuid, ${p('now')}::timestamptz, ${p('now')}::timestamptz
      from gate
      on conflict (transfer_id, idempotency_key) do nothing
      returning id, number, over_remaining
    ), audited as (
      insert into ${auditLog} (actor_user_id, action, target_type, target_id, details)
      select ${p('userId')}::uuid, 'load.recorded', 'load', inserted.id::text,
        ${p('details')}::jsonb || jsonb_build_object('number', inserted.number, 'overRemaining', inserted.over_remaining)
      from inserted
    ), digest as (
      -- The receiving side's digest: set once until it is sent.
      update ${transfers} set digest_due_at = ${digestDue} where id = (select t.id from t) and digest_due_at is null and exists (select 1 from inserted)
    )
    select t.status, t.received_volume_m3::float8 as received, t.in_transit_volume_m3::float8 as in_transit, inserted.number, inserted.over_remaining
    from t left join inserted on true`,
  );
}

/**
 * Runs the record's statement: `factsValues` are the remembered facts the insert requires still
 * current (`departureFactsValues`), or null (facts read afresh: none required).
 */
async function insertDeparture(db: DbOrTx, viewer: Viewer, checked: CheckedRecord, key: string | null, factsValues: Record<string, unknown> | null) {
  const { transfer, departure, carrier, hash } = checked;
  const now = new Date();
  const id = randomUUID();
  const snapshot = carrierSnapshot(carrier);
  const values = {
    transferId: transfer.id,
    idempotencyKey: key,
    requestHash: hash,
    departedAt: new Date(departure.departedAt),
    carrierId: carrier.id,
    carrierSnapshot: snapshot,
    vehiclePlate: departure.vehiclePlate,
    wasteCode: departure.wasteCode,
    volumeM3: departure.volumeM3,
    weightTonnes: departure.weightTonnes,
    weighbridgeTicket: departure.weighbridgeTicket,
    createdBy: viewer.userId,
  };
  const nowText = now.toISOString();
  const statement = factsValues
    ? prepared(db, 'load_record_remembered', (db, name) => recordStatement(db, name, departureFactsCurrent))
    : prepared(db, 'load_record', (db, name) => recordStatement(db, name, sql<boolean>`true`));
  const result = await statement.execute({
    ...factsValues,
    transferId: transfer.id,
    ceiling: committedCeiling(transfer.expectedVolumeM3, departure.volumeM3),
    confirmOverRemaining: checked.confirmOverRemaining,
    id,
    year: loadNumberYear(now),
    key,
    hash,
    departedAt: values.departedAt.toISOString(),
    carrierId: carrier.id,
    snapshot: JSON.stringify(snapshot),
    vehiclePlate: values.vehiclePlate,
    wasteCode: values.wasteCode,
    volumeM3: values.volumeM3,
    weightTonnes: values.weightTonnes,
    weighbridgeTicket: values.weighbridgeTicket,
    userId: viewer.userId,
    now: nowText,
    details: JSON.stringify({ transferId: transfer.id, volumeM3: departure.volumeM3 }),
  });
  const recorded = result.rows[0];
  if (!recorded) throw problem(404, m.transferNotFound);
  if (recorded.number === null) return { row: recorded, load: undefined };
  const row: LoadRow = {
    ...values,
    id,
    number: recorded.number,
    status: 'IN_TRANSIT',
    version: 1,
    overRemaining: recorded.over_remaining === true,
    ticketDocumentId: null,
    receivedAt: null,
    receivedBy: null,
    outcome: null,
    refusalReason: null,
    receivedVolumeM3: null,
    receivedWeightTonnes: null,
    receptionIdempotencyKey: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    createdAt: now,
    updatedAt: now,
  };
  return { row: recorded, load: toLoad(row, viewer, { ...transfer, status: recorded.status as TransferStatus }) };
}

/** Corrects a load in transit (CUT members): the replaced departure becomes a version row. */
export async function correctLoad(db: DbOrTx, viewer: Viewer, loadId: string, body: unknown) {
  const { load: read } = await readableLoad(db, viewer, loadId);
  const input = departureInput(body);
  return db.transaction(async (tx) => {
    const transfer = await readableTransfer(tx, viewer, read.transferId, { lock: 'update' });
    const [load] = await tx.select().from(loads).where(eq(loads.id, read.id)).for('update');
    const error = loadActionError(load!.status, 'CORRECT', { role: viewer.role, side: sideOf(viewer, transfer) }, transfer.status);
    if (error) refusal(error);
    if (input.expectedVersion !== undefined && input.expectedVersion !== load!.version) {
      throw problem(409, fillTemplate(m.loadVersionChanged, { version: load!.version }), { type: PROBLEM_TYPES.conflict });
    }
    const facts = await departureFacts(tx, transfer.id, carrierIdOf(body), null);
    const { departure, carrier } = checkedDeparture(transfer, facts?.materials, facts?.carrier, input.raw);
    const flagged = overRemaining(transfer, departure.volumeM3, input.confirmOverRemaining, load!.volumeM3);
    const now = new Date();
    await tx.insert(loadVersions).values({
      loadId: load!.id,
      version: load!.version,
      departedAt: load!.departedAt,
      carrierId: load!.carrierId,
      carrierSnapshot: load!.carrierSnapshot,
      vehiclePlate: load!.vehiclePlate,
      wasteCode: load!.wasteCode,
      volumeM3: load!.volumeM3,
      weightTonnes: load!.weightTonnes,
      weighbridgeTicket: load!.weighbridgeTicket,
      overRemaining: load!.overRemaining,
      correctedBy: viewer.userId,
      correctedAt: now,
      note: departure.correctionNote,
    });
    const [row] = await tx
      .update(loads)
      .set({
        version: load!.version + 1,
        overRemaining: flagged || load!.overRemaining,
        departedAt: new Date(departure.departedAt),
        carrierId: carrier.id,
        carrierSnapshot: carrierSnapshot(carrier),
        vehiclePlate: departure.vehiclePlate,
        wasteCode: departure.wasteCode,
        volumeM3: departure.volumeM3,
        weightTonnes: departure.weightTonnes,
        weighbridgeTicket: departure.weighbridgeTicket,
        updatedAt: now,
      })
      .where(and(eq(loads.id, load!.id), eq(loads.status, 'IN_TRANSIT'), eq(loads.version, load!.version)))
      .returning();
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'load.corrected', targetType: 'load', targetId: load!.id, details: { version: row!.version } });
    return toLoad(row!, viewer, transfer);
  });
}

// ---------------------------------------------------------------------------------------------
// Loads: reception and cancellation.

function guardFirst(action: LoadAction, viewer: Viewer, transfer: TransferRow): void {
  const transition = loadMachine.IN_TRANSIT[action] ?? loadMachine.ACCEPTED[action];
  if (!transition) return;
  const side = sideOf(viewer, transfer);
  if (!transition.guard.allows({ role: normalizeRole(viewer.role), side })) throw problem(403, transition.guard.denied);
}

export interface ReceptionOutcome {
  load: ReturnType<typeof toLoad>;
  /** The row moved now (false: a retry answered). */
  moved: boolean;
  refused: LoadRow | null;
}

/**
 * The FILL side confirms a load: a conditional UPDATE from IN_TRANSIT, so parallel confirmations
 * count it once; a retry with the same Idempotency-Key answers the load as it is.
 */
export async function receiveLoad(db: DbOrTx, viewer: Viewer, loadId: string, input: { body: unknown; idempotencyKey: unknown }): Promise<ReceptionOutcome> {
  const key = parseIdempotencyKey(input.idempotencyKey);
  const { load, transfer } = await readableLoad(db, viewer, loadId);
  guardFirst('ACCEPT', viewer, transfer);
  if (key && load.receptionIdempotencyKey === key) return { load: toLoad(load, viewer, transfer), moved: false, refused: null };
  const mode = ((load.carrierSnapshot as Record<string, unknown>).transportMode as TransportMode | undefined) ?? 'ROAD';
  const reception = v.parse(createLoadReceptionSchema({ departedAt: load.departedAt.toISOString(), transportMode: mode }), toCamelKeys(bodyObject(input.body)));
  const action: LoadAction = reception.outcome === 'REFUSED' ? 'REFUSE' : 'ACCEPT';
  return db.transaction(async (tx) => {
    const locked = await readableTransfer(tx, viewer, transfer.id, { lock: 'no key update' });
    const error = loadActionError(load.status, action, { role: viewer.role, side: sideOf(viewer, locked) }, locked.status);
    if (error) refusal(error);
    const now = new Date();
    const [row] = await tx
      .update(loads)
      .set({
        status: reception.outcome,
        outcome: reception.outcome,
        receivedAt: new Date(reception.receivedAt),
        receivedBy: viewer.userId,
        refusalReason: reception.refusalReason,
        receivedVolumeM3: reception.receivedVolumeM3,
        receivedWeightTonnes: reception.receivedWeightTonnes,
        receptionIdempotencyKey: key,
        updatedAt: now,
      })
      .where(and(eq(loads.id, load.id), eq(loads.status, 'IN_TRANSIT')))
      .returning();
    if (!row) {
      // Someone confirmed (or cancelled) it meanwhile: the same request retried gets the load.
      const [current] = await tx.select().from(loads).where(eq(loads.id, load.id));
      if (key && current!.receptionIdempotencyKey === key) return { load: toLoad(current!, viewer, locked), moved: false, refused: null };
      refusal(loadActionError(current!.status, action, { role: viewer.role, side: sideOf(viewer, locked) }, locked.status) ?? { kind: 'CONFLICT', message: m.transferNotOpen });
    }
    await recordAudit(tx, { actorUserId: viewer.userId, action: reception.outcome === 'REFUSED' ? 'load.refused' : 'load.accepted', targetType: 'load', targetId: row.id });
    return { load: toLoad(row, viewer, locked), moved: true, refused: reception.outcome === 'REFUSED' ? row : null };
  });
}

/** Cancels a load with a reason (CUT members, admins), from the status read (conditional UPDATE). */
export async function cancelLoad(db: DbOrTx, viewer: Viewer, loadId: string, body: unknown) {
  const { load, transfer } = await readableLoad(db, viewer, loadId);
  guardFirst('CANCEL', viewer, transfer);
  const { reason } = v.parse(loadCancelSchema, toCamelKeys(bodyObject(body)));
  return db.transaction(async (tx) => {
    const locked = await readableTransfer(tx, viewer, transfer.id, { lock: 'no key update' });
    const error = loadActionError(load.status, 'CANCEL', { role: viewer.role, side: sideOf(viewer, locked) }, locked.status);
    if (error) refusal(error);
    const now = new Date();
    const [row] = await tx
      .update(loads)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: viewer.userId, cancelReason: reason, updatedAt: now })
      .where(and(eq(loads.id, load.id), eq(loads.status, load.status)))
      .returning();
    if (!row) {
      const [current] = await tx.select().from(loads).where(eq(loads.id, load.id));
      refusal(loadActionError(current!.status, 'CANCEL', { role: viewer.role, side: sideOf(viewer, locked) }, locked.status) ?? { kind: 'CONFLICT', message: m.transferNotOpen });
    }
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'load.cancelled', targetType: 'load', targetId: row.id, details: { from: load.status, reason } });
    return toLoad(row, viewer, locked);
  });
}

// ---------------------------------------------------------------------------------------------
// Close.

/**
 * An admin closes the transfer: the transfer's lock, then the match's; refused while a load is in
 * transit or when none was accepted. The match becomes DONE with the accepted loads' volume and
 * dates (domain `matchDoneFromClosing`), in the same transaction.
 */
export async function closeTransfer(db: DbOrTx, viewer: Viewer, id: string, config: Pick<MatchingConfig, 'soilDensityTonnesPerM3'>): Promise<TransferRow> {
  // Admins only, refused before anything is read (the same 403 whatever the id names).
  if (viewer.role !== 'ADMIN') throw problem(403, m.transferByAdmin);
  return db.transaction(async (tx) => {
    const transfer = await readableTransfer(tx, viewer, id, { lock: 'update' });
    const allowed = transferActionError('CLOSE', viewer, { status: transfer.status, cutOrganizationId: transfer.cutOrganizationId, fillOrganizationId: transfer.fillOrganizationId });
    if (allowed) refusal(allowed);
    const [match] = await tx.select().from(matches).where(eq(matches.id, transfer.matchId)).for('update');
    const matchError = matchTransitionError(match!.status, 'DONE');
    if (matchError) throw problem(409, matchError, { type: PROBLEM_TYPES.statusTransition });
    const balanceRows = await balanceLoads(tx, transfer.id);
    const closing = transferClosing(balanceRows, { soilDensityTonnesPerM3: config.soilDensityTonnesPerM3 });
    if (!closing.ok) {
      const inTransit = balanceRows.some((load) => load.status === 'IN_TRANSIT');
      throw problem(409, closing.message, { type: inTransit ? PROBLEM_TYPES.loadsInTransit : PROBLEM_TYPES.conflict });
    }
    const done = matchDoneFromClosing(closing.closing);
    const now = new Date();
    await tx
      .update(matches)
      .set({
        status: 'DONE',
        doneAt: now,
        updatedAt: now,
        movedVolumeM3: done.movedVolumeM3,
        transferDate: done.transferDate,
        transferEndDate: done.transferEndDate,
        doneSource: done.source,
      })
      .where(eq(matches.id, match!.id));
    const [row] = await tx
      .update(transfers)
      .set({ status: 'CLOSED', closedAt: now, closedBy: viewer.userId, digestDueAt: null, updatedAt: now })
      .where(eq(transfers.id, transfer.id))
      .returning();
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'transfer.closed',
      targetType: 'transfer',
      targetId: transfer.id,
      details: { matchId: match!.id, movedVolumeM3: done.movedVolumeM3, transferDate: done.transferDate, transferEndDate: done.transferEndDate },
    });
    return row!;
  });
}
