// Matches (issue 11): a CUT and a FILL listing put in touch by an admin, and their life
// (domain `matchTransitionError`: PROPOSED -> ACCEPTED or DECLINED, ACCEPTED -> DONE or DECLINED).
// Each change is one transaction owned here.
//
// Locks: a proposal locks both listings' rows in id order (so two proposals, or a proposal and
// a generation touching the same listings, queue instead of deadlocking), then checks under
// them that no open match holds the pair (the partial unique index `matches_open_pair_unique`
// backs it), then both organisations' rows (share, id order: listing before organisation, as a
// validation takes them) to refuse an archived one's (issue 20); accepting reads them the same
// way, after the match's row. A status move locks the match's transfer's row (issue 18), then the match's row:
// the order closing a transfer uses (services/transfers.ts). ACCEPTED opens the transfer in the
// same transaction; DONE with a typed volume is for a transfer run outside the platform.
import {
  evaluateMatch,
  fillTemplate,
  INCOMPATIBILITY_LABELS,
  isMatchableStatus,
  matchingMessages,
  matchTransitionError,
  OPEN_MATCH_STATUSES,
  summariseSavings,
  todayInParis,
  transferSavings,
  type MatchingConfig,
  type MatchResult,
  type MatchStatus,
  messages,
  PROBLEM_TYPES,
} from '@terres/domain';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ListCount, Paging } from '../http/list-query.js';
import type { Db, DbOrTx, Tx } from '../db/index.js';
import { inquiries, matches, organizations, transfers } from '../db/schema.js';
import { isUuid } from '../http/ids.js';
import { problem } from '../http/problem.js';
import { recordAudit } from './audit.js';
import { inquiryColumns, type InquiryRow, type Viewer } from './inquiries.js';
import { toMatchListing } from './matching.js';
import { lockTransferOfMatch, transferFollowsMatch } from './transfers.js';

export type MatchRow = typeof matches.$inferSelect;

/** The exact figures of a match, as admins get them (advertisers get the domain's
 * `AdvertiserMatchView` instead, from coarsened listings: services/matching.ts). */
export function toFigures(match: MatchResult) {
  return {
    score: match.score,
    distance: match.distance,
    volume: match.volume,
    overlap: match.overlap,
    transport: match.transport,
    co2: match.co2,
    quality: match.quality,
    scoreParts: match.scoreParts,
    priceBalance: match.price,
    lines: match.lines,
  };
}

/** One side of a match, as an admin sees it. */
export function toParty(row: Pick<InquiryRow, 'id' | 'type' | 'status' | 'projectName' | 'organizationId' | 'organizationName' | 'siteAddress' | 'siteLatitude' | 'siteLongitude'>) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    projectName: row.projectName,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    siteAddress: row.siteAddress,
    latitude: row.siteLatitude,
    longitude: row.siteLongitude,
  };
}

export type PartyRow = InquiryRow;

/**
 * A match as answered. `savings`: a DONE match's savings for the volume moved under the API's
 * matching settings (`config`, so a configured disposal distance or factor is the one counted
 * and stated), what the admin map sums; null before.
 */
