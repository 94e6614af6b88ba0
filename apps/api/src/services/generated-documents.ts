// Documents the platform generates (issue 11), stored with the listing as PLATFORM documents
// ('Envoyés'):
// - DOUBT_CLEARING_LETTER: the listing's own letter; moves it APPROVED -> DOUBT_CLEARED;
// - PRE_CONTRACT: about a match (ACCEPTED or DONE); a copy on both listings; each listing of the
//   pair in SITE_FOUND moves to PRE_CONTRACT_SIGNED (the one asked for must be SITE_FOUND);
// - TRANSFER_CONTRACT: about a match; a copy on both listings; the listing asked for must be
//   PRE_CONTRACT_SIGNED or PROCESSED; no move; refused (409 `contractFactsMissing`) while a fact
//   it states is missing on either side (issue 19, `assertContractFacts`).
// Idempotent: a document of that kind (and match) already on the listing is answered as it is,
// nothing is generated or moved again. The check runs again under the listings' row locks (id
// order), and `documents_generated_unique` backs it, so two clicks at once make one document.
// The PDF is written to storage before the transaction and removed if the transaction does not
// keep it.
import { Readable } from 'node:stream';
import {
  DEFAULT_SOIL_DENSITY_T_PER_M3,
  LISTING_FIELDS,
  departureWeight,
  fillTemplate,
  receivedWeight,
  transferBalance,
  contractFactsMissingMessage,
  matchingMessages,
  PROBLEM_TYPES,
  statusLabel,
  transferMissingContractFacts,
  transitionError,
  type GeneratedDocumentKind,
  type InquiryStatus,
  type LoadStatus,
  type MatchResult,
  messages,
} from '@terres/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { documents, inquiries, loads, organizations, transfers } from '../db/schema.js';
import type { FileStorage } from '../files/storage.js';
import { fileNameSlug } from '../http/attachment.js';
import { problem } from '../http/problem.js';
import type { LoadedCode, PartyOrganization, RecordedLoad, TransferParties } from '../pdf/transfer.js';
import type { HeavyTask } from '../heavy/tasks.js';
import { insertDocument, type DocumentRow } from './documents.js';
import { claimStorageKey, reserveStorageKey } from './stored-files.js';
import { changeInquiryStatus, inquiryColumns, readableInquiry, type InquiryRow, type Viewer } from './inquiries.js';
import { agreedMatchesOf, findMatch, lockListings, type MatchRow } from './matches.js';

/** The status a listing must have for each kind (when its document does not exist yet), and where it goes. */
const RULES: Record<GeneratedDocumentKind, { from: readonly InquiryStatus[]; to: InquiryStatus | null; needsMatch: boolean }> = {
  DOUBT_CLEARING_LETTER: { from: ['APPROVED'], to: 'DOUBT_CLEARED', needsMatch: false },
  PRE_CONTRACT: { from: ['SITE_FOUND'], to: 'PRE_CONTRACT_SIGNED', needsMatch: true },
  TRANSFER_CONTRACT: { from: ['PRE_CONTRACT_SIGNED', 'PROCESSED'], to: null, needsMatch: true },
};

const FILE_PREFIX: Record<GeneratedDocumentKind, string> = {
  DOUBT_CLEARING_LETTER: 'lettre-levee-de-doute',
  PRE_CONTRACT: 'pre-contrat',
  TRANSFER_CONTRACT: 'contrat-de-cession',
};

/** 'pre-contrat-zac-du-ried.pdf': the kind and the project, without accents. */
export function generatedFileName(kind: GeneratedDocumentKind, projectName: string): string {
  const slug = fileNameSlug(projectName, 80);
  return `${FILE_PREFIX[kind]}${slug ? `-${slug}` : ''}.pdf`;
}

async function liveGenerated(db: DbOrTx, inquiryId: string, kind: GeneratedDocumentKind, matchId: string | null): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.inquiryId, inquiryId),
        eq(documents.kind, kind),
        isNull(documents.deletedAt),
        matchId === null ? isNull(documents.matchId) : eq(documents.matchId, matchId),
      ),
    );
  return row;
}

