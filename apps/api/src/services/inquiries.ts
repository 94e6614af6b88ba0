// Listings (annonces, CONTRACT §8): the answer shape, the access rule every listing endpoint
// shares (admins see all; owners and employees their organisation's; anything else, like a
// deleted draft, is a 404, so another organisation's listing is never revealed), and every
// change a listing goes through: draft creation, edits and submission, deletion, the admin's
// status workflow with the credit debit. Each change is one transaction owned here; routes
// parse, authorise and call. The lists and map pins are in ./inquiry-lists.ts.
import {
  acceptanceFromFields,
  CONTRACT_FACT_FIELDS,
  contractFactsEditable,
  contractFactsPatchSchema,
  type ContractFactsPatch,
  popOf,
  toCamelKeys,
  fillAcceptanceSchema,
  matchingMessages,
  forbiddenFields,
  isDeletableByAdvertiser,
  isEditableByAdvertiser,
  fieldsNotEditableMessage,
  fillTemplate,
  isEndBeforeStart,
  listingCharge,
  messages,
  pickListingFields,
  transitionEffect,
  transitionError,
  validateInquiryForSubmission,
  type InquiryPatch,
  type InquiryStatus,
  type InquiryType,
  PROBLEM_TYPES,
} from '@terres/domain';
import { createHash } from 'node:crypto';
import { and, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Role, Viewer } from '../auth/context.js';
import { sessionColumns } from '../auth/session-check.js';
import type { DbOrTx, Tx } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { documents, inquiries, organizations, sessionFamilies, users, type StoredMaterial } from '../db/schema.js';
import { isUuid } from '../http/ids.js';
import { problem } from '../http/problem.js';
import { uniqueViolation } from '../plugins/app/problems.js';
import { recordAudit } from './audit.js';
import { appendLedgerLine } from './credits.js';
import { KnownVersions, type KnownVersion } from './listing-versions.js';

/** A listing row as the API reads it (the search and matching keys stay in the database). */
export type InquiryRow = Omit<typeof inquiries.$inferSelect, 'searchText' | 'matchBand'>;

/** Every column but `search_text` and `match_band`: what listing queries select. */
export const inquiryColumns = (({ searchText: _searchText, matchBand: _matchBand, ...columns }) => columns)(getTableColumns(inquiries));

/** Listing fields as the domain's patch schema checked them, each material priced. */
export type InquiryFields = Omit<InquiryPatch, 'materials'> & { materials?: StoredMaterial[] };

/** Who is asking: `request.auth` satisfies it. */
export type { Viewer };

/** A stored line as answered: every line states its class ('UNKNOWN' before 0007) and code. */
export function toMaterial(line: StoredMaterial) {
  return {
    materialName: line.materialName,
    groundComposition: line.groundComposition,
    quantity: line.quantity,
    price: line.price,
    qualityClass: line.qualityClass ?? 'UNKNOWN',
    wasteCode: line.wasteCode ?? null,
    pop: popOf(line),
  };
}

/** The listing as matching and the documents read it: materials with their quality, the acceptance. */
export function acceptanceOfRow(row: Pick<InquiryRow, 'receivingUse' | 'acceptedQualityClasses' | 'acceptedWasteCodes'>) {
  return acceptanceFromFields(row);
}

/**
 * The listing as answered (openapi `Inquiry`): the fields table's columns (domain fields.ts), then
 * what the API adds or computes.
 */
