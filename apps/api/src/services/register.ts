// The national excavated-soil register export (issues 11 and 19; apps/api/docs/register.md): the
// lines of Trackdéchets' TEXS registers, one file per declaring SIRET.
//
// - A line per load (issue 18's loads): outgoing, every load that left (in transit or accepted),
//   dated by its departure; incoming, every accepted load, dated by its reception. Id = the load's
//   number (unique, stable, 14 characters); weight REEL when weighed, else ESTIME at the
//   configured density; transporter n°1 from the carrier copied on the load. A load corrected
//   after an export is written again with MODIFIER, one refused or cancelled with ANNULER.
// - A transfer done outside the platform (match DONE with a typed volume, no load) has no line:
//   the platform saw neither its haulier nor its weighings, and Trackdéchets refuses a line without
//   transporter; its producer declares it itself (console and portal say so beside the download).
// - POP: OUI/NON from the CUT lines' declarations (domain `registerPopOf`), empty with an `Erreur`
//   when a line of that code did not declare it.
// - Declarant: the listing's maître d'ouvrage when it has a SIRET, else its organisation (CUT
//   listing for the outgoing register, FILL for the incoming one); its « Raison sociale » is
//   `projectOwnerPartyName`, the name the contracts print.
// - « Motif » from the memory of what was exported (table register_exported_lines, migration 0020;
//   domain `registerMotifs`); a file that would repeat an id for one declarant is refused.
// - Admins read every line; an owner or employee reads its organisation's (outgoing: its CUT
//   listings; incoming: its FILL listings), the other party's name and site included (system
//   scope `register`, the organisation's side filtered in SQL).
import { createHash } from 'node:crypto';
import {
  departureWeight,
  incomingTexsRows,
  matchingMessages,
  outgoingTexsRows,
  parseWasteCode,
  projectOwnerPartyName,
  receivedWeight,
  registerPopOf,
  REGISTER_MAX_LINES,
  registerIssues,
  registerMotifs,
  repeatedPublicIds,
  splitAddressLabel,
  texsTransporterCells,
  texsTransporterColumns,
  texsTransporterIssues,
  todayInParis,
  wasteCodeOf,
  type Carrier,
  type ExportedRegisterLine,
  type ProcessedTransfer,
  type ReceiptExemption,
  type RegisterCompany,
  type RegisterSite,
  type TexsValue,
  type TransportMode,
  type WasteCode,
} from '@terres/domain';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Viewer } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { inquiries, loads, matches, organizations, registerExportedLines, transfers } from '../db/schema.js';
import { asSystem } from '../db/scope.js';
import { problem } from '../http/problem.js';
import { inquiryColumns, type InquiryRow } from './inquiries.js';

export type RegisterKind = 'outgoing' | 'incoming';
export type RegisterFormat = 'csv' | 'xlsx';


type OrganizationRow = typeof organizations.$inferSelect;

/** One line of a register file, with what to complete before the import (the `Erreur` column). */
export interface RegisterLine {
  declarantSiret: string;
  /** The organisation whose listing gave the line. */
  organizationId: string;
  /** 'YYYY-MM-DD': dispatch day (outgoing) or reception day (incoming). */
  day: string;
  row: Record<string, TexsValue>;
  errors: string[];
}

/** One declarant's file, as the heavy worker writes it. */
export interface RegisterFile {
  declarantSiret: string;
  fileName: string;
  lines: RegisterLine[];
}

const siretOf = (value: string) => value.replace(/\s+/g, '');

/** The party the register names: the maître d'ouvrage when it has a SIRET, else the organisation. */
function company(listing: InquiryRow, organization: OrganizationRow): RegisterCompany {
  const name = projectOwnerPartyName(listing as unknown as Record<string, unknown>);
  if (listing.projectOwnerSiret && name) {
    return {
      siret: siretOf(listing.projectOwnerSiret),
      name,
      street: listing.projectOwnerStreet ?? '',
      postcode: listing.projectOwnerPostcode ?? '',
      city: listing.projectOwnerCity ?? '',
    };
  }
  return { siret: siretOf(organization.registrationNumber), name: organization.name, street: organization.street, postcode: organization.postcode, city: organization.city };
}

function site(listing: InquiryRow): RegisterSite {
  const parts = splitAddressLabel(listing.siteAddress);
  return {
    name: listing.projectName,
    street: parts?.street ?? listing.siteAddress,
    postcode: parts?.postcode ?? null,
    city: parts?.city ?? null,
    parcelIds: listing.parcelNumbers,
    latitude: listing.siteLatitude,
    longitude: listing.siteLongitude,
    // « Identifiant SIS du terrain »: written for the production site (the CUT listing's).
    sisIdentifier: listing.sisIdentifier,
  };
}

