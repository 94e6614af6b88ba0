// The tables, as drizzle sees them. `pnpm db:generate` turns changes here into the next numbered
// SQL migration in `drizzle/`; keep to SQL that both PostgreSQL 15 and PGlite (PG 18) accept.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Who did what to which record: admin actions, status changes, credit grants... Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    // gen_random_uuid() is built into PostgreSQL since 13, and into PGlite.
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_target_idx').on(table.targetType, table.targetId)],
);

// ---------------------------------------------------------------------------------------------
// Identity and organisations (issue 3). Constraints live in the database, not only in code.

/** An advertiser organisation. `creditBalance` is a cache of the ledger's sum, updated in the
 * same transaction as each ledger line and guarded by a CHECK so it can never go below 0. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    registrationNumber: text('registration_number').notNull(),
    legalForm: text('legal_form').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull().default('France'),
    email: text('email'),
    officePhoneNumber: text('office_phone_number'),
    mobilePhoneNumber: text('mobile_phone_number'),
    representativeFirstName: text('representative_first_name'),
    representativeLastName: text('representative_last_name'),
    representativePosition: text('representative_position'),
    representativeEmail: text('representative_email'),
    representativePhoneNumber: text('representative_phone_number'),
    verified: boolean('verified').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    creditBalance: integer('credit_balance').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the admin's quick search reads: name, e-mail, SIRET and representative, folded by
     * `terres_fold` (lower case, no accents; migration 0005) after a leading space, as
     * `inquiries.search_text`. Kept by PostgreSQL itself. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`' ' || terres_fold(name || ' ' || coalesce(email, '') || ' ' || registration_number || ' ' || coalesce(representative_first_name, '') || ' ' || coalesce(representative_last_name, ''))`,
    ),
    /** The name as people sort it (`terres_fold(name)`, migration 0006): folding at query
     * time costs a sort of 2 000 names about 30 ms. Kept by PostgreSQL itself. */
    nameKey: text('name_key').generatedAlwaysAs(sql`terres_fold(name)`),
  },
  (table) => [
    check('organizations_credit_balance_non_negative', sql`${table.creditBalance} >= 0`),
    // The admin table's default order: by name as people read it (accents and case folded,
    // whatever the database's collation), then as written, then by id.
    index('organizations_name_idx').on(table.nameKey, table.name, table.id),
    // Two active organisations cannot share a SIRET (issue 12); an archived one frees it. The
    // API answers the violation with a 409 (plugins/app/problems.ts), so racing requests give
    // one success and one conflict.
    uniqueIndex('organizations_siret_active_unique').on(table.registrationNumber).where(sql`${table.archivedAt} is null`),
    // The archived ones, by id (migration 0029): matching's prefilter leaves their listings out
    // with one probe of this small index per candidate, the table not read.
    index('organizations_archived_idx').on(table.id).where(sql`${table.archivedAt} is not null`),
  ],
);

/** Users of every role. ADMIN has no organisation; OWNER has at most one organisation and an
 * organisation has at most one OWNER (partial unique index); EMPLOYEE always has one. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /**
     * The address as looked up: lower-cased by PostgreSQL. A plain equality on it uses its unique
     * index under row-level security, where `lower(email) = $1` (a function the planner may not
     * run before the policy) scanned the whole table at every sign-in.
     */
    emailKey: text('email_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(email)`),
    role: text('role').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key_unique').on(table.emailKey),
    uniqueIndex('users_one_owner_per_organization')
      .on(table.organizationId)
      .where(sql`${table.role} = 'OWNER'`),
    index('users_organization_idx').on(table.organizationId),
    check('users_role_values', sql`${table.role} in ('ADMIN', 'OWNER', 'EMPLOYEE')`),
    check('users_admin_has_no_organization', sql`${table.role} <> 'ADMIN' or ${table.organizationId} is null`),
    check('users_employee_has_organization', sql`${table.role} <> 'EMPLOYEE' or ${table.organizationId} is not null`),
  ],
);

