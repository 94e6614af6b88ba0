// What the transfer documents state about the soil (issue 19): the lots of a transfer, their
// numbers, the use category of the arrêté du 4 juin 2021, and the listing facts a contract needs.
// The API's PDFs (apps/api/src/pdf/transfer.ts), the register's line ids and the admin console
// read these rules from here.
import * as v from 'valibot';
import { clearable, editSchemaOf, LISTING_FIELDS, listingFieldsWhere, type ListingFieldKey, type ListingRecord, type ListingSchemaOptions } from '../inquiry/fields';
import { matchingMessages } from '../matching/messages';
import type { InquiryStatus } from '../status/status';
import { fillTemplate } from '../util';
import {
  DEFAULT_WASTE_CODE,
  QUALITY_CLASSES,
  qualityClassOf,
  WASTE_CODES,
  wasteCodeOf,
  type QualityClass,
  type ReceivingUse,
  type WasteCode,
} from '../inquiry/soil-quality';

/** One line of a match's figures: which CUT line goes where, m³ (MatchResult['lines']). */
export interface LotSourceLine {
  cutLine: number;
  materialName: string;
  groundComposition: string;
  volumeM3: number;
}

export interface TransferLot {
  /** 1, 2, …: the lot's rank in (waste code, quality class) order. */
  index: number;
  wasteCode: WasteCode;
  qualityClass: QualityClass;
  /** The volume the match proposed for the lot, m³. */
  proposedM3: number;
  /** The match's lines in the lot (several materials of one code and class make one lot). */
  lines: LotSourceLine[];
  /** More than one material, or more than one CUT line: a lot « préparé » from several origins. */
  mixed: boolean;
}

/**
 * The lots of a transfer: one per waste code and quality class of the soil the match moves (a
 * mix of 17 05 03* and 17 05 04 is two lots, never one « homogeneous » lot), ordered by the
 * code's rank in WASTE_CODES then the class's rank in QUALITY_CLASSES, numbered from 1 in that
 * order. A line without a code counts as DEFAULT_WASTE_CODE, as the register declares it.
 *
 * The order is the agreement between the documents and the register (issue 19): lots are
 * numbered in (waste code, quality class) order, and a register line (a load) belongs to the lot
 * of its waste code.
 */
export function transferLots(
  cutMaterials: readonly { qualityClass?: unknown; wasteCode?: unknown; materialName?: unknown; groundComposition?: unknown }[],
  lines: readonly LotSourceLine[],
  /** Codes the transfer's loads carried: a code the match's lines lack still makes its lots (0 m³ proposed), from the CUT lines of that code. */
  movedCodes: readonly string[] = [],
): TransferLot[] {
  const byKey = new Map<string, Omit<TransferLot, 'index' | 'mixed'>>();
  const proposedCodes = new Set(lines.map((line) => wasteCodeOf(cutMaterials[line.cutLine]) ?? DEFAULT_WASTE_CODE));
  const extra: LotSourceLine[] = [];
  for (const code of new Set(movedCodes)) {
    if (proposedCodes.has(code as WasteCode)) continue;
    cutMaterials.forEach((material, cutLine) => {
      if ((wasteCodeOf(material) ?? DEFAULT_WASTE_CODE) !== code) return;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      extra.push({ cutLine, materialName: text(material.materialName), groundComposition: text(material.groundComposition), volumeM3: 0 });
    });
  }
  for (const line of [...lines, ...extra]) {
    const source = cutMaterials[line.cutLine];
    const wasteCode = wasteCodeOf(source) ?? DEFAULT_WASTE_CODE;
    const qualityClass = qualityClassOf(source);
    const key = `${wasteCode}|${qualityClass}`;
    const lot = byKey.get(key) ?? { wasteCode, qualityClass, proposedM3: 0, lines: [] };
    lot.proposedM3 += line.volumeM3;
    lot.lines.push(line);
    byKey.set(key, lot);
  }
  return [...byKey.values()]
    .sort(
      (a, b) =>
        WASTE_CODES.indexOf(a.wasteCode) - WASTE_CODES.indexOf(b.wasteCode) ||
        QUALITY_CLASSES.indexOf(a.qualityClass) - QUALITY_CLASSES.indexOf(b.qualityClass),
    )
    .map((lot, i) => ({
      ...lot,
      index: i + 1,
      mixed: new Set(lot.lines.map((line) => `${line.materialName}|${line.groundComposition}`)).size > 1 || new Set(lot.lines.map((line) => line.cutLine)).size > 1,
    }));
}