export function toInquiry(row: InquiryRow) {
  // The table's fields copied onto the answer itself, then these set over them (in the order a
  // spread gives, a third of its time: issue 23, every listing answered).
  const answer = pickListingFields(row, { id: row.id, organizationId: row.organizationId, organizationName: row.organizationName, userId: row.userId });
  const own = {
    type: row.type as InquiryType,
    materials: row.materials.map(toMaterial),
    cost: row.cost ?? listingCharge(row.type, row.quantity),
    // The reason belongs to the refusal: once resubmitted, the listing no longer shows it.
    rejectionReason: row.status === 'REJECTED' ? row.rejectionReason : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return Object.assign(answer, own) as Omit<typeof answer, keyof typeof own> & typeof own;
}

const ACCEPTANCE_KEYS = ['receivingUse', 'acceptedQualityClasses', 'acceptedWasteCodes'] as const;
const ACCEPTANCE_WIRE = { receivingUse: 'receiving_use', acceptedQualityClasses: 'accepted_quality_classes', acceptedWasteCodes: 'accepted_waste_codes' } as const;

/**
 * A FILL listing's acceptance after an edit: a CUT listing sends none (422), and once the three
 * parts are all set they must agree (`fillAcceptanceSchema`: classes admitted by the use, no
 * hazardous code for an inert-only receiver). A partial acceptance waits for the submission.
 */
function checkAcceptance(type: string, fields: InquiryFields, current: Partial<InquiryRow> = {}): void {
  const sent = ACCEPTANCE_KEYS.filter((key) => fields[key] !== undefined);
  if (sent.length === 0) return;
  if (type !== 'FILL') {
    const errors = Object.fromEntries(sent.map((key) => [ACCEPTANCE_WIRE[key], matchingMessages.acceptanceOnlyForFill]));
    throw problem(422, matchingMessages.acceptanceOnlyForFill, { errors });
  }
  const merged = {
    receivingUse: fields.receivingUse === undefined ? (current.receivingUse ?? null) : fields.receivingUse,
    acceptedQualityClasses: fields.acceptedQualityClasses ?? current.acceptedQualityClasses ?? [],
    acceptedWasteCodes: fields.acceptedWasteCodes ?? current.acceptedWasteCodes ?? [],
  };
  if (merged.receivingUse === null || merged.acceptedQualityClasses.length === 0 || merged.acceptedWasteCodes.length === 0) return;
  const result = v.safeParse(fillAcceptanceSchema, merged);
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as (typeof ACCEPTANCE_KEYS)[number] | undefined;
      const field = key && key in ACCEPTANCE_WIRE ? ACCEPTANCE_WIRE[key] : 'accepted_quality_classes';
      errors[field] ??= issue.message;
    }
    throw problem(422, result.issues[0].message, { errors });
  }
}

/** The listing `id` (a placeholder) unless deleted: the read every listing endpoint starts with. */
function liveInquiry(db: DbOrTx) {
  return db
    .select(inquiryColumns)
    .from(inquiries)
    .where(and(eq(inquiries.id, sql.placeholder('id')), isNull(inquiries.deletedAt)));
}

/**
 * The listing if the viewer may see it, else a 404; `forUpdate` locks its row (inside a
 * transaction).
 */