/** One-time sign-in codes, stored only as an HMAC of the code with the server secret. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(), // lower-cased
    purpose: text('purpose').notNull(), // LOGIN, REGISTER, INVITATION
    codeHash: text('code_hash').notNull(),
    invitationId: uuid('invitation_id'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    requestIp: text('request_ip'),
    /** The known device (device cookie) whose budget the code belongs to; null: the strangers'. */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_codes_email_idx').on(table.email, table.createdAt),
    check('one_time_codes_purpose_values', sql`${table.purpose} in ('LOGIN', 'REGISTER', 'INVITATION')`),
    check('one_time_codes_attempts_range', sql`${table.failedAttempts} between 0 and 5`),
  ],
);

/** Refresh tokens, stored as hashes. Each sign-in starts a family; every refresh rotates the
 * token inside its family; presenting an already rotated token revokes the whole family (after
 * the grace window of a rotation, or when its successor was rotated too). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The token that replaced this one at its rotation (the grace window answers it again). */
    replacedById: uuid('replaced_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

/** A session family: what an access token points to, so that revocation is immediate. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('session_families_user_idx').on(table.userId)],
);

/** Invitations of collaborators by an organisation's owner. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    email: text('email').notNull(), // lower-cased
    invitedByUserId: uuid('invited_by_user_id').notNull().references(() => users.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_active_unique')
      .on(table.organizationId, table.email)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * Every invitation e-mail sent (an invitation or a resend), counted in the database so that
 * several API processes share the limits (src/services/invitation-emails.ts).
 */
export const invitationEmails = pgTable(
  'invitation_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    email: text('email').notNull(), // lower-cased
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invitation_emails_organization_idx').on(table.organizationId, table.email, table.sentAt)],
);

/** Append-only credit ledger. The organisation's balance is the sum of its lines. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    kind: text('kind').notNull(), // PURCHASE, ADMIN_GRANT, LISTING_VALIDATION
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference').notNull(),
    inquiryId: uuid('inquiry_id'),
    actorUserId: uuid('actor_user_id'),
    /** The admin's reason for an ADMIN_GRANT (issue 21, 0031); null on other lines and older grants. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_ledger_reference_unique').on(table.reference),
    index('credit_ledger_organization_idx').on(table.organizationId, table.createdAt),
    check('credit_ledger_kind_values', sql`${table.kind} in ('PURCHASE', 'ADMIN_GRANT', 'LISTING_VALIDATION')`),
    check('credit_ledger_amount_not_zero', sql`${table.amount} <> 0`),
    check('credit_ledger_balance_after_non_negative', sql`${table.balanceAfter} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Listings, documents, credit packs, purchases and invoices (issue 4).

/** One material line of a listing, as stored (camelCase inside the JSON column). */
export interface StoredMaterial {
  materialName: string;
  groundComposition: string;
  quantity: number;
  price: number;
  /** Soil quality class (domain `QUALITY_CLASSES`); rows saved before migration 0007 got 'UNKNOWN'. */
  qualityClass?: string;
  /** TEXS waste code ('17 05 04'…), null when not given. */
  wasteCode?: string | null;
  /** POP declared (domain `POP_DECLARATIONS`); rows saved before 2026-11-27 have none: read as 'UNKNOWN' (no migration). */
  pop?: string;
}

/**
 * The statuses whose listings take part in matching, as the SQL of the matching indexes writes
 * them: validated and not yet processed (domain `MATCHABLE_STATUSES`; the test pins both).
 */
const MATCHABLE_STATUSES_SQL = sql.raw(`'APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED'`);

/** A listing (annonce): soil to remove (CUT) or to receive (FILL). Soft-deleted drafts keep
 * their row (`deleted_at`) so nothing an organisation uploaded is ever lost silently. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    userId: uuid('user_id').notNull().references(() => users.id),
    type: text('type').notNull(),
    status: text('status').notNull().default('DRAFT'),
    projectName: text('project_name').notNull(),
    projectOwnerFirstName: text('project_owner_first_name'),
    projectOwnerLastName: text('project_owner_last_name'),
    projectOwnerStreet: text('project_owner_street'),
    projectOwnerPostcode: text('project_owner_postcode'),
    projectOwnerCity: text('project_owner_city'),
    projectOwnerSiret: text('project_owner_siret'),
    /** The project owner's raison sociale (optional, 2026-11-27). */
    projectOwnerCompanyName: text('project_owner_company_name'),
    siteAddress: text('site_address'),
    siteLatitude: doublePrecision('site_latitude'),
    siteLongitude: doublePrecision('site_longitude'),
    parcelNumbers: jsonb('parcel_numbers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The surface in hectares (the spec calls it `quantity`). */
    quantity: doublePrecision('quantity'),
    materials: jsonb('materials').$type<StoredMaterial[]>().notNull().default(sql`'[]'::jsonb`),
    groundTypeUnknown: boolean('ground_type_unknown').notNull().default(false),
    soilStudyDelegation: boolean('soil_study_delegation').notNull().default(false),
    acceptCertification: boolean('accept_certification').notNull().default(false),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** The soil facts of the transfer contract (issue 19, migration 0021): optional. */
    sisIdentifier: text('sis_identifier'),
    analysisReferences: text('analysis_references'),
    soilPreparer: text('soil_preparer'),
    permitReference: text('permit_reference'),
    permitDate: date('permit_date'),
    /** Credits, computed by the server with the domain's inquiryCost. */
    cost: integer('cost'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The organisation's name, copied by triggers (migration 0005) when the listing is
     * created and whenever the organisation is renamed: lists, pins and search read it
     * without a join. Never written by the API. */
    organizationName: text('organization_name').notNull().default(''),
    /** Whether a SOIL_STUDY document (not deleted) is attached, kept by a trigger on documents
     * (migration 0006), so the soil-study table is an index scan. Never written by the API. */
    hasSoilStudyFile: boolean('has_soil_study_file').notNull().default(false),
    /** FILL only: the receiving site's use (domain `RECEIVING_USES`); null on a CUT and on
     * FILL listings saved before migration 0007 (read as the domain's legacy acceptance). */
    receivingUse: text('receiving_use'),
    /** FILL only: the quality classes and TEXS waste codes the receiving site accepts. */
    acceptedQualityClasses: jsonb('accepted_quality_classes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    acceptedWasteCodes: jsonb('accepted_waste_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The site's latitude band of 0.1° (⌊latitude × 10⌋), the first key of the matching indexes
     * (migration 0029): a search names the bands of its radius box. Kept by PostgreSQL itself. */
    matchBand: smallint('match_band').generatedAlwaysAs(sql`floor(site_latitude * 10)::smallint`),
    /** What the quick search reads: project name, site address, project owner names and the
     * organisation's name, folded by `terres_fold` (lower case, no accents) after a leading
     * space, so ' ly' finds words that start with 'ly'. Kept by PostgreSQL itself. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`' ' || terres_fold(project_name || ' ' || coalesce(site_address, '') || ' ' || coalesce(project_owner_first_name, '') || ' ' || coalesce(project_owner_last_name, '') || ' ' || organization_name)`,
    ),
  },
  (table) => [
    index('inquiries_organization_idx').on(table.organizationId, table.createdAt),
    // Counts by status and type (the lists' totals) as index-only scans of a small index.
    index('inquiries_status_type_idx').on(table.status, table.type).where(sql`${table.deletedAt} is null`),
    // The lists' orders, with the filtered columns, so that a page (and a deep page's skipped
    // rows) is an index-only scan. Backward scans serve the descending orders.
    index('inquiries_created_idx').on(table.createdAt, table.id, table.status, table.type).where(sql`${table.deletedAt} is null`),
    index('inquiries_updated_idx').on(table.updatedAt, table.id, table.status, table.type).where(sql`${table.deletedAt} is null`),
    index('inquiries_start_date_idx').on(table.startDate, table.id, table.status, table.type).where(sql`${table.deletedAt} is null`),
    // Map pins by bounding box, and the matching's nearest sites (KNN on the same point).
    index('inquiries_site_point_idx')
      .using('gist', sql`point(${table.siteLongitude}, ${table.siteLatitude})`)
      .where(sql`${table.deletedAt} is null and ${table.siteLatitude} is not null and ${table.siteLongitude} is not null`),
    // Matching's prefilter (docs/matching.md "Matching at scale"): one B-tree index per type over
    // the listings that can match (validated, not processed, located, with a valid period and at
    // least one material line), on (latitude band, longitude, latitude, start, end). A search for
    // the other type's candidates within a radius box whose period overlaps is one index descent
    // per band of the box (migration 0029), each reading the box's longitudes; the latitude and
    // the dates are checked on the index tuples, the table is read for the candidates only.
    // B-tree, not GiST (migration 0016): its smallint, float and date comparisons are leakproof,
    // so row-level security leaves them in the index.
    index('inquiries_match_cut_idx')
      .on(table.matchBand, table.siteLongitude, table.siteLatitude, table.startDate, table.endDate)
      .where(
        sql`${table.type} = 'CUT' and ${table.deletedAt} is null and ${table.status} in (${MATCHABLE_STATUSES_SQL}) and ${table.siteLatitude} is not null and ${table.siteLongitude} is not null and ${table.startDate} <= ${table.endDate} and jsonb_array_length(${table.materials}) > 0`,
      ),
    index('inquiries_match_fill_idx')
      .on(table.matchBand, table.siteLongitude, table.siteLatitude, table.startDate, table.endDate)
      .where(
        sql`${table.type} = 'FILL' and ${table.deletedAt} is null and ${table.status} in (${MATCHABLE_STATUSES_SQL}) and ${table.siteLatitude} is not null and ${table.siteLongitude} is not null and ${table.startDate} <= ${table.endDate} and jsonb_array_length(${table.materials}) > 0`,
      ),
    // The newest deletion, at once: part of the map pins' version (GET /inquiries/pins).
    index('inquiries_deleted_idx').on(table.deletedAt).where(sql`${table.deletedAt} is not null`),
    // The soil-study table's rows (a delegation or a study file), in its order.
    index('inquiries_soil_studies_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and (${table.soilStudyDelegation} or ${table.hasSoilStudyFile})`),
    // Not declared here (drizzle cannot express it): inquiries_search_trgm_idx, a pg_trgm GIN
    // index on search_text created by migration 0005 when the extension is available.
    check('inquiries_type_values', sql`${table.type} in ('CUT', 'FILL')`),
    check(
      'inquiries_status_values',
      sql`${table.status} in ('DRAFT', 'PENDING_VALIDATION', 'APPROVED', 'REJECTED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED')`,
    ),
    check('inquiries_cost_non_negative', sql`${table.cost} is null or ${table.cost} >= 0`),
    check('inquiries_quantity_positive', sql`${table.quantity} is null or ${table.quantity} >= 0`),
    check(
      'inquiries_receiving_use_values',
      sql`${table.receivingUse} is null or ${table.receivingUse} in ('UNDER_BUILDING', 'COVERED_GREEN_SPACE', 'UNCOVERED_GREEN_SPACE', 'FOOD_GROWING', 'ROAD_WORKS', 'QUARRY_BACKFILL')`,
    ),
  ],
);

/**
 * A CUT and a FILL listing put in touch by an admin (issue 11). PROPOSED -> ACCEPTED or
 * DECLINED; ACCEPTED -> DONE or DECLINED (domain `matchTransitionError`). The figures at the
 * time of the proposal are frozen in `figures` (the domain's MatchResult); DONE records the
 * volume actually moved and the transfer day, which the national register export reads.
 */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cutInquiryId: uuid('cut_inquiry_id').notNull().references(() => inquiries.id),
    fillInquiryId: uuid('fill_inquiry_id').notNull().references(() => inquiries.id),
    status: text('status').notNull().default('PROPOSED'),
    proposedByUserId: uuid('proposed_by_user_id').references(() => users.id),
    /** m³ the pair can exchange at proposal time (figures.volume.matchedM3). */
    volumeM3: doublePrecision('volume_m3').notNull(),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    /** m³ actually moved, recorded when DONE. */
    movedVolumeM3: doublePrecision('moved_volume_m3'),
    /** The day the soil left the excavation site, recorded when DONE. */
    transferDate: date('transfer_date'),
    /** The day the last accepted load was received (DONE by closing the transfer, issue 18). */
    transferEndDate: date('transfer_end_date'),
    /** How the DONE volume was established: PLATFORM_TRANSFER (loads) or OUTSIDE_PLATFORM (typed). */
    doneSource: text('done_source'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open proposal per pair: a double click or a second admin gets a 409.
    uniqueIndex('matches_open_pair_unique')
      .on(table.cutInquiryId, table.fillInquiryId)
      .where(sql`${table.status} in ('PROPOSED', 'ACCEPTED')`),
    index('matches_cut_idx').on(table.cutInquiryId),
    index('matches_fill_idx').on(table.fillInquiryId),
    // The register export: processed transfers by day.
    index('matches_done_idx').on(table.transferDate).where(sql`${table.status} = 'DONE'`),
    check('matches_status_values', sql`${table.status} in ('PROPOSED', 'ACCEPTED', 'DECLINED', 'DONE')`),
    check('matches_distinct_listings', sql`${table.cutInquiryId} <> ${table.fillInquiryId}`),
    check('matches_volume_positive', sql`${table.volumeM3} > 0`),
    check('matches_moved_volume_positive', sql`${table.movedVolumeM3} is null or ${table.movedVolumeM3} > 0`),
    check('matches_done_recorded', sql`${table.status} <> 'DONE' or (${table.movedVolumeM3} is not null and ${table.transferDate} is not null)`),
    check('matches_done_source_values', sql`${table.doneSource} is null or ${table.doneSource} in ('PLATFORM_TRANSFER', 'OUTSIDE_PLATFORM')`),
  ],
);

/**
 * Matching alerts already sent, one row per listing, kind and Paris day: inserting the row is
 * what allows the e-mail (`on conflict do nothing`), so a listing's owners get at most one
 * alert of a kind a day, whatever the retries. VALIDATED: the listing's own count (and the
 * admins' best matches) at validation; NEW_COMPATIBLE: a newer validated listing fits it.
 */
export const matchAlerts = pgTable(
  'match_alerts',
  {
    inquiryId: uuid('inquiry_id').notNull().references(() => inquiries.id),
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    compatibleCount: integer('compatible_count').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.inquiryId, table.kind, table.day] }),
    check('match_alerts_kind_values', sql`${table.kind} in ('VALIDATED', 'NEW_COMPATIBLE')`),
  ],
);