/** The CUT lines of a waste code (a line without code counts as 17 05 04); all lines when none has it. */
function linesOfCode(cut: InquiryRow, code: WasteCode): InquiryRow['materials'] {
  const lines = cut.materials.filter((line) => (wasteCodeOf(line) ?? '17 05 04') === code);
  return lines.length > 0 ? lines : cut.materials;
}

/** « Sable et gravier – Alluvions du Rhin » for each CUT line of that code (all lines when none names it). */
function descriptionOf(cut: InquiryRow, code: WasteCode): string {
  const chosen = linesOfCode(cut, code);
  const text = [...new Set(chosen.map((line) => `${line.materialName} – ${line.groundComposition}`))].join(', ').slice(0, 300);
  return text.length >= 2 ? text : 'Terres excavées';
}

/** The carrier copied on a load, as the domain reads a carrier. */
function carrierOf(snapshot: Record<string, unknown>): Carrier {
  const text = (key: string) => (typeof snapshot[key] === 'string' ? (snapshot[key] as string) : null);
  const number = text('receiptNumber');
  const department = text('receiptDepartment');
  const validUntil = text('receiptValidUntil');
  return {
    countryCode: text('countryCode') ?? 'FR',
    siret: text('siret'),
    identifier: text('identifier'),
    name: text('name') ?? '',
    street: text('street') ?? '',
    postcode: text('postcode') ?? '',
    city: text('city') ?? '',
    transportMode: (text('transportMode') ?? 'ROAD') as TransportMode,
    receipt: number && department && validUntil ? { number, department, validUntil } : null,
    exemption: (text('exemption') as ReceiptExemption | null) ?? null,
  };
}

/**
 * A processed transfer's rows and what to complete. With a carrier, its ten columns replace the
 * domain's road default and its own checks replace « Transporteur non renseigné ».
 */
function linesOf(
  kind: RegisterKind,
  transfer: ProcessedTransfer,
  cut: InquiryRow,
  fill: InquiryRow,
  carrier: Carrier | null,
): { row: Record<string, TexsValue>; errors: string[] }[] {
  const rows: Record<string, TexsValue>[] = kind === 'outgoing' ? outgoingTexsRows(transfer) : incomingTexsRows(transfer);
  let errors = registerIssues(transfer, {
    dispatchWindow: { start: cut.startDate, end: cut.endDate },
    receptionWindow: { start: fill.startDate, end: fill.endDate },
  });
  if (carrier) {
    errors = errors.filter((issue) => issue !== matchingMessages.registerNoTransporter);
    errors.push(...texsTransporterIssues(texsTransporterColumns(carrier)));
  }
  return rows.map((row) => ({ row: carrier ? { ...row, ...texsTransporterCells(carrier, 1) } : row, errors }));
}

/** 'YYYY-MM-DD' a day before / after. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Every line of the register for the period (admins), or those of the viewer's organisation;
 * `declarant` keeps one declaring SIRET's. Ordered by day, then id.
 */