export async function readableInquiry(
  db: DbOrTx,
  viewer: Pick<Viewer, 'role' | 'organizationId'>,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<InquiryRow> {
  if (!isUuid(id)) throw problem(404, messages.listingNotFound);
  const [row] = options.forUpdate
    ? await prepared(db, 'inquiry_by_id_for_update', (db, name) => liveInquiry(db).for('update').prepare(name)).execute({ id })
    : await prepared(db, 'inquiry_by_id', (db, name) => liveInquiry(db).prepare(name)).execute({ id });
  if (!row || !mayReadInquiry(viewer, row.organizationId)) throw problem(404, messages.listingNotFound);
  return row;
}

/** Whether the caller may see a listing of this organisation: an admin every one, anyone else their own. */
export function mayReadInquiry(viewer: Pick<Viewer, 'role' | 'organizationId'>, organizationId: string): boolean {
  return viewer.role === 'ADMIN' || organizationId === viewer.organizationId;
}

/** 422 naming each field the listing's status does not let this role edit. */
function refuseSealedFields(fields: object, status: string, role: Role): void {
  const refused = forbiddenFields(fields, status, role);
  if (refused.length > 0) {
    throw problem(422, fieldsNotEditableMessage(refused), {
      errors: Object.fromEntries(refused.map((key) => [key, messages.fieldNotEditable])),
    });
  }
}

/** Loads everything submission checks, and throws a 422 naming the first missing rule. */
async function assertSubmittable(tx: Tx, row: InquiryRow): Promise<void> {
  // With their source: only the organisation's own uploads count (domain rule).
  const docs = await tx
    .select({ kind: documents.kind, source: documents.source })
    .from(documents)
    .where(and(eq(documents.inquiryId, row.id), isNull(documents.deletedAt)));
  // Soil quality is required since the wizard asks for it (issue 11): a CUT line's class and
  // code, a FILL listing's acceptance.
  const check = validateInquiryForSubmission(
    { ...toInquiry(row), documents: docs, acceptance: acceptanceOfRow(row) },
    { requireSoilQuality: true },
  );
  if (!check.ok) {
    const [first] = Object.values(check.errors);
    throw problem(422, first ?? messages.submissionIncomplete, { errors: check.errors });
  }
}

export interface NewDraft {
  /** The client's id (the wizard's route id), or a new one. */
  id: string;
  type: InquiryType;
  /** The wire fields sent (snake_case), checked against the draft's editable fields first. */
  wireFields: Record<string, unknown>;
  /** Then checked by the caller with the domain's patch schema; the project name is present. */
  parseFields: () => InquiryFields;
  /** The organisation's drafts may not pass this many (MAX_DRAFTS_PER_ORGANIZATION). */
  maxDrafts: number;
}

/**
 * A new DRAFT of the viewer's organisation; 409 when the id is taken, or when the organisation
 * already has `maxDrafts` drafts (issue 20: drafts are free, and were unlimited). The count is
 * taken under the organisation's row lock (`for no key update`: parallel creations are counted
 * one after the other, the ledger's `for update` waits as for any of them, and foreign-key
 * checks are not blocked); no other transaction takes an existing listing after that row, so
 * the lock order (listing, then organisation) holds.
 */
export async function createDraft(db: DbOrTx, viewer: Viewer & { organizationId: string }, draft: NewDraft): Promise<InquiryRow> {
  refuseSealedFields(draft.wireFields, 'DRAFT', viewer.role);
  const fields = draft.parseFields();
  checkAcceptance(draft.type, fields);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, draft.id));
    if (taken) throw problem(409, messages.idTaken, { type: PROBLEM_TYPES.idTaken });
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, viewer.organizationId)).for('no key update');
    const [drafts] = await tx
      .select({ n: count() })
      .from(inquiries)
      .where(and(eq(inquiries.organizationId, viewer.organizationId), eq(inquiries.status, 'DRAFT'), isNull(inquiries.deletedAt)));
    if ((drafts?.n ?? 0) >= draft.maxDrafts) {
      throw problem(409, fillTemplate(messages.draftLimit, { max: draft.maxDrafts }), { type: PROBLEM_TYPES.draftLimit });
    }
    const [row] = await tx
      .insert(inquiries)
      .values({
        ...fields,
        id: draft.id,
        organizationId: viewer.organizationId,
        userId: viewer.userId,
        type: draft.type,
        status: 'DRAFT',
        projectName: fields.projectName!,
        cost: listingCharge(draft.type, fields.quantity ?? null),
      })
      .returning(inquiryColumns)
      .catch((error: unknown) => {
        // Another organisation's listing holds the id: row-level security hid it from the
        // check above, the primary key still refuses it. The same 409.
        if (uniqueViolation(error) === 'inquiries_pkey') throw problem(409, messages.idTaken, { type: PROBLEM_TYPES.idTaken });
        throw error;
      });
    return row!;
  });
}

export interface InquiryEdit {
  /** The wire fields sent (snake_case), checked against the listing's editable fields first. */
  wireFields: Record<string, unknown>;
  /** Then checked by the caller with the domain's patch schema. */
  parseFields: () => InquiryFields;
  /** Also submit it (DRAFT or REJECTED -> PENDING_VALIDATION) in the same transaction. */
  submit: boolean;
}

/** The listings this process last edited, with their row versions (one per app: `listingVersions()`). */
export type ListingVersions = KnownVersions<InquiryRow>;

/**
 * A few thousand listings (a row is a few KB): the drafts being edited now. A minute at most, as
 * the read caches keep theirs.
 */
export function listingVersions(): ListingVersions {
  return new KnownVersions<InquiryRow>({ maxEntries: 4_000, ttlMs: 60_000 });
}