/** A file attached to a listing, stored under $DATA_DIR/files/<storage_key>. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id').notNull().references(() => inquiries.id),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    uploadedByUserId: uuid('uploaded_by_user_id').notNull().references(() => users.id),
    kind: text('kind').notNull(),
    /** ADVERTISER: uploaded by the organisation ('Déposés'); PLATFORM: sent by an admin ('Envoyés'). */
    source: text('source').notNull().default('ADVERTISER'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The match a generated pre-contract or transfer contract is about (issue 11). */
    matchId: uuid('match_id').references(() => matches.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The file belongs to nothing any more (deleted, no load's ticket): queued in file_removals, out of the quota (issue 20). */
    fileReleasedAt: timestamp('file_released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('documents_storage_key_unique').on(table.storageKey),
    index('documents_inquiry_idx').on(table.inquiryId),
    check(
      'documents_kind_values',
      sql`${table.kind} in ('PERMISSION', 'SOIL_STUDY', 'OTHER', 'DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT', 'WEIGHBRIDGE_TICKET')`,
    ),
    // A generated document exists once per listing (and match): a retried click finds it.
    uniqueIndex('documents_generated_unique')
      .on(table.inquiryId, table.kind, sql`coalesce(${table.matchId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${table.deletedAt} is null and ${table.kind} in ('DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT')`),
    check('documents_source_values', sql`${table.source} in ('ADVERTISER', 'PLATFORM')`),
    check('documents_released_deleted', sql`${table.fileReleasedAt} is null or ${table.deletedAt} is not null`),
    index('documents_storage_use_idx')
      .on(table.organizationId)
      .where(sql`${table.fileReleasedAt} is null and ${table.source} = 'ADVERTISER'`),
    check('documents_size_range', sql`${table.size} > 0 and ${table.size} <= 5242880`),
  ],
);

/**
 * Files to remove from storage once due (issue 20): a released document's file (due at once), or
 * an upload's key reserved before its file is stored (due an hour later; the upload's transaction
 * deletes the line). `services/stored-files.ts` owns it; the sweep never removes a file that an
 * unreleased document names.
 */
export const fileRemovals = pgTable(
  'file_removals',
  {
    storageKey: text('storage_key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_removals_due_idx').on(table.dueAt)],
);

/** Credit packs sold to organisations. Prices in euro cents, excluding VAT. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credits: integer('credits').notNull(),
    priceCents: integer('price_cents').notNull(),
    recommended: boolean('recommended').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_packages_credits_positive', sql`${table.credits} > 0`),
    check('credit_packages_price_positive', sql`${table.priceCents} > 0`),
  ],
);

/** One purchase attempt of a pack; PAID exactly once, then credited through the ledger. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    packageId: uuid('package_id').notNull().references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('PENDING'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('purchases_provider_session_unique').on(table.provider, table.providerSessionId),
    index('purchases_organization_idx').on(table.organizationId),
    check('purchases_provider_values', sql`${table.provider} in ('SIMULATOR', 'STRIPE')`),
    check('purchases_status_values', sql`${table.status} in ('PENDING', 'PAID', 'CANCELLED')`),
    check('purchases_credits_positive', sql`${table.credits} > 0`),
  ],
);

/** Stripe events already handled: a redelivered event id is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Gapless invoice numbering: one counter row per year, incremented under a row lock. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull().default(0),
});

/** One invoice per paid purchase; seller and buyer identities are frozen at issue time. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    purchaseId: uuid('purchase_id').notNull().references(() => purchases.id),
    seller: jsonb('seller').$type<Record<string, string>>().notNull(),
    buyer: jsonb('buyer').$type<Record<string, string>>().notNull(),
    credits: integer('credits').notNull(),
    amountExclTaxCents: integer('amount_excl_tax_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(2000),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_year_sequence_unique').on(table.year, table.sequence),
    uniqueIndex('invoices_purchase_unique').on(table.purchaseId),
    index('invoices_organization_idx').on(table.organizationId),
    check('invoices_total_consistent', sql`${table.totalCents} = ${table.amountExclTaxCents} + ${table.vatCents}`),
  ],
);

/**
 * Per-IP request counters (src/auth/rate-limit.ts): one row per key (limit and address) and
 * fixed window, so every API process counts into the same rows. A row is useless once its
 * window and the next one are over (`expires_at`): pruned from time to time.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_expires_idx').on(table.expiresAt),
    check('rate_limit_counters_hits_positive', sql`${table.hits} > 0`),
  ],
);

// ── Transfers on site (issue 18; packages/domain/docs/transfers.md, apps/api/docs/transfers.md) ──

/**
 * An organisation's carriers (transporteurs). Edited in place (loads keep a copy of what the
 * register needs), never deleted: archived.
 */
export const carriers = pgTable(
  'carriers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    countryCode: text('country_code').notNull().default('FR'),
    siret: text('siret'),
    identifier: text('identifier'),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    transportMode: text('transport_mode').notNull().default('ROAD'),
    receiptNumber: text('receipt_number'),
    receiptDepartment: text('receipt_department'),
    receiptValidUntil: date('receipt_valid_until'),
    exemption: text('exemption'),
    /** The creation's Idempotency-Key: a retried creation finds its carrier. */
    idempotencyKey: text('idempotency_key'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('carriers_organization_idx').on(table.organizationId, table.name),
    uniqueIndex('carriers_active_identity_unique')
      .on(table.organizationId, sql`coalesce(${table.siret}, ${table.identifier})`)
      .where(sql`${table.archivedAt} is null`),
    uniqueIndex('carriers_idempotency_unique').on(table.organizationId, table.idempotencyKey),
    check('carriers_french_siret', sql`(${table.countryCode} = 'FR') = (${table.siret} is not null)`),
    check('carriers_receipt_or_exemption', sql`not (${table.receiptNumber} is not null and ${table.exemption} is not null)`),
    check('carriers_transport_mode_values', sql`${table.transportMode} in ('ROAD', 'RAIL', 'AIR', 'RIVER', 'SEA')`),
  ],
);

/**
 * The transfer of an ACCEPTED match, one per match, opened in the acceptance's transaction (and
 * by the migration for the matches accepted before). The parties' organisations are copied here
 * (a listing never changes organisation) so that row-level security needs no join. The digest
 * columns drive the receiving side's daily e-mail (services/transfer-digests.ts).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id').notNull().references(() => matches.id),
    cutOrganizationId: uuid('cut_organization_id').notNull().references(() => organizations.id),
    fillOrganizationId: uuid('fill_organization_id').notNull().references(() => organizations.id),
    status: text('status').notNull().default('OPEN'),
    expectedVolumeM3: doublePrecision('expected_volume_m3').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id),
    /** When the next digest of loads on their way is due (null: nothing to tell). */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /**
     * The running balance (migration 0023): what the loads commit of the expected volume, kept by
     * the trigger `loads_balance` (accepted loads at their received volume when given, loads in
     * transit at their departed one), read by the over-remaining check instead of every load.
     */
    receivedVolumeM3: numeric('received_volume_m3', { mode: 'number' }).notNull().default(0),
    inTransitVolumeM3: numeric('in_transit_volume_m3', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transfers_match_unique').on(table.matchId),
    index('transfers_cut_organization_idx').on(table.cutOrganizationId),
    index('transfers_fill_organization_idx').on(table.fillOrganizationId),
    index('transfers_digest_due_idx').on(table.digestDueAt).where(sql`${table.digestDueAt} is not null`),
    check('transfers_status_values', sql`${table.status} in ('OPEN', 'CLOSED', 'WITHDRAWN')`),
    check('transfers_expected_volume_positive', sql`${table.expectedVolumeM3} > 0`),
  ],
);

/**
 * One truck (or wagon, barge) of soil. The current departure lives here; each correction first
 * copies the replaced departure into `load_versions`. Never deleted (no DELETE grant).
 */
export const loads = pgTable(
  'loads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id').notNull().references(() => transfers.id),
    number: text('number').notNull(),
    status: text('status').notNull().default('IN_TRANSIT'),
    version: integer('version').notNull().default(1),
    overRemaining: boolean('over_remaining').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /** A hash of the creation's body: the same key with another body is a 409. */
    requestHash: text('request_hash'),
    departedAt: timestamp('departed_at', { withTimezone: true }).notNull(),
    carrierId: uuid('carrier_id').notNull().references(() => carriers.id),
    carrierSnapshot: jsonb('carrier_snapshot').$type<Record<string, unknown>>().notNull(),
    vehiclePlate: text('vehicle_plate').notNull(),
    wasteCode: text('waste_code').notNull(),
    volumeM3: doublePrecision('volume_m3').notNull(),
    weightTonnes: doublePrecision('weight_tonnes'),
    weighbridgeTicket: text('weighbridge_ticket'),
    ticketDocumentId: uuid('ticket_document_id').references(() => documents.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id),
    outcome: text('outcome'),
    refusalReason: text('refusal_reason'),
    receivedVolumeM3: doublePrecision('received_volume_m3'),
    receivedWeightTonnes: doublePrecision('received_weight_tonnes'),
    receptionIdempotencyKey: text('reception_idempotency_key'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loads_number_unique').on(table.number),
    uniqueIndex('loads_idempotency_unique').on(table.transferId, table.idempotencyKey),
    index('loads_transfer_idx').on(table.transferId, table.createdAt),
    check('loads_status_values', sql`${table.status} in ('IN_TRANSIT', 'ACCEPTED', 'REFUSED', 'CANCELLED')`),
    check('loads_outcome_values', sql`${table.outcome} is null or ${table.outcome} in ('ACCEPTED', 'REFUSED')`),
    check('loads_volume_positive', sql`${table.volumeM3} > 0`),
    check('loads_version_positive', sql`${table.version} >= 1`),
  ],
);