async function organizationsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PartyOrganization>> {
  const rows = await db.select().from(organizations).where(inArray(organizations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The match a pre-contract or contract is about: the one named, or the listing's only agreed one. */
async function matchFor(db: DbOrTx, listing: InquiryRow, matchId: string | undefined): Promise<MatchRow> {
  if (matchId !== undefined) {
    const match = await findMatch(db, matchId);
    if (match.cutInquiryId !== listing.id && match.fillInquiryId !== listing.id) throw problem(404, matchingMessages.matchNotFound);
    if (match.status !== 'ACCEPTED' && match.status !== 'DONE') throw problem(409, matchingMessages.generationNeedsMatch);
    return match;
  }
  const agreed = await agreedMatchesOf(db, listing.id);
  if (agreed.length === 0) throw problem(409, matchingMessages.generationNeedsMatch);
  if (agreed.length > 1) throw problem(409, matchingMessages.generationMatchAmbiguous);
  return agreed[0]!;
}

export interface GenerationOutcome {
  /** The document on the listing asked for. */
  document: DocumentRow;
  /** False when it existed already (nothing was generated, nothing moved). */
  created: boolean;
  /** Listings whose status moved, after the move. */
  moved: InquiryRow[];
  /** Every document created, with its listing (for the e-mails). */
  sent: { listing: InquiryRow; document: DocumentRow }[];
}

export async function generateDocument(
  db: DbOrTx,
  storage: FileStorage,
  viewer: Viewer,
  inquiryId: string,
  kind: GeneratedDocumentKind,
  options: {
    matchId?: string;
    now?: Date;
    /** Renders the PDF: `app.heavy.run` (a worker thread); by default in this thread. */
    render?: (task: HeavyTask) => Promise<Buffer>;
    /** The matching's configured soil density (t/m³): the documents' estimated tonnages. */
    soilDensityTonnesPerM3?: number;
  } = {},
): Promise<GenerationOutcome> {
  const now = options.now ?? new Date();
  const rule = RULES[kind];
  const listing = await readableInquiry(db, viewer, inquiryId);
  const match = rule.needsMatch ? await matchFor(db, listing, options.matchId) : null;
  const existing = await liveGenerated(db, listing.id, kind, match?.id ?? null);
  if (existing) return { document: existing, created: false, moved: [], sent: [] };
  if (!rule.from.includes(listing.status as InquiryStatus)) {
    throw problem(409, fillTemplate(matchingMessages.generationWrongStatus, { status: rule.from.map(statusLabel).join(' » ou « ') }));
  }

  // The PDF, from the listings as they are now (before the locks: rendering takes a while).
  const listingIds = match ? [match.cutInquiryId, match.fillInquiryId] : [listing.id];
  if (kind === 'TRANSFER_CONTRACT') await assertContractFacts(db, match!);
  const renderTask = options.render ?? (async (task: HeavyTask) => (await import('../heavy/tasks.js')).runHeavyTask(task));
  const density = options.soilDensityTonnesPerM3 ?? DEFAULT_SOIL_DENSITY_T_PER_M3;
  const { pdf, parties } = await render(db, kind, listingIds, match, now, renderTask, density);
  // Each key is queued for removal before its file exists and claimed with its row: a crash in
  // between leaves an orphan the sweep removes (services/stored-files.ts).
  const keys = await Promise.all(parties.map(() => reserveStorageKey(db)));
  const written = await Promise.all(keys.map((key) => storage.save(Readable.from(pdf), key)));
  const kept = new Set<string>();
  try {
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockListings(tx, listingIds);
      const own = locked.get(listing.id);
      if (!own) throw problem(404, messages.listingNotFound);
      const already = await liveGenerated(tx, listing.id, kind, match?.id ?? null);
      if (already) return { document: already, created: false, moved: [], sent: [] } satisfies GenerationOutcome;
      if (!rule.from.includes(own.status as InquiryStatus)) {
        throw problem(409, fillTemplate(matchingMessages.generationWrongStatus, { status: rule.from.map(statusLabel).join(' » ou « ') }));
      }
      const sent: GenerationOutcome['sent'] = [];
      for (const [index, party] of parties.entries()) {
        const current = locked.get(party.id);
        if (!current) continue;
        if (await liveGenerated(tx, current.id, kind, match?.id ?? null)) continue;
        const stored = written[index]!;
        await claimStorageKey(tx, stored.storageKey);
        const row = await insertDocument(tx, {
          inquiry: current,
          uploadedByUserId: viewer.userId,
          kind,
          source: 'PLATFORM',
          fileName: generatedFileName(kind, current.projectName),
          stored,
          matchId: match?.id ?? null,
        });
        kept.add(stored.storageKey);
        sent.push({ listing: current, document: row });
      }
      const moved: InquiryRow[] = [];
      if (rule.to) {
        for (const party of parties) {
          const current = locked.get(party.id);
          if (!current || transitionError(current.status, rule.to, viewer.role) !== null) continue;
          // The listing asked for must move; its counterpart moves when it is at the same step.
          if (current.id !== listing.id && !rule.from.includes(current.status as InquiryStatus)) continue;
          const outcome = await changeInquiryStatus(tx, viewer, current.id, rule.to, () => '');
          moved.push(outcome.row);
        }
      }
      const document = sent.find((entry) => entry.listing.id === listing.id)?.document;
      if (!document) throw new Error('generated document missing');
      return { document, created: true, moved, sent } satisfies GenerationOutcome;
    });
    return outcome;
  } finally {
    for (const stored of written) if (!kept.has(stored.storageKey)) await storage.remove(stored.storageKey).catch(() => undefined);
  }
}

/**
 * The PDF of a kind for a listing (the letter) or a match (pre-contract, contract), rendered in
 * this thread, without storing it or moving any status: `scripts/render-transfer-documents.ts`
 * renders the demo's transfer documents with it, to look at them.
 */
export async function renderGeneratedPdf(db: DbOrTx, kind: GeneratedDocumentKind, target: { listingId: string } | { match: MatchRow }, soilDensityTonnesPerM3: number, now = new Date()): Promise<Buffer> {
  const renderTask = async (task: HeavyTask) => (await import('../heavy/tasks.js')).runHeavyTask(task);
  const listingIds = 'match' in target ? [target.match.cutInquiryId, target.match.fillInquiryId] : [target.listingId];
  return (await render(db, kind, listingIds, 'match' in target ? target.match : null, now, renderTask, soilDensityTonnesPerM3)).pdf;
}

async function render(
  db: DbOrTx,
  kind: GeneratedDocumentKind,
  listingIds: readonly string[],
  match: MatchRow | null,
  now: Date,
  renderTask: (task: HeavyTask) => Promise<Buffer>,
  soilDensityTonnesPerM3: number,
): Promise<{ pdf: Buffer; parties: { id: string }[] }> {
  const rows = await readListings(db, listingIds);
  const orgs = await organizationsOf(db, [...new Set([...rows.values()].map((row) => row.organizationId))]);
  const party = (id: string) => {
    const row = rows.get(id);
    if (!row) throw problem(404, messages.listingNotFound);
    return { listing: row, organization: orgs.get(row.organizationId)! };
  };
  if (kind === 'DOUBT_CLEARING_LETTER') {
    const declaredDocuments = await db
      .select({ kind: documents.kind, fileName: documents.fileName })
      .from(documents)
      .where(and(eq(documents.inquiryId, listingIds[0]!), eq(documents.source, 'ADVERTISER'), isNull(documents.deletedAt)));
    return {
      pdf: await renderTask({ kind: 'doubt-clearing-letter-pdf', party: { ...party(listingIds[0]!), declaredDocuments }, issuedOn: now }),
      parties: [{ id: listingIds[0]! }],
    };
  }
  const m = match!;
  const loaded = await loadedFacts(db, m.id, soilDensityTonnesPerM3);
  const transfer: TransferParties = {
    producer: party(m.cutInquiryId),
    receiver: party(m.fillInquiryId),
    matchId: m.id,
    transferId: loaded.transferId,
    figures: m.figures as unknown as MatchResult,
    movedVolumeM3: m.movedVolumeM3,
    transferDate: m.transferDate,
    transferEndDate: m.transferEndDate,
    soilDensityTonnesPerM3,
    loadedCodes: loaded.codes,
    carriers: loaded.carriers,
    loads: loaded.loads,
  };
  const pdf = await renderTask({ kind: kind === 'PRE_CONTRACT' ? 'pre-contract-pdf' : 'transfer-contract-pdf', parties: transfer, issuedOn: now });
  return { pdf, parties: [{ id: m.cutInquiryId }, { id: m.fillInquiryId }] };
}

/**
 * The match's transfer (its id numbers the lots) and, once the match is DONE through loads, what
 * its accepted loads measured per waste code (weighed tonnes REEL, the rest estimated at the
 * density) and the carriers that drove them. Nothing before DONE: a contract signed earlier
 * states the volumes planned.
 */
async function loadedFacts(
  db: DbOrTx,
  matchId: string,
  soilDensityTonnesPerM3: number,
): Promise<{ transferId: string | null; codes: LoadedCode[]; carriers: string[]; loads: RecordedLoad[] }> {
  const [transfer] = await db.select({ id: transfers.id, expectedVolumeM3: transfers.expectedVolumeM3, status: transfers.status }).from(transfers).where(eq(transfers.matchId, matchId));
  if (!transfer) return { transferId: null, codes: [], carriers: [], loads: [] };
  const rows = await db.select().from(loads).where(eq(loads.transferId, transfer.id)).orderBy(asc(loads.departedAt), asc(loads.number));
  const carrierOf = (row: (typeof rows)[number]) => {
    const snapshot = row.carrierSnapshot as { name?: unknown; siret?: unknown; identifier?: unknown };
    const id = typeof snapshot.siret === 'string' ? `SIRET ${snapshot.siret}` : typeof snapshot.identifier === 'string' ? snapshot.identifier : '';
    return [typeof snapshot.name === 'string' ? snapshot.name : '', id].filter(Boolean).join(', ');
  };
  // The register's lines: a load that left (in transit or accepted) is a line, by its number.
  const recorded: RecordedLoad[] = rows
    .filter((row) => row.status === 'ACCEPTED' || row.status === 'IN_TRANSIT')
    .map((row) => {
      const weight = row.status === 'ACCEPTED' ? receivedWeight(row, { soilDensityTonnesPerM3 }) : departureWeight(row, { soilDensityTonnesPerM3 });
      return {
        number: row.number,
        wasteCode: row.wasteCode,
        status: row.status as 'ACCEPTED' | 'IN_TRANSIT',
        departedAt: row.departedAt.toISOString(),
        carrier: carrierOf(row),
        volumeM3: row.status === 'ACCEPTED' ? (row.receivedVolumeM3 ?? row.volumeM3) : row.volumeM3,
        tonnes: weight.tonnes,
        weighed: !weight.estimated,
      };
    });
  const carriers = [...new Set(recorded.map((load) => load.carrier).filter((label) => label !== ''))].sort();
  // The moved quantities: only once the transfer is closed (the match DONE with them).
  if (transfer.status !== 'CLOSED') return { transferId: transfer.id, codes: [], carriers, loads: recorded };
  const balance = transferBalance(
    transfer.expectedVolumeM3,
    rows.map((row) => ({
      id: row.id,
      version: row.version,
      status: row.status as LoadStatus,
      wasteCode: row.wasteCode,
      volumeM3: row.volumeM3,
      weightTonnes: row.weightTonnes,
      departedAt: row.departedAt.toISOString(),
      receivedAt: row.receivedAt?.toISOString() ?? null,
      receivedVolumeM3: row.receivedVolumeM3,
      receivedWeightTonnes: row.receivedWeightTonnes,
    })),
    { soilDensityTonnesPerM3 },
  );
  const codes = balance.byWasteCode
    .filter((code) => code.acceptedCount > 0)
    .map((code) => ({
      wasteCode: code.wasteCode,
      receivedVolumeM3: code.receivedVolumeM3,
      realTonnes: code.receivedWeight.realTonnes,
      estimatedTonnes: code.receivedWeight.estimatedTonnes,
    }));
  return { transferId: transfer.id, codes, carriers, loads: recorded };
}

/**
 * The contract is not generated while a fact it states is missing on either side (issue 19):
 * 409 `contractFactsMissing`, its detail naming each fact and side, `missing` listing them
 * (side, field as the wire names it, label). The pre-contract is generated without them and
 * names what is still to complete. Checked before rendering, outside the listings' locks: a fact
 * cleared in between prints « À compléter » in that contract, never a wrong fact; a contract
 * already generated is answered as it is (checked first).
 */
async function assertContractFacts(db: DbOrTx, match: MatchRow): Promise<void> {
  const rows = await readListings(db, [match.cutInquiryId, match.fillInquiryId]);
  const cut = rows.get(match.cutInquiryId);
  const fill = rows.get(match.fillInquiryId);
  if (!cut || !fill) throw problem(404, messages.listingNotFound);
  const missing = transferMissingContractFacts(cut, fill);
  if (missing.length === 0) return;
  throw problem(409, contractFactsMissingMessage(missing), {
    type: PROBLEM_TYPES.contractFactsMissing,
    extensions: { missing: missing.map((fact) => ({ side: fact.side, field: LISTING_FIELDS[fact.field].wire, label: fact.label })) },
  });
}

async function readListings(db: DbOrTx, ids: readonly string[]): Promise<Map<string, InquiryRow>> {
  const rows = await db
    .select(inquiryColumns)
    .from(inquiries)
    .where(and(inArray(inquiries.id, [...ids]), isNull(inquiries.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}