/**
 * Edits a DRAFT or REJECTED listing (409 otherwise) and, when asked, submits it: every wizard
 * rule must hold (422) and the balance cover the cost (409), or nothing changes.
 *
 * An edit alone (the wizard's saves, issue 23) is one statement and no transaction when this
 * process knows the listing as it was at its current row version (`versions`, kept from its last
 * edit here): the edit is checked against that row and written by one prepared UPDATE on the
 * condition that the row is still that version, which returns the new version. Otherwise, or if
 * that UPDATE matched no row (the row changed since: another process's edit, an admin's decision,
 * a rename of its organisation), it is today's two statements: the listing read with its version,
 * checked, and the same conditional UPDATE; if the row changed meanwhile again, the edit is made
 * the locked way. A submission locks the listing's row for its whole transaction.
 *
 * Why a remembered row can never let a wrong edit through: the UPDATE applies only if the row is
 * exactly the version the checks were made against (a row version is the transaction id that
 * wrote it, and no statement here caches a row that its own transaction changed again), so an
 * applied edit was checked against the row it changed, as the two-statement path checks it. The
 * UPDATE runs under the caller's row-level security scope like any other. The remembered row
 * never answers a refusal: when it is another organisation's (`mayReadInquiry`), or when its
 * checks refuse the edit, the edit takes the two-statement path, which reads the row afresh and
 * answers exactly as before (the 404 that never reveals another organisation's listing, the 409,
 * the 422). The write is the same UPDATE as before: its change announcement and the answer's
 * settle (src/db/change-feed.ts) are unchanged, so every process's read caches see the edit.
 */
export async function updateInquiry(db: DbOrTx, viewer: Viewer, id: string, edit: InquiryEdit, versions?: ListingVersions): Promise<InquiryRow> {
  if (!edit.submit) {
    const known = versions?.get(id);
    if (known) {
      const row = await editKnownVersion(db, viewer, known, edit);
      if (row) {
        versions!.set(row.id, row, row.version);
        return row;
      }
      versions!.delete(id);
    }
    const current = await readableVersion(db, viewer, id);
    const values = editedValues(current, viewer, edit);
    const [row] = await versionedUpdate(db, values).execute({ ...placeholderValues(values), id: current.id, version: current.version });
    if (row) {
      versions?.set(row.id, row, row.version);
      return row;
    }
  }
  versions?.delete(id);
  const outcome = await db.transaction(async (tx) => {
    const current = await readableInquiry(tx, viewer, id, { forUpdate: true });
    const values = editedValues(current, viewer, edit);
    const [edited] = await prepared(tx, updateName(values, false), (db, name) => updateStatement(db, values, false).prepare(name)).execute({
      ...placeholderValues(values),
      id: current.id,
    });
    if (!edit.submit) return { row: edited!, version: edited!.version };
    const error = transitionError(edited!.status, 'PENDING_VALIDATION', viewer.role);
    if (error) throw problem(409, error, { type: PROBLEM_TYPES.statusTransition });
    await assertSubmittable(tx, edited!);
    const [organization] = await tx
      .select({ creditBalance: organizations.creditBalance })
      .from(organizations)
      .where(eq(organizations.id, edited!.organizationId));
    if ((organization?.creditBalance ?? 0) < (edited!.cost ?? listingCharge(edited!.type, edited!.quantity))) throw problem(409, messages.insufficientBalance, { type: PROBLEM_TYPES.insufficientBalance });
    const [row] = await tx
      .update(inquiries)
      .set({ status: 'PENDING_VALIDATION', submittedAt: new Date(), updatedAt: new Date() })
      .where(eq(inquiries.id, current.id))
      .returning(inquiryColumns);
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'inquiry.submitted',
      targetType: 'inquiry',
      targetId: current.id,
      details: { from: current.status, cost: row!.cost },
    });
    return { row: row! };
  });
  // Kept once committed (the version is the transaction's): a submission is no draft edit any more.
  if (outcome.version !== undefined) versions?.set(outcome.row.id, outcome.row, outcome.version);
  return outcome.row;
}

/**
 * The edit checked against the row this process knows and written on the condition that the
 * listing is still that row's version; undefined when the row is not the viewer's, when the
 * checks refuse the edit (the caller reads the row afresh: a refusal is never answered from
 * memory) or when the listing changed since (no row matched).
 */
async function editKnownVersion(
  db: DbOrTx,
  viewer: Viewer,
  known: KnownVersion<InquiryRow>,
  edit: InquiryEdit,
): Promise<(InquiryRow & { version: string }) | undefined> {
  if (!mayReadInquiry(viewer, known.row.organizationId)) return undefined;
  let values: Record<string, unknown>;
  try {
    values = editedValues(known.row, viewer, edit);
  } catch {
    return undefined;
  }
  const [row] = await versionedUpdate(db, values).execute({ ...placeholderValues(values), id: known.row.id, version: known.version });
  return row;
}

