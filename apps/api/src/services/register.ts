// The national excavated-soil register export (issue 11, README "Matching"): the processed
// transfers of a period (DONE matches by transfer day) as the domain's TEXS register lines, in
// CSV (the domain's French CSV) or XLSX (exceljs): the files are written in a worker thread (src/heavy/register-files.ts). One transfer per match and waste code: a match
// whose soil carries two codes is two register lines, the moved volume split in proportion of
// the volumes proposed per code.
import {
  matchingMessages,
  parseWasteCode,
  REGISTER_MAX_TRANSFERS,
  registerIssues,
  splitAddressLabel,
  wasteCodeOf,
  type MatchResult,
  type ProcessedTransfer,
  type RegisterCompany,
  type RegisterSite,
  type WasteCode,
} from '@terres/domain';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { problem } from '../http/problem.js';
import { inquiries, matches, organizations } from '../db/schema.js';
import { inquiryColumns, type InquiryRow } from './inquiries.js';

export type RegisterKind = 'outgoing' | 'incoming';
export type RegisterFormat = 'csv' | 'xlsx';

type OrganizationRow = typeof organizations.$inferSelect;

/** The party the register names: the project owner when it has a SIRET, else the organisation. */
function company(listing: InquiryRow, organization: OrganizationRow): RegisterCompany {
  const owner = [listing.projectOwnerFirstName, listing.projectOwnerLastName].filter(Boolean).join(' ').trim();
  if (listing.projectOwnerSiret && owner) {
    return {
      siret: listing.projectOwnerSiret,
      name: owner,
      street: listing.projectOwnerStreet ?? '',
      postcode: listing.projectOwnerPostcode ?? '',
      city: listing.projectOwnerCity ?? '',
    };
  }
  return { siret: organization.registrationNumber, name: organization.name, street: organization.street, postcode: organization.postcode, city: organization.city };
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
  };
}

/** `<32 hex>` or, for one code of several, `<27 hex>.<code digits>` (36 characters at most). */
function transferId(matchId: string, code: WasteCode, several: boolean): string {
  const compact = matchId.replace(/-/g, '');
  if (!several) return matchId;
  return `${compact.slice(0, 27)}.${code.replace(/[\s*]/g, '')}${code.endsWith('*') ? 'D' : ''}`;
}

export interface RegisterTransfer {
  transfer: ProcessedTransfer;
  /** What would keep Trackdéchets from importing the line, in French. */
  issues: string[];
}

/**
 * The processed transfers whose transfer day lies in [from, to], oldest first. At most `max`
 * matches (REGISTER_MAX_TRANSFERS, bounded work per request): a period holding more is a 400
 * asking for a shorter one, read no further.
 */
export async function processedTransfers(
  db: DbOrTx,
  from: string,
  to: string,
  max: number = REGISTER_MAX_TRANSFERS,
  /** The matching's configured soil density: the weight estimated from the volume moved. */
  soilDensityTonnesPerM3?: number,
): Promise<RegisterTransfer[]> {
  const done = await db
    .select()
    .from(matches)
    .where(and(eq(matches.status, 'DONE'), gte(matches.transferDate, from), lte(matches.transferDate, to)))
    .orderBy(asc(matches.transferDate), asc(matches.id))
    .limit(max + 1);
  if (done.length > max) throw problem(400, matchingMessages.registerTooManyTransfers);
  if (done.length === 0) return [];
  const listingIds = [...new Set(done.flatMap((m) => [m.cutInquiryId, m.fillInquiryId]))];
  const listings = new Map((await db.select(inquiryColumns).from(inquiries).where(inArray(inquiries.id, listingIds))).map((row) => [row.id, row]));
  const organizationIds = [...new Set([...listings.values()].map((row) => row.organizationId))];
  const orgs = new Map((await db.select().from(organizations).where(inArray(organizations.id, organizationIds))).map((row) => [row.id, row]));

  const transfers: RegisterTransfer[] = [];
  for (const match of done) {
    const cut = listings.get(match.cutInquiryId);
    const fill = listings.get(match.fillInquiryId);
    if (!cut || !fill) continue;
    const figures = match.figures as unknown as MatchResult;
    // Volumes proposed per waste code (a line without code is declared as natural soil 17 05 04).
    const byCode = new Map<WasteCode, { volume: number; descriptions: Set<string> }>();
    for (const line of figures.lines) {
      const source = cut.materials[line.cutLine];
      const code = (source ? wasteCodeOf(source) : null) ?? parseWasteCode('17 05 04')!;
      const entry = byCode.get(code) ?? { volume: 0, descriptions: new Set<string>() };
      entry.volume += line.volumeM3;
      entry.descriptions.add(`${line.materialName} – ${line.groundComposition}`);
      byCode.set(code, entry);
    }
    const proposed = [...byCode.values()].reduce((sum, entry) => sum + entry.volume, 0);
    const moved = match.movedVolumeM3 ?? proposed;
    const codes = [...byCode.entries()];
    let left = moved;
    codes.forEach(([code, entry], index) => {
      const last = index === codes.length - 1;
      const volume = last ? left : Math.round(((moved * entry.volume) / proposed) * 1000) / 1000;
      left = Math.round((left - volume) * 1000) / 1000;
      const transfer: ProcessedTransfer = {
        id: transferId(match.id, code, codes.length > 1),
        dispatchDate: match.transferDate!,
        receptionDate: match.transferDate,
        wasteCode: code,
        wasteDescription: [...entry.descriptions].join(', ').slice(0, 300),
        volumeM3: volume,
        ...(soilDensityTonnesPerM3 !== undefined ? { soilDensityTonnesPerM3 } : {}),
        producer: company(cut, orgs.get(cut.organizationId)!),
        productionSite: site(cut),
        receiver: company(fill, orgs.get(fill.organizationId)!),
        receivingSite: site(fill),
        transporter: null,
      };
      transfers.push({ transfer, issues: registerIssues(transfer) });
    });
  }
  return transfers;
}

/** 'registre-sortant-terres-excavees_2026-11-01_2026-11-30.csv' */
export function registerFileName(kind: RegisterKind, from: string, to: string, format: RegisterFormat): string {
  return `registre-${kind === 'outgoing' ? 'sortant' : 'entrant'}-terres-excavees_${from}_${to}.${format}`;
}