export function toMatch(row: MatchRow, cut: PartyRow, fill: PartyRow, config: MatchingConfig, transferId: string | null = null) {
  const figures = row.figures as unknown as MatchResult;
  return {
    id: row.id,
    status: row.status as MatchStatus,
    cutInquiryId: row.cutInquiryId,
    fillInquiryId: row.fillInquiryId,
    cut: toParty(cut),
    fill: toParty(fill),
    volumeM3: row.volumeM3,
    movedVolumeM3: row.movedVolumeM3,
    transferDate: row.transferDate,
    transferEndDate: row.transferEndDate,
    doneSource: row.status === 'DONE' ? ((row.doneSource as 'PLATFORM_TRANSFER' | 'OUTSIDE_PLATFORM' | null) ?? 'OUTSIDE_PLATFORM') : null,
    transferId,
    figures: toFigures(figures),
    savings: row.status === 'DONE' && row.movedVolumeM3 !== null ? transferSavings(figures, row.movedVolumeM3, config) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    declinedAt: row.declinedAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

/** Both listings of some matches, by id. */
async function partiesOf(db: DbOrTx, rows: readonly MatchRow[]): Promise<Map<string, InquiryRow>> {
  const ids = [...new Set(rows.flatMap((row) => [row.cutInquiryId, row.fillInquiryId]))];
  if (ids.length === 0) return new Map();
  const listed = await db.select(inquiryColumns).from(inquiries).where(inArray(inquiries.id, ids));
  return new Map(listed.map((row) => [row.id, row]));
}

export async function answerMatches(db: DbOrTx, rows: readonly MatchRow[], config: MatchingConfig) {
  const parties = await partiesOf(db, rows);
  const ids = rows.map((row) => row.id);
  const opened = ids.length ? await db.select({ id: transfers.id, matchId: transfers.matchId }).from(transfers).where(inArray(transfers.matchId, ids)) : [];
  const transferOf = new Map(opened.map((row) => [row.matchId, row.id]));
  return rows.map((row) => toMatch(row, parties.get(row.cutInquiryId)!, parties.get(row.fillInquiryId)!, config, transferOf.get(row.id) ?? null));
}

/** The open match (PROPOSED or ACCEPTED) of each counterpart of a listing, for the suggestions. */
export async function openMatchesOf(db: DbOrTx, inquiryId: string): Promise<Map<string, { id: string; status: MatchStatus }>> {
  const rows = await db
    .select({ id: matches.id, status: matches.status, cut: matches.cutInquiryId, fill: matches.fillInquiryId })
    .from(matches)
    .where(and(or(eq(matches.cutInquiryId, inquiryId), eq(matches.fillInquiryId, inquiryId)), inArray(matches.status, [...OPEN_MATCH_STATUSES])));
  return new Map(rows.map((row) => [row.cut === inquiryId ? row.fill : row.cut, { id: row.id, status: row.status as MatchStatus }]));
}

/** Locks listings' rows in id order (the one order every multi-listing change uses). */
export async function lockListings(tx: Tx, ids: readonly string[]): Promise<Map<string, InquiryRow>> {
  const rows = await tx
    .select(inquiryColumns)
    .from(inquiries)
    .where(and(inArray(inquiries.id, [...ids]), isNull(inquiries.deletedAt)))
    .orderBy(asc(inquiries.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

export interface Proposal {
  cutInquiryId: string;
  fillInquiryId: string;
}

/**
 * An admin proposes a CUT and a FILL listing to each other: both must exist (404), be one of each
 * type (422), matchable (409) and compatible by the domain's rules (409 naming the failed rules),
 * and no open match may hold the pair (409). The figures of the moment are frozen with it.
 */
export async function proposeMatch(db: DbOrTx, viewer: Viewer, proposal: Proposal, config: MatchingConfig): Promise<MatchRow> {
  for (const id of [proposal.cutInquiryId, proposal.fillInquiryId]) if (!isUuid(id)) throw problem(404, messages.listingNotFound);
  if (proposal.cutInquiryId === proposal.fillInquiryId) throw problem(422, matchingMessages.matchPairInvalid);
  return db.transaction(async (tx) => {
    const locked = await lockListings(tx, [proposal.cutInquiryId, proposal.fillInquiryId]);
    const cut = locked.get(proposal.cutInquiryId);
    const fill = locked.get(proposal.fillInquiryId);
    if (!cut || !fill) throw problem(404, messages.listingNotFound);
    if (cut.type !== 'CUT' || fill.type !== 'FILL') throw problem(422, matchingMessages.matchPairInvalid);
    if (!isMatchableStatus(cut.status) || !isMatchableStatus(fill.status)) throw problem(409, matchingMessages.matchListingNotValidated);
    // An archived organisation's listings are out of matching (issue 20). Its row is read under a
    // share lock, so an archiving under way commits first (it takes the row for update and never
    // a listing's: no deadlock) and is seen here.
    const parties = await tx
      .select({ archivedAt: organizations.archivedAt })
      .from(organizations)
      .where(inArray(organizations.id, [...new Set([cut.organizationId, fill.organizationId])]))
      .orderBy(asc(organizations.id))
      .for('share');
    if (parties.some((party) => party.archivedAt !== null)) throw problem(409, matchingMessages.matchOrganizationArchived);
    const [open] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.cutInquiryId, cut.id), eq(matches.fillInquiryId, fill.id), inArray(matches.status, [...OPEN_MATCH_STATUSES])));
    if (open) throw problem(409, matchingMessages.matchPairOpen);
    const evaluation = evaluateMatch(toMatchListing(cut), toMatchListing(fill), config);
    if (!evaluation.compatible) {
      const reasons = evaluation.reasons.map((reason) => INCOMPATIBILITY_LABELS[reason]).join(' ');
      throw problem(409, fillTemplate(matchingMessages.matchNotCompatible, { reasons }));
    }
    const [row] = await tx
      .insert(matches)
      .values({
        cutInquiryId: cut.id,
        fillInquiryId: fill.id,
        status: 'PROPOSED',
        proposedByUserId: viewer.userId,
        volumeM3: evaluation.match.volume.matchedM3,
        figures: evaluation.match as unknown as Record<string, unknown>,
      })
      .returning();
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'match.proposed',
      targetType: 'match',
      targetId: row!.id,
      details: { cutInquiryId: cut.id, fillInquiryId: fill.id, volumeM3: row!.volumeM3, score: evaluation.match.score },
    });
    return row!;
  });
}