/** The prepared `UPDATE … WHERE id = $id AND xmin = $version RETURNING …, xmin` of this edit's shape. */
function versionedUpdate(db: DbOrTx, values: Record<string, unknown>) {
  return prepared(db, updateName(values), (db, name) => updateStatement(db, values, true).prepare(name));
}

/** The listing as `readableInquiry` reads it, with its row version (`xmin`, which every update changes). */
async function readableVersion(db: DbOrTx, viewer: Pick<Viewer, 'role' | 'organizationId'>, id: string): Promise<InquiryRow & { version: string }> {
  if (!isUuid(id)) throw problem(404, messages.listingNotFound);
  const [row] = await prepared(db, 'inquiry_by_id_versioned', (db, name) =>
    db
      .select({ ...inquiryColumns, version: sql<string>`xmin::text` })
      .from(inquiries)
      .where(and(eq(inquiries.id, sql.placeholder('id')), isNull(inquiries.deletedAt)))
      .prepare(name),
  ).execute({ id });
  if (!row || !mayReadInquiry(viewer, row.organizationId)) throw problem(404, messages.listingNotFound);
  return row;
}

/** The columns an edit sets, checked against the listing as it is: what may be edited, the acceptance, the dates; its cost and time. */
function editedValues(current: InquiryRow, viewer: Viewer, edit: InquiryEdit): Record<string, unknown> {
  if (!isEditableByAdvertiser(current.status)) throw problem(409, messages.notEditable, { type: PROBLEM_TYPES.notEditable });
  refuseSealedFields(edit.wireFields, current.status, viewer.role);
  const fields = edit.parseFields();
  checkAcceptance(current.type, fields, current);
  // The availability step's cross-field rule, on the listing as this edit leaves it.
  const startDate = fields.startDate === undefined ? current.startDate : fields.startDate;
  const endDate = fields.endDate === undefined ? current.endDate : fields.endDate;
  if (isEndBeforeStart(startDate, endDate)) {
    throw problem(422, messages.endBeforeStart, { errors: { end_date: messages.endBeforeStart } });
  }
  const quantity = fields.quantity === undefined ? current.quantity : fields.quantity;
  const values: Record<string, unknown> = { ...fields, cost: listingCharge(current.type, quantity), updatedAt: new Date() };
  for (const key of Object.keys(values)) if (values[key] === undefined) delete values[key];
  return values;
}

/**
 * An edit's UPDATE depends on the columns it sets, and on which of them are set to null (a null
 * is written as such, not through the column's encoder): that shape names its prepared statement.
 */
function updateName(values: Record<string, unknown>, versioned = true): string {
  const shape = Object.keys(values)
    .sort()
    .map((key) => (values[key] === null ? `${key}=null` : key))
    .join(',');
  return `inquiry_edit_${versioned ? 'v' : 'l'}_${createHash('sha256').update(shape).digest('base64url').slice(0, 16)}`;
}

function updateStatement(db: DbOrTx, values: Record<string, unknown>, versioned: boolean) {
  const set = Object.fromEntries(Object.keys(values).map((key) => [key, values[key] === null ? null : sql.placeholder(key)]));
  const byId = eq(inquiries.id, sql.placeholder('id'));
  return db
    .update(inquiries)
    .set(set)
    .where(versioned ? and(byId, sql`xmin = ${sql.placeholder('version')}::text::xid`) : byId)
    // The new row version: the next edit of this listing here may start from this row.
    .returning({ ...inquiryColumns, version: sql<string>`xmin::text` });
}

/** The values of the placeholders `updateStatement` made (nulls are in its text). */
function placeholderValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

/**
 * The contract facts of a validated listing (decision 0175): its organisation's owners and
 * employees, or an admin, enter or correct the fields the fields table marks `afterApproval`
 * (SIS identifier, analyses, preparer, planning permission) from validation to processed; 409
 * in another status, 422 for any other field or a bad value (nothing changes). Another
 * organisation's listing is a 404 (`readableInquiry`). Every change is audited with the values
 * before and after (`inquiry.contract_facts_updated`): the listing was validated without them.
 */