/**
 * A lot's number: the first 24 hexadecimal digits of the transfer's id, then `-L` and the lot's
 * rank ('53d44de4c74d4bae8c115e84-L2'): 27 to 28 characters of Trackdéchets' id alphabet
 * (`[A-Za-z0-9-_./]`), room left for a suffix under the 36 characters of « Identifiant unique ».
 * The register declares one line per load, its number as id (issue 19, services/register.ts): a
 * load carries a waste code, so its lot is the lot of that code (the contract's annex lists each
 * load with its lot).
 */
export function transferLotNumber(transferId: string, lotIndex: number): string {
  return `${transferId.replace(/-/g, '').slice(0, 24)}-L${lotIndex}`;
}

/** The arrêté du 4 juin 2021's two uses (art. 1). */
export type SoilUseCategory = 'GENIE_CIVIL' | 'AMENAGEMENT';

export const SOIL_USE_CATEGORY_LABELS: Readonly<Record<SoilUseCategory, string>> = {
  GENIE_CIVIL: 'génie civil',
  AMENAGEMENT: 'aménagement',
};

/**
 * The use category of a receiving use: road works build infrastructure (« réalisation et
 * réhabilitation d'ouvrages de construction et d'infrastructures »: génie civil); every other use
 * is an aménagement or a construction under a permit (« opération d'aménagement au sens de
 * l'article L. 300-1 du code de l'urbanisme, ou opérations de construction faisant l'objet d'une
 * procédure ou autorisation d'urbanisme »). Null when the FILL listing states no use.
 */
export function soilUseCategory(use: ReceivingUse | string | null | undefined): SoilUseCategory | null {
  if (use === null || use === undefined || use === '') return null;
  return use === 'ROAD_WORKS' ? 'GENIE_CIVIL' : 'AMENAGEMENT';
}

/**
 * The listing fields entered or corrected after validation (the fields table's `afterApproval`):
 * the transfer contract's references (SIS identifier, analyses, preparer, planning permission).
 * Decision 0175.
 */
export const CONTRACT_FACT_FIELDS: readonly ListingFieldKey[] = listingFieldsWhere((field) => field.afterApproval);

/**
 * The statuses in which a listing's contract facts are changed through their own call (PUT
 * /inquiries/{id}/contract-facts): validated, up to processed (a contract is still generated
 * then). Before validation the listing's edit (DRAFT, REJECTED) carries them; under review
 * (PENDING_VALIDATION) nothing changes.
 */