/** A match by id, or a 404. */
export async function findMatch(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<MatchRow> {
  if (!isUuid(id)) throw problem(404, matchingMessages.matchNotFound);
  const query = db.select().from(matches).where(eq(matches.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw problem(404, matchingMessages.matchNotFound);
  return row;
}

/** Matches, newest first, a page of them with their count; those of one listing (either side) when `inquiryId` is given.
 * The page and the count are read at once on two pooled connections: a `Db`, never a
 * transaction's handle (one connection runs one statement at a time).
 */
export async function listMatches(
  db: Db,
  filter: { inquiryId?: string; statuses?: readonly MatchStatus[] },
  paging: Paging,
): Promise<{ rows: MatchRow[]; count: ListCount }> {
  const where = and(
    filter.inquiryId ? or(eq(matches.cutInquiryId, filter.inquiryId), eq(matches.fillInquiryId, filter.inquiryId)) : undefined,
    filter.statuses && filter.statuses.length > 0 ? inArray(matches.status, [...filter.statuses]) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(matches).where(where).orderBy(desc(matches.createdAt), desc(matches.id)).limit(paging.pageSize).offset(paging.offset),
    db.select({ total: count() }).from(matches).where(where),
  ]);
  return { rows, count: { total: counted?.total ?? 0, capped: false } };
}

/** DONE matches read at a time by `matchSavingsSummary`. */
const SAVINGS_BATCH = 1000;

/**
 * What the DONE matches saved, summed as each one's `savings` is computed (`toMatch`) and as the
 * domain sums them (`summariseSavings`): read in batches of SAVINGS_BATCH in id order, only the
 * figures and the volume moved, so the answer is one object whatever the number of transfers.
 */
export async function matchSavingsSummary(db: DbOrTx, config: MatchingConfig) {
  let after: string | null = null;
  let done = 0;
  const sums = { volumeM3: 0, co2SavedKg: 0, truckKmSaved: 0 };
  for (;;) {
    const batch: { id: string; figures: unknown; movedVolumeM3: number | null }[] = await db
      .select({ id: matches.id, figures: matches.figures, movedVolumeM3: matches.movedVolumeM3 })
      .from(matches)
      .where(and(eq(matches.status, 'DONE'), isNotNull(matches.movedVolumeM3), after ? gt(matches.id, after) : undefined))
      .orderBy(asc(matches.id))
      .limit(SAVINGS_BATCH);
    for (const row of batch) {
      const savings = transferSavings(row.figures as MatchResult, row.movedVolumeM3!, config);
      done += 1;
      sums.volumeM3 += savings.volumeM3;
      sums.co2SavedKg += savings.co2SavedKg;
      sums.truckKmSaved += savings.truckKmSaved;
    }
    if (batch.length < SAVINGS_BATCH) break;
    after = batch.at(-1)!.id;
  }
  const { volumeM3, co2SavedKg, truckKmSaved } = summariseSavings([sums]);
  return { matches: done, volumeM3, co2SavedKg, truckKmSaved, disposalDistanceKm: config.disposalDistanceKm, co2KgPerM3Km: config.co2KgPerM3Km };
}

export interface MatchStatusChange {
  status: MatchStatus;
  /** DONE only: volume actually moved (m³) and the transfer day (today in Paris by default). */
  done?: { movedVolumeM3: number; transferDate?: string | undefined };
}

/** Moves a match (409 with the domain's French detail when not allowed), under its row lock. */
export async function changeMatchStatus(db: DbOrTx, viewer: Viewer, id: string, change: MatchStatusChange): Promise<MatchRow> {
  return db.transaction(async (tx) => {
    const transfer = await lockTransferOfMatch(tx, id);
    const current = await findMatch(tx, id, { forUpdate: true });
    const error = matchTransitionError(current.status, change.status);
    if (error) throw problem(409, error, { type: PROBLEM_TYPES.statusTransition });
    // An archived organisation's listing is out of matching (issue 20): a match proposed before
    // the archiving cannot be accepted (declining it stays possible). Share locks on the two
    // organisations' rows, after the match's: an archiving under way is seen.
    if (change.status === 'ACCEPTED') {
      const parties = await tx.execute<{ archived_at: string | null }>(sql`
        select o.archived_at from organizations o
        where o.id in (select organization_id from inquiries where id in (${current.cutInquiryId}, ${current.fillInquiryId}))
        order by o.id for share`);
      if (parties.rows.some((party) => party.archived_at !== null)) throw problem(409, matchingMessages.matchOrganizationArchived);
    }
    const now = new Date();
    const done = change.status === 'DONE' ? change.done : undefined;
    if (change.status === 'DONE' && !done) {
      throw problem(422, matchingMessages.movedVolumeRequired, { errors: { moved_volume_m3: matchingMessages.movedVolumeRequired } });
    }
    const [row] = await tx
      .update(matches)
      .set({
        status: change.status,
        updatedAt: now,
        ...(change.status === 'ACCEPTED' ? { acceptedAt: now } : {}),
        ...(change.status === 'DECLINED' ? { declinedAt: now } : {}),
        ...(done
          ? { doneAt: now, movedVolumeM3: done.movedVolumeM3, transferDate: done.transferDate ?? todayInParis(now), transferEndDate: null, doneSource: 'OUTSIDE_PLATFORM' }
          : {}),
      })
      .where(eq(matches.id, current.id))
      .returning();
    await transferFollowsMatch(tx, viewer, row!, change.status, transfer);
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'match.status_changed',
      targetType: 'match',
      targetId: current.id,
      details: { from: current.status, to: change.status, ...(done ? { movedVolumeM3: done.movedVolumeM3, transferDate: row!.transferDate } : {}) },
    });
    return row!;
  });
}

/** ACCEPTED or DONE matches of a listing (the documents need one), newest first. */
export async function agreedMatchesOf(db: DbOrTx, inquiryId: string): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(and(or(eq(matches.cutInquiryId, inquiryId), eq(matches.fillInquiryId, inquiryId)), inArray(matches.status, ['ACCEPTED', 'DONE'])))
    .orderBy(desc(matches.createdAt));
}