export async function updateContractFacts(db: DbOrTx, viewer: Viewer, id: string, body: Record<string, unknown>): Promise<InquiryRow> {
  return db.transaction(async (tx) => {
    const current = await readableInquiry(tx, viewer, id, { forUpdate: true });
    if (!contractFactsEditable(current.status)) throw problem(409, matchingMessages.contractFactsNotEditable, { type: PROBLEM_TYPES.notEditable });
    const facts: ContractFactsPatch = v.parse(contractFactsPatchSchema(), toCamelKeys(body));
    const changed = CONTRACT_FACT_FIELDS.filter((key) => facts[key] !== undefined && (facts[key] ?? null) !== (current[key] ?? null));
    if (changed.length === 0) return current;
    const [row] = await tx
      .update(inquiries)
      .set({ ...Object.fromEntries(changed.map((key) => [key, facts[key] ?? null])), updatedAt: new Date() })
      .where(eq(inquiries.id, current.id))
      .returning(inquiryColumns);
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'inquiry.contract_facts_updated',
      targetType: 'inquiry',
      targetId: current.id,
      details: {
        role: viewer.role,
        status: current.status,
        before: Object.fromEntries(changed.map((key) => [key, current[key] ?? null])),
        after: Object.fromEntries(changed.map((key) => [key, row![key] ?? null])),
      },
    });
    return row!;
  });
}

/** Soft-deletes a draft (409 for any other status); services/documents.ts `deleteDraftWithDocuments` removes its documents with it. */
export async function deleteDraft(db: DbOrTx, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await readableInquiry(tx, viewer, id, { forUpdate: true });
    if (!isDeletableByAdvertiser(current.status)) throw problem(409, messages.notDeletable);
    await tx.update(inquiries).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(inquiries.id, current.id));
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'inquiry.deleted', targetType: 'inquiry', targetId: current.id });
  });
}

export interface StatusChangeOutcome {
  row: InquiryRow;
  /** Set when the move debited the listing's cost (validation). */
  debited?: { cost: number; balance: number };
}

/**
 * An admin's status move, as the domain's machine allows it (409 otherwise). The listing's row
 * is locked first, so two validations of one listing cannot both pass; validation appends the
 * `-cost` ledger line (reference `inquiry-validation:<id>`, organisation row locked, CHECK
 * balance >= 0) in the same transaction: racing validations never overdraw nor debit twice.
 * `reasonFor(effect)` returns the refusal reason when the move requires one (throwing a 422).
 */