/** A load's departure as it was before each correction, with who replaced it and when. Append-only. */
export const loadVersions = pgTable(
  'load_versions',
  {
    loadId: uuid('load_id').notNull().references(() => loads.id),
    version: integer('version').notNull(),
    departedAt: timestamp('departed_at', { withTimezone: true }).notNull(),
    carrierId: uuid('carrier_id').notNull().references(() => carriers.id),
    carrierSnapshot: jsonb('carrier_snapshot').$type<Record<string, unknown>>().notNull(),
    vehiclePlate: text('vehicle_plate').notNull(),
    wasteCode: text('waste_code').notNull(),
    volumeM3: doublePrecision('volume_m3').notNull(),
    weightTonnes: doublePrecision('weight_tonnes'),
    weighbridgeTicket: text('weighbridge_ticket'),
    overRemaining: boolean('over_remaining').notNull().default(false),
    correctedBy: uuid('corrected_by').references(() => users.id),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (table) => [primaryKey({ columns: [table.loadId, table.version] })],
);

// ── The register's memory (issue 19; apps/api/docs/register.md) ──

/**
 * What each register export wrote, per register, declaring SIRET and line id: its content's
 * digest, whether it changed since, whether an ANNULER was written, and the line itself (an
 * ANNULER repeats it). Read and written only by the register export (system scope `register`).
 */
export const registerExportedLines = pgTable(
  'register_exported_lines',
  {
    register: text('register').notNull(),
    declarantSiret: text('declarant_siret').notNull(),
    publicId: text('public_id').notNull(),
    /** The organisation whose listing gave the line (CUT for outgoing, FILL for incoming). */
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    /** Day of the line (dispatch or reception), what a period's export covers. */
    day: date('day').notNull(),
    hash: text('hash').notNull(),
    modified: boolean('modified').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    firstExportedAt: timestamp('first_exported_at', { withTimezone: true }).notNull().defaultNow(),
    lastExportedAt: timestamp('last_exported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.register, table.declarantSiret, table.publicId] }),
    index('register_exported_lines_day_idx').on(table.register, table.declarantSiret, table.day),
    check('register_exported_lines_register_values', sql`${table.register} in ('outgoing', 'incoming')`),
  ],
);

/**
 * A notice to one user (issue 21, migration 0032): listed in the header of the user's app and
 * e-mailed at once or in the daily summary (src/services/notifications.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** A path inside the recipient's app. */
    link: text('link').notNull(),
    needsAction: boolean('needs_action').notNull().default(false),
    delivery: text('delivery').notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    index('notifications_digest_queue_idx').on(table.createdAt).where(sql`${table.delivery} = 'DIGEST' and ${table.emailedAt} is null`),
    check('notifications_kind_values', sql`${table.kind} in ('STATUS', 'MATCH', 'DOCUMENT', 'TRANSFER')`),
    check('notifications_delivery_values', sql`${table.delivery} in ('IMMEDIATE', 'DIGEST')`),
  ],
);

/** A user's e-mail mode for one kind; a kind without a row follows the domain's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('notification_preferences_kind_values', sql`${table.kind} in ('STATUS', 'MATCH', 'DOCUMENT', 'TRANSFER')`),
    check('notification_preferences_mode_values', sql`${table.mode} in ('IMMEDIATE', 'DIGEST')`),
  ],
);

/** One daily summary per user per Paris day, claimed before it is sent. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    itemCount: integer('item_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