export async function registerLines(
  db: DbOrTx,
  viewer: Pick<Viewer, 'role' | 'organizationId'>,
  options: {
    kind: RegisterKind;
    from: string;
    to: string;
    declarant?: string | undefined;
    soilDensityTonnesPerM3?: number | undefined;
    /** Bounded work per request: more rows than this is a 400, read no further. */
    max?: number;
  },
): Promise<RegisterLine[]> {
  const { kind, from, to } = options;
  const max = options.max ?? REGISTER_MAX_LINES;
  const organizationId = viewer.role === 'ADMIN' ? null : viewer.organizationId;
  if (viewer.role !== 'ADMIN' && !organizationId) return [];
  const density = options.soilDensityTonnesPerM3;
  return asSystem('register', async () => {
    // Loads accepted, by departure or reception instant (a day's margin for Paris time, cut below).
    const instant = kind === 'outgoing' ? loads.departedAt : loads.receivedAt;
    const side = kind === 'outgoing' ? transfers.cutOrganizationId : transfers.fillOrganizationId;
    const loadRows = await db
      .select({ load: loads, matchId: transfers.matchId })
      .from(loads)
      .innerJoin(transfers, eq(transfers.id, loads.transferId))
      .where(
        and(
          kind === 'outgoing' ? inArray(loads.status, ['IN_TRANSIT', 'ACCEPTED']) : eq(loads.status, 'ACCEPTED'),
          gte(instant, new Date(`${shiftDay(from, -1)}T00:00:00Z`)),
          lte(instant, new Date(`${shiftDay(to, 1)}T23:59:59Z`)),
          organizationId ? eq(side, organizationId) : undefined,
        ),
      )
      .orderBy(asc(instant), asc(loads.number))
      .limit(max + 1);
    if (loadRows.length > max) throw problem(400, matchingMessages.registerTooManyLines);
    const matchIds = [...new Set(loadRows.map((row) => row.matchId))];
    const loadMatches = matchIds.length ? await db.select().from(matches).where(inArray(matches.id, matchIds)) : [];
    const allMatches = new Map(loadMatches.map((match) => [match.id, match]));
    const listingIds = [...new Set([...allMatches.values()].flatMap((match) => [match.cutInquiryId, match.fillInquiryId]))];
    const listings = new Map(
      (listingIds.length ? await db.select(inquiryColumns).from(inquiries).where(inArray(inquiries.id, listingIds)) : []).map((row) => [row.id, row]),
    );
    const organizationIds = [...new Set([...listings.values()].map((row) => row.organizationId))];
    const orgs = new Map((organizationIds.length ? await db.select().from(organizations).where(inArray(organizations.id, organizationIds)) : []).map((row) => [row.id, row]));

    const lines: RegisterLine[] = [];
    const push = (cut: InquiryRow, fill: InquiryRow, transfer: ProcessedTransfer, carrier: Carrier | null, day: string) => {
      const owner = kind === 'outgoing' ? cut : fill;
      if (organizationId && owner.organizationId !== organizationId) return;
      if (day < from || day > to) return;
      const declarantSiret = kind === 'outgoing' ? transfer.producer.siret : transfer.receiver.siret;
      if (options.declarant && declarantSiret !== options.declarant) return;
      for (const { row, errors } of linesOf(kind, transfer, cut, fill, carrier)) {
        lines.push({ declarantSiret, organizationId: owner.organizationId, day, row, errors });
      }
    };

    for (const { load, matchId } of loadRows) {
      const match = allMatches.get(matchId);
      const cut = match && listings.get(match.cutInquiryId);
      const fill = match && listings.get(match.fillInquiryId);
      const cutOrg = cut && orgs.get(cut.organizationId);
      const fillOrg = fill && orgs.get(fill.organizationId);
      if (!cut || !fill || !cutOrg || !fillOrg || (kind === 'incoming' && !load.receivedAt)) continue;
      const code = parseWasteCode(load.wasteCode) ?? ('17 05 04' as WasteCode);
      const dispatchDate = todayInParis(load.departedAt);
      const receptionDate = load.receivedAt ? todayInParis(load.receivedAt) : null;
      const weight = kind === 'outgoing' ? departureWeight(load, { soilDensityTonnesPerM3: density ?? null }) : receivedWeight(load, { soilDensityTonnesPerM3: density ?? null });
      const volume = kind === 'outgoing' ? load.volumeM3 : (load.receivedVolumeM3 ?? load.volumeM3);
      const transfer: ProcessedTransfer = {
        id: load.number,
        dispatchDate,
        receptionDate,
        wasteCode: code,
        wasteDescription: descriptionOf(cut, code),
        pop: registerPopOf(linesOfCode(cut, code)),
        // « DAP »: the CUT listing's analysis references when they fit its 50 characters (domain `texsDapOf`).
        analysisReference: cut.analysisReferences,
        volumeM3: volume,
        weightTonnes: weight.estimated ? null : weight.tonnes,
        ...(density !== undefined ? { soilDensityTonnesPerM3: density } : {}),
        producer: company(cut, cutOrg),
        productionSite: site(cut),
        receiver: company(fill, fillOrg),
        receivingSite: site(fill),
        transporter: null,
      };
      push(cut, fill, transfer, carrierOf(load.carrierSnapshot), kind === 'outgoing' ? dispatchDate : (receptionDate ?? dispatchDate));
    }

    return lines.sort((a, b) => (a.day === b.day ? String(a.row.publicId).localeCompare(String(b.row.publicId)) : a.day < b.day ? -1 : 1));
  });
}