export async function changeInquiryStatus(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  target: InquiryStatus,
  reasonFor: () => string,
): Promise<StatusChangeOutcome> {
  return db.transaction(async (tx) => {
    const current = await readableInquiry(tx, viewer, id, { forUpdate: true });
    const error = transitionError(current.status, target, viewer.role);
    if (error) throw problem(409, error, { type: PROBLEM_TYPES.statusTransition });
    const effect = transitionEffect(current.status, target);
    const reason = effect.requiresReason ? reasonFor() : current.rejectionReason;
    let debited: StatusChangeOutcome['debited'];
    if (effect.debitsCost) {
      const cost = current.cost ?? listingCharge(current.type, current.quantity);
      const result = await appendLedgerLine(tx, {
        organizationId: current.organizationId,
        kind: 'LISTING_VALIDATION',
        amount: -cost,
        reference: `inquiry-validation:${current.id}`,
        inquiryId: current.id,
        actorUserId: viewer.userId,
      });
      debited = { cost, balance: result.balance };
    }
    const now = new Date();
    const [row] = await tx
      .update(inquiries)
      .set({
        status: target,
        rejectionReason: target === 'REJECTED' ? reason : current.rejectionReason,
        ...(target === 'APPROVED' ? { validatedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(inquiries.id, current.id))
      .returning(inquiryColumns);
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'inquiry.status_changed',
      targetType: 'inquiry',
      targetId: current.id,
      details: { from: current.status, to: target, ...(target === 'REJECTED' ? { reason } : {}), ...(debited ? { debited: debited.cost } : {}) },
    });
    return debited ? { row: row!, debited } : { row: row! };
  });
}

/**
 * Locks every listing of an organisation, before renaming it: the rename trigger (migration
 * 0005) rewrites their copy of the name, and taking the listings before the organisation row is
 * the order a validation takes them in (listing, then organisation), so the two never deadlock.
 */
export async function lockOrganizationListings(tx: Tx, organizationId: string): Promise<void> {
  await tx
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(eq(inquiries.organizationId, organizationId))
    .orderBy(inquiries.id)
    .for('update');
}

/**
 * The listing read cache (README "Hot path"), next to the sessions' (src/plugins/app/auth.ts):
 * a listing's answer JSON with its organisation, per id, dropped by the listing's change
 * announcements (src/db/read-cache.ts). The viewer is checked on every read, cached or not.
 * Create it once per app (it registers with the change feed).
 */
export function listingReadCache(app: Pick<FastifyInstance, 'readCache'>) {
  const listings = app.readCache<{ organizationId: string; json: string }>({ name: 'listings', maxEntries: 20_000, ttlMs: 60_000 });
  const tagsOf = (id: string) => [`inquiry:${id}`];
  const answer = (row: InquiryRow) => ({ organizationId: row.organizationId, json: JSON.stringify(toInquiry(row)) });
  return {
    /** The listing as answered (JSON), or the 404 of `readableInquiry`. */
    async readJson(db: DbOrTx, viewer: Pick<Viewer, 'role' | 'organizationId'>, id: string): Promise<string> {
      const listing = await listings.read(id, async () => answer(await readableInquiry(db, viewer, id)), () => tagsOf(id));
      if (!listing || !mayReadInquiry(viewer, listing.organizationId)) throw problem(404, messages.listingNotFound);
      return listing.json;
    },

    /**
     * A list's page as answered (a JSON array), from the listings' ids in the list's order: the
     * answers kept in memory as they are, the others from `rowsOf(missing)` (one statement), then
     * kept. A listing the viewer may not see, or gone since its id was read, is left out.
     */
    async listJson(viewer: Pick<Viewer, 'role' | 'organizationId'>, ids: readonly string[], rowsOf: (ids: readonly string[]) => Promise<InquiryRow[]>): Promise<string> {
      const values = await listings.readMany(
        ids,
        async (missing) => new Map((await rowsOf(missing)).map((row) => [row.id, answer(row)])),
        (id) => tagsOf(id),
      );
      const parts: string[] = [];
      for (const value of values) if (value && mayReadInquiry(viewer, value.organizationId)) parts.push(value.json);
      return `[${parts.join(',')}]`;
    },

    /**
     * `readJson` for a caller not authenticated yet (GET /inquiries/{id}): when neither the
     * session nor the listing is in memory, the session check and the listing read are one
     * statement (`app.authenticateWith`); else the check, then `readJson`. The viewer is checked
     * on every read, as `readJson` does.
     */
    async authenticateAndReadJson(
      db: DbOrTx,
      authenticateWith: FastifyInstance['authenticateWith'],
      request: FastifyRequest,
      id: string,
    ): Promise<string> {
      if (!isUuid(id) || listings.has(id)) {
        await authenticateWith(request);
        return this.readJson(db, request.auth, id);
      }
      const mark = listings.mark();
      const joined = await authenticateWith(request, async (sessionId) => {
        const [found] = await sessionWithListing(db).execute({ sessionId, id });
        if (!found) return { session: undefined, read: undefined };
        const { listing, ...session } = found;
        return { session, read: listing?.id ? (listing as InquiryRow) : undefined };
      });
      if (!joined) return this.readJson(db, request.auth, id);
      const row = joined.read;
      if (!row || !mayReadInquiry(request.auth, row.organizationId)) throw problem(404, messages.listingNotFound);
      const listing = answer(row);
      listings.offer(id, listing, tagsOf(id), mark);
      return listing.json;
    },
  };
}

/** The session check (placeholder `sessionId`) and the live listing `id` in one statement; `listing` null when there is none in the scope. */
export function sessionWithListing(db: DbOrTx) {
  return prepared(db, 'auth_session_inquiry_by_id', (db, name) =>
    db
      .select({ ...sessionColumns, listing: inquiryColumns })
      .from(sessionFamilies)
      .innerJoin(users, eq(users.id, sessionFamilies.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(inquiries, and(eq(inquiries.id, sql.placeholder('id')), isNull(inquiries.deletedAt)))
      .where(eq(sessionFamilies.id, sql.placeholder('sessionId')))
      .prepare(name),
  );
}

export type ListingReadCache = ReturnType<typeof listingReadCache>;