export const CONTRACT_FACTS_STATUSES: readonly InquiryStatus[] = ['APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];

export function contractFactsEditable(status: unknown): boolean {
  return typeof status === 'string' && (CONTRACT_FACTS_STATUSES as readonly string[]).includes(status);
}

export type ContractFactsPatch = Partial<Record<(typeof CONTRACT_FACT_FIELDS)[number], string | null>>;

/**
 * A contract facts' edit (camelCase after key conversion): each fact optional, cleared by null,
 * '' or blank, else checked by its field's rule (one line, lengths, SIS format, a past permit
 * day). Any other key is refused (`strictObject`): the rest of a validated listing is sealed.
 */
export function contractFactsPatchSchema(options: ListingSchemaOptions = {}): v.GenericSchema<unknown, ContractFactsPatch> {
  const entries = CONTRACT_FACT_FIELDS.map((key) => [key, clearable(editSchemaOf(key, options))] as const);
  return v.strictObject(Object.fromEntries(entries), matchingMessages.contractFactsOnly) as unknown as v.GenericSchema<unknown, ContractFactsPatch>;
}

/** A listing fact the transfer contract states, missing on one side of the transfer. */
export interface MissingContractFact {
  side: 'CUT' | 'FILL';
  field: 'soilPreparer' | 'analysisReferences' | 'permitReference' | 'permitDate';
  /** The field's label (LISTING_FIELDS). */
  label: string;
}

const CUT_CONTRACT_FACTS = ['soilPreparer', 'analysisReferences', 'permitReference', 'permitDate'] as const;
const FILL_CONTRACT_FACTS = ['permitReference', 'permitDate'] as const;

/**
 * The contract facts a side's listing gives (the forms of the transfer pages): the CUT listing
 * every one (its SIS identifier included, printed in the contract and the register), the FILL
 * listing its permit (the receiving operation's « autorisation d'urbanisme »).
 */
export function contractFactFieldsOf(side: MissingContractFact['side']): readonly (typeof CONTRACT_FACT_FIELDS)[number][] {
  return side === 'CUT' ? CONTRACT_FACT_FIELDS : FILL_CONTRACT_FACTS;
}

const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * What one listing still lacks for the transfer contract: on the CUT side the person preparing
 * the soil, the analysis references and the excavation's permit; on the FILL side the permit of
 * the receiving operation (the arrêté's « autorisation d'urbanisme »). The SIS identifier is not
 * in the list: only a site in a secteur d'information sur les sols has one; the contract says
 * when none was declared.
 */
export function missingContractFacts(answer: object): MissingContractFact[] {
  const listing = answer as ListingRecord;
  const side = listing.type === 'FILL' ? 'FILL' : 'CUT';
  const fields = side === 'CUT' ? CUT_CONTRACT_FACTS : FILL_CONTRACT_FACTS;
  return fields.filter((field) => !given(listing[field])).map((field) => ({ side, field, label: LISTING_FIELDS[field].label }));
}

/** The two guides of April 2020 (MTE/DGPR, BRGM, Ineris), and the case where none is settled yet. */
export type ApplicableGuide = 'SSP' | 'NON_SSP' | 'TO_DETERMINE';

export const GUIDE_TITLES: Readonly<Record<Exclude<ApplicableGuide, 'TO_DETERMINE'>, string>> = {
  SSP: 'Guide de valorisation hors site des terres excavées issues de sites et sols potentiellement pollués dans des projets d’aménagement (MTE/DGPR, BRGM, Ineris, version 2, avril 2020)',
  NON_SSP: 'Guide de valorisation hors site des terres excavées non issues de sites et sols pollués dans des projets d’aménagement (MTE/DGPR, BRGM, Ineris, avril 2020)',
};

/**
 * Which guide the declared soil points to: any hazardous code (`*`), or a class outside the
 * natural background (compatible with some uses, case by case), points to the guide for soil
 * from potentially polluted sites; soil declared inert only, to the guide for soil not from
 * polluted sites, once the doubt is cleared; unknown quality (or nothing declared) settles
 * nothing until analysed. The declaration is the advertiser's: the documents say so.
 */
export function applicableGuide(soil: readonly { qualityClass: QualityClass; wasteCode: WasteCode | null }[]): ApplicableGuide {
  if (soil.length === 0) return 'TO_DETERMINE';
  if (soil.some((line) => line.wasteCode !== null && line.wasteCode.endsWith('*'))) return 'SSP';
  if (soil.some((line) => line.qualityClass === 'SUITED_TO_USES' || line.qualityClass === 'CASE_BY_CASE')) return 'SSP';
  if (soil.some((line) => line.qualityClass === 'UNKNOWN')) return 'TO_DETERMINE';
  return 'NON_SSP';
}

/**
 * What the transfer contract still lacks, both sides: the CUT listing's facts, then the FILL
 * listing's. The contract is not generated while this list is not empty (409
 * `contractFactsMissing`); the pre-contract is, and names them.
 */
export function transferMissingContractFacts(cut: object, fill: object): MissingContractFact[] {
  return [...missingContractFacts({ ...cut, type: 'CUT' }), ...missingContractFacts({ ...fill, type: 'FILL' })];
}

/** The side's words in the lists of missing facts. */
export const CONTRACT_FACT_SIDE_LABELS: Readonly<Record<MissingContractFact['side'], string>> = {
  CUT: 'site de déblais',
  FILL: 'site de remblai',
};

/** « Références des analyses de sol (site de déblais), Date de l’autorisation d’urbanisme (site de remblai) » */
export function missingContractFactsText(missing: readonly MissingContractFact[]): string {
  return missing.map((fact) => `${fact.label} (${CONTRACT_FACT_SIDE_LABELS[fact.side]})`).join(', ');
}

/** The 409's detail when the contract cannot be generated yet. */
export function contractFactsMissingMessage(missing: readonly MissingContractFact[]): string {
  return fillTemplate(matchingMessages.contractFactsMissing, { facts: missingContractFactsText(missing) });
}