/** A line's content without its « Motif »: what MODIFIER compares. */
function digest(row: Record<string, TexsValue>): string {
  const { reason: _reason, ...content } = row;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * The files of an export, one per declaring SIRET, « Motif » filled from the memory, which this
 * export then updates (a download is an export). 409 when a file would repeat an id.
 */
export async function registerFiles(
  db: DbOrTx,
  viewer: Pick<Viewer, 'role' | 'organizationId'>,
  options: { kind: RegisterKind; from: string; to: string; format: RegisterFormat; declarant?: string | undefined; soilDensityTonnesPerM3?: number | undefined },
): Promise<RegisterFile[]> {
  const lines = await registerLines(db, viewer, options);
  const organizationId = viewer.role === 'ADMIN' ? null : viewer.organizationId;
  const byDeclarant = new Map<string, RegisterLine[]>();
  for (const line of lines) byDeclarant.set(line.declarantSiret, [...(byDeclarant.get(line.declarantSiret) ?? []), line]);
  return asSystem('register', async () => {
    // Declarants with remembered lines in the period but none now (every load cancelled) still get their ANNULER.
    const rememberedDeclarants = await db
      .selectDistinct({ siret: registerExportedLines.declarantSiret })
      .from(registerExportedLines)
      .where(
        and(
          eq(registerExportedLines.register, options.kind),
          gte(registerExportedLines.day, options.from),
          lte(registerExportedLines.day, options.to),
          organizationId ? eq(registerExportedLines.organizationId, organizationId) : undefined,
          options.declarant ? eq(registerExportedLines.declarantSiret, options.declarant) : undefined,
        ),
      );
    for (const { siret } of rememberedDeclarants) if (!byDeclarant.has(siret)) byDeclarant.set(siret, []);

    const files: RegisterFile[] = [];
    for (const [declarantSiret, current] of [...byDeclarant.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const repeated = repeatedPublicIds(current.map((line) => ({ publicId: line.row.publicId ?? null })));
      if (repeated.length > 0) throw problem(409, matchingMessages.registerRepeatedIds.replace('{ids}', repeated.join(', ')));
      const memoryRows = await db
        .select()
        .from(registerExportedLines)
        .where(and(eq(registerExportedLines.register, options.kind), eq(registerExportedLines.declarantSiret, declarantSiret)));
      const visible = memoryRows.filter((row) => !organizationId || row.organizationId === organizationId);
      const remembered = new Map<string, ExportedRegisterLine>(
        visible.map((row) => [row.publicId, { publicId: row.publicId, hash: row.hash, modified: row.modified, cancelled: row.cancelled, day: row.day }]),
      );
      const hashed = current.map((line) => ({ line, publicId: String(line.row.publicId), hash: digest(line.row) }));
      const { reasons, cancelled } = registerMotifs(hashed, remembered, options);
      const withReasons: RegisterLine[] = hashed.map(({ line, publicId }) => ({ ...line, row: { ...line.row, reason: reasons.get(publicId) ?? null } }));
      const memoryById = new Map(visible.map((row) => [row.publicId, row]));
      for (const gone of cancelled) {
        const row = memoryById.get(gone.publicId);
        if (!row) continue;
        withReasons.push({ declarantSiret, organizationId: row.organizationId, day: row.day, row: { ...(row.row as Record<string, TexsValue>), reason: 'ANNULER' }, errors: [] });
      }
      // Remember this export.
      const now = new Date();
      for (let start = 0; start < hashed.length; start += 500) {
        await db
          .insert(registerExportedLines)
          .values(
            hashed.slice(start, start + 500).map(({ line, publicId, hash }) => ({
              register: options.kind,
              declarantSiret,
              publicId,
              organizationId: line.organizationId,
              day: line.day,
              hash,
              row: line.row as Record<string, unknown>,
              firstExportedAt: now,
              lastExportedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [registerExportedLines.register, registerExportedLines.declarantSiret, registerExportedLines.publicId],
            set: {
              // Sticky: a line that changed once, or came back after an ANNULER, stays MODIFIER.
              modified: sql`${registerExportedLines.modified} or ${registerExportedLines.cancelled} or ${registerExportedLines.hash} <> excluded.hash`,
              hash: sql`excluded.hash`,
              day: sql`excluded.day`,
              row: sql`excluded.row`,
              organizationId: sql`excluded.organization_id`,
              cancelled: false,
              lastExportedAt: now,
            },
          });
      }
      if (cancelled.length > 0) {
        await db
          .update(registerExportedLines)
          .set({ cancelled: true, lastExportedAt: now })
          .where(
            and(
              eq(registerExportedLines.register, options.kind),
              eq(registerExportedLines.declarantSiret, declarantSiret),
              inArray(
                registerExportedLines.publicId,
                cancelled.map((line) => line.publicId),
              ),
            ),
          );
      }
      files.push({ declarantSiret, fileName: registerFileName(options.kind, options.from, options.to, options.format, declarantSiret), lines: withReasons });
    }
    return files;
  });
}

/** 'registre-sortant-terres-excavees_81234567000028_2026-11-01_2026-11-30.csv' (no SIRET: the empty file of a period without line). */
export function registerFileName(kind: RegisterKind, from: string, to: string, format: RegisterFormat | 'zip', declarant?: string): string {
  const name = format === 'zip' ? `registres-${kind === 'outgoing' ? 'sortants' : 'entrants'}` : `registre-${kind === 'outgoing' ? 'sortant' : 'entrant'}`;
  return `${name}-terres-excavees${declarant ? `_${declarant}` : ''}_${from}_${to}.${format}`;
}
