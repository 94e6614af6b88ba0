import * as v from 'valibot';
import { matchingMessages } from '../matching/messages';
import { toCamelKeys } from '../util';
import { formObject } from '../validators/object';

// Soil quality of a listing's material lines (CUT) and what a FILL listing accepts.
//
// Vocabulary: the April 2020 guides for reusing excavated soil off site in development
// projects (MTE/DGPR, BRGM, Ineris: « Guide de valorisation hors site des terres excavées
// issues de sites et sols potentiellement pollués » v2 and « … non issues de sites et sols
// pollués »), the waste codes of the arrêté du 4 juin 2021 (annexe I, section 1) and the
// receiving-site uses listed by TERRASS. Sources and what is unconfirmed: README, Matching.

/**
 * Quality classes of a material line. Wire values are English like the statuses; labels are
 * French. `UNKNOWN` is what rows saved before 2026-11-23 read as (they carry no class).
 */
export const QUALITY_CLASSES = ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE', 'UNKNOWN'] as const;
export type QualityClass = (typeof QUALITY_CLASSES)[number];

/** The classes an advertiser may choose for a new line (UNKNOWN is for migrated rows only). */
export const SELECTABLE_QUALITY_CLASSES: readonly QualityClass[] = ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE'];

export interface VocabularyEntry {
  readonly label: string;
  readonly description: string;
}

export const QUALITY_CLASS_LABELS: Readonly<Record<QualityClass, VocabularyEntry>> = {
  INERT_NATURAL_BACKGROUND: {
    label: 'Terre inerte du fond géochimique naturel',
    description:
      'Terre non polluée : ses teneurs restent cohérentes avec le fond géochimique naturel local. ' +
      'Valorisable pour tous les usages du site receveur.',
  },
  SUITED_TO_USES: {
    label: 'Terre compatible avec certains usages',
    description:
      'Terre qui respecte les valeurs-seuils des guides d’avril 2020 pour des usages donnés du site receveur ' +
      '(sous bâtiment, espace vert recouvert, technique routière), sans être dans le fond géochimique naturel.',
  },
  CASE_BY_CASE: {
    label: 'Terre nécessitant une étude au cas par cas',
    description:
      'Terre dont la valorisation demande une étude propre au site receveur (comparaison avec ses sols, ' +
      'évaluation des risques) avant tout transfert.',
  },
  UNKNOWN: {
    label: 'Qualité non renseignée',
    description: 'Qualité non encore caractérisée (annonce antérieure à la classification) : une analyse est nécessaire.',
  },
};

/** The TEXS waste codes of the arrêté du 4 juin 2021 (annexe I §1), spelled as the register writes them. */
export const WASTE_CODES = ['17 05 04', '17 05 03*', '17 05 05*', '17 05 06', '20 02 02'] as const;
export type WasteCode = (typeof WASTE_CODES)[number];

/** The usual code of natural, non-hazardous excavated soil. */
export const DEFAULT_WASTE_CODE: WasteCode = '17 05 04';

/** Labels of the European list of wastes (Code de l'environnement, annexe II de l'art. R. 541-8). */
export const WASTE_CODE_LABELS: Readonly<Record<WasteCode, { label: string; hazardous: boolean }>> = {
  '17 05 04': { label: 'Terres et cailloux autres que ceux visés à la rubrique 17 05 03', hazardous: false },
  '17 05 03*': { label: 'Terres et cailloux contenant des substances dangereuses', hazardous: true },
  '17 05 05*': { label: 'Boues de dragage contenant des substances dangereuses', hazardous: true },
  '17 05 06': { label: 'Boues de dragage autres que celles visées à la rubrique 17 05 05', hazardous: false },
  '20 02 02': { label: 'Terres et pierres', hazardous: false },
};

/** True for the codes marked with an asterisk (hazardous waste). */
export function isHazardousWasteCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && code.trim().endsWith('*');
}

/**
 * '170504', '17.05.04', ' 17 05 03 * ' -> the register's spelling ('17 05 04', '17 05 03*');
 * null when the input is not one of the five codes.
 */
export function parseWasteCode(input: unknown): WasteCode | null {
  if (typeof input !== 'string') return null;
  // Memoised: ranking reads the same few spellings on thousands of lines.
  let known = wasteCodes.get(input);
  if (known === undefined) {
    known = readWasteCode(input);
    if (wasteCodes.size < 1_000) wasteCodes.set(input, known);
  }
  return known;
}

const wasteCodes = new Map<string, WasteCode | null>();

function readWasteCode(input: string): WasteCode | null {
  const compact = input.replace(/[\s.]/g, '');
  const match = /^(\d{2})(\d{2})(\d{2})(\*?)$/.exec(compact);
  if (!match) return null;
  const code = `${match[1]} ${match[2]} ${match[3]}${match[4]}`;
  return (WASTE_CODES as readonly string[]).includes(code) ? (code as WasteCode) : null;
}

/** "17 05 04 – Terres et cailloux autres que …", as a select option shows it. */
export function wasteCodeOptionLabel(code: WasteCode): string {
  return `${code} – ${WASTE_CODE_LABELS[code].label}`;
}

/**
 * Persistent organic pollutants (POP) in a CUT line's soil, as the advertiser declares it
 * (2026-11-27, issue 19: the register's « POP » column is required). `UNKNOWN` is also what rows
 * saved before read as: the register then leaves the cell empty and asks for it, never asserts.
 */
export const POP_DECLARATIONS = ['ABSENT', 'PRESENT', 'UNKNOWN'] as const;
export type PopDeclaration = (typeof POP_DECLARATIONS)[number];

export const POP_LABEL = 'Présence de POP';
export const POP_HELP =
  'Polluants organiques persistants (PCB, dioxines, certains pesticides…) : des substances d’origine humaine ' +
  'qui ne se dégradent pas. Dans des terres excavées, seules des analyses du lot les écartent ou les révèlent. ' +
  'Le registre national des terres excavées exige l’information.';

export const POP_LABELS: Readonly<Record<PopDeclaration, string>> = {
  ABSENT: 'Non : pas de POP (analyses à l’appui)',
  PRESENT: 'Oui : la terre contient des POP',
  UNKNOWN: 'Non renseigné',
};

/** The same, short: a table cell. */
export const POP_SHORT_LABELS: Readonly<Record<PopDeclaration, string>> = { ABSENT: 'Non', PRESENT: 'Oui', UNKNOWN: 'Non renseigné' };

/** A line's POP declaration; rows saved before 2026-11-27 (no field) read as UNKNOWN. */
export function popOf(row: unknown): PopDeclaration {
  const value = typeof row === 'object' && row !== null ? (row as { pop?: unknown }).pop : undefined;
  return typeof value === 'string' && (POP_DECLARATIONS as readonly string[]).includes(value) ? (value as PopDeclaration) : 'UNKNOWN';
}

/**
 * The register's POP for lines declared together (one waste code of a CUT listing): true when one
 * line declares POP, false when every line declares none, null (unknown: the cell stays empty and
 * `Erreur` asks for it) otherwise or when there is no line.
 */
export function registerPopOf(rows: readonly unknown[]): boolean | null {
  const declared = rows.map(popOf);
  if (declared.includes('PRESENT')) return true;
  return declared.length > 0 && declared.every((pop) => pop === 'ABSENT') ? false : null;
}

/**
 * Uses of the receiving site. The first five are the uses TERRASS lists for the guides (« sous
 * ou en contre-voile de bâtiment », « dans un espace vert recouvert ou non recouvert », « dans des
 * jardins ou terrains destinés à la production de fruits et légumes, à la culture et à
 * l'élevage », « en technique routière »); quarry backfill is ours (a common outlet for surplus
 * soil, outside the guides) and takes inert soil only.
 */
export const RECEIVING_USES = [
  'UNDER_BUILDING',
  'COVERED_GREEN_SPACE',
  'UNCOVERED_GREEN_SPACE',
  'FOOD_GROWING',
  'ROAD_WORKS',
  'QUARRY_BACKFILL',
] as const;
export type ReceivingUse = (typeof RECEIVING_USES)[number];

export const RECEIVING_USE_LABELS: Readonly<Record<ReceivingUse, VocabularyEntry>> = {
  UNDER_BUILDING: {
    label: 'Sous ou en contre-voile de bâtiment',
    description: 'Remblai sous une construction ou contre ses voiles (bureaux, commerces, locaux d’activité).',
  },
  COVERED_GREEN_SPACE: {
    label: 'Espace vert recouvert',
    description: 'Aménagement paysager sous un recouvrement de terre saine ou un revêtement.',
  },
  UNCOVERED_GREEN_SPACE: {
    label: 'Espace vert non recouvert',
    description: 'Aménagement paysager où la terre reste en surface, accessible au public.',
  },
  FOOD_GROWING: {
    label: 'Jardins, cultures ou élevage',
    description: 'Jardins ou terrains destinés à la production de fruits et légumes, à la culture ou à l’élevage.',
  },
  ROAD_WORKS: {
    label: 'Technique routière',
    description: 'Remblais et couches d’infrastructures routières ou linéaires.',
  },
  QUARRY_BACKFILL: {
    label: 'Remblayage de carrière',
    description: 'Réaménagement d’une carrière : terres inertes uniquement.',
  },
};

/**
 * Which quality classes each use admits (the rule a FILL acceptance must follow, and the
 * matching checks again on stored data). The more exposed the use, the cleaner the soil:
 * food growing and quarry backfill take inert soil only; an uncovered green space does not take
 * soil that only suits some uses; `UNKNOWN` (soil to analyse) may be accepted where a study is
 * possible, and such a match is flagged 'to verify'.
 */
export const USE_ADMITTED_CLASSES: Readonly<Record<ReceivingUse, readonly QualityClass[]>> = {
  UNDER_BUILDING: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE', 'UNKNOWN'],
  COVERED_GREEN_SPACE: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE', 'UNKNOWN'],
  ROAD_WORKS: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE', 'UNKNOWN'],
  UNCOVERED_GREEN_SPACE: ['INERT_NATURAL_BACKGROUND', 'CASE_BY_CASE', 'UNKNOWN'],
  FOOD_GROWING: ['INERT_NATURAL_BACKGROUND'],
  QUARRY_BACKFILL: ['INERT_NATURAL_BACKGROUND'],
};

/** What a FILL listing receives. */
export interface FillAcceptance {
  acceptedQualityClasses: readonly QualityClass[];
  acceptedWasteCodes: readonly WasteCode[];
  /** Null on listings saved before 2026-11-23. */
  receivingUse: ReceivingUse | null;
}

/**
 * How a FILL listing saved before 2026-11-23 (no acceptance) is read: natural inert soil and
 * soil of unknown quality (the latter flagged 'to verify'), under the two non-hazardous soil codes.
 */
export const LEGACY_FILL_ACCEPTANCE: FillAcceptance = {
  acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'UNKNOWN'],
  acceptedWasteCodes: ['17 05 04', '20 02 02'],
  receivingUse: null,
};

/**
 * A receiver that takes inert soil only: food growing, quarry backfill, an unknown use, or an
 * acceptance listing no class other than natural inert soil (and unknown soil to analyse).
 * Hazardous codes never reach such a receiver.
 */
export function isInertOnlyAcceptance(acceptance: Pick<FillAcceptance, 'acceptedQualityClasses' | 'receivingUse'>): boolean {
  if (acceptance.receivingUse === null) return true;
  if (!USE_ADMITTED_CLASSES[acceptance.receivingUse].some((c) => c === 'SUITED_TO_USES' || c === 'CASE_BY_CASE')) return true;
  return !acceptance.acceptedQualityClasses.some((c) => c === 'SUITED_TO_USES' || c === 'CASE_BY_CASE');
}

/** A line's class; rows saved before the classification (no class) read as UNKNOWN. */
export function qualityClassOf(row: { qualityClass?: unknown } | null | undefined): QualityClass {
  const value = row?.qualityClass;
  return typeof value === 'string' && (QUALITY_CLASSES as readonly string[]).includes(value) ? (value as QualityClass) : 'UNKNOWN';
}

/** A line's waste code in the register's spelling, or null when missing or not a TEXS code. */
export function wasteCodeOf(row: { wasteCode?: unknown } | null | undefined): WasteCode | null {
  return parseWasteCode(row?.wasteCode);
}

/** A FILL listing's acceptance, or the legacy reading when it has none. */
export function acceptanceOf(listing: { acceptance?: FillAcceptance | null } | null | undefined): FillAcceptance {
  return listing?.acceptance ?? LEGACY_FILL_ACCEPTANCE;
}

// --- Schemas ---------------------------------------------------------------------------

export const qualityClassSchema = v.picklist(QUALITY_CLASSES, matchingMessages.qualityClassRequired);

/** A class an advertiser may publish (not UNKNOWN). */
export const selectableQualityClassSchema = v.picklist(
  SELECTABLE_QUALITY_CLASSES as readonly ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE'],
  matchingMessages.qualityClassKnownRequired,
);

/** Accepts '170504' or '17.05.04' and outputs '17 05 04'. */
export const wasteCodeSchema = v.pipe(
  v.string(matchingMessages.wasteCodeRequired),
  v.trim(),
  v.nonEmpty(matchingMessages.wasteCodeRequired),
  v.check((value) => parseWasteCode(value) !== null, matchingMessages.wasteCodeInvalid),
  v.transform((value) => parseWasteCode(value) as WasteCode),
);

export const receivingUseSchema = v.picklist(RECEIVING_USES, matchingMessages.receivingUseRequired);

export const popDeclarationSchema = v.picklist(POP_DECLARATIONS, matchingMessages.popInvalid);

/**
 * The new fields of a material line, as every saved row may carry them: all optional (rows
 * saved before 2026-11-23 have none and stay valid; `pop` since 2026-11-27), checked when present, and a hazardous
 * code never sits with the natural-background class. Spread into `materialRowSchema`.
 */
export const materialQualityEntries = {
  qualityClass: v.optional(qualityClassSchema),
  wasteCode: v.nullish(wasteCodeSchema),
  pop: v.optional(popDeclarationSchema),
};

/** True unless the line pairs a hazardous code with the natural-background class. */
export function isConsistentQuality(row: { qualityClass?: unknown; wasteCode?: unknown }): boolean {
  return !(qualityClassOf(row) === 'INERT_NATURAL_BACKGROUND' && isHazardousWasteCode(wasteCodeOf(row)));
}

/**
 * True unless the line declares persistent organic pollutants (POP PRESENT) on soil classed
 * « inerte du fond géochimique naturel »: the only class that claims the soil is unpolluted
 * (décret 2010-1394, annexe 1), which POP contradict (issue 19). A POP not declared says nothing.
 */
export function isConsistentPop(row: { qualityClass?: unknown; pop?: unknown }): boolean {
  return !(qualityClassOf(row) === 'INERT_NATURAL_BACKGROUND' && popOf(row) === 'PRESENT');
}

/**
 * The quality step of a CUT material line in the wizard: a known class and a waste code, and a
 * hazardous code never classed as natural inert soil (message on `wasteCode`).
 */
export const cutMaterialQualitySchema = v.pipe(
  formObject({
    qualityClass: selectableQualityClassSchema,
    wasteCode: wasteCodeSchema,
  }),
  v.forward(
    v.partialCheck([['qualityClass'], ['wasteCode']], (row) => isConsistentQuality(row), matchingMessages.hazardousNotInert),
    ['wasteCode'],
  ),
);
export type CutMaterialQuality = v.InferOutput<typeof cutMaterialQualitySchema>;

/**
 * What a FILL listing accepts: its receiving use, at least one class and one code. Classes must
 * be admitted by the use (`USE_ADMITTED_CLASSES`), and an inert-only receiver accepts no
 * hazardous code. Duplicates are removed.
 */
export const fillAcceptanceSchema = v.pipe(
  formObject({
    receivingUse: receivingUseSchema,
    acceptedQualityClasses: v.pipe(
      v.array(qualityClassSchema, matchingMessages.acceptedClassesRequired),
      v.minLength(1, matchingMessages.acceptedClassesRequired),
      v.transform((list) => [...new Set(list)]),
    ),
    acceptedWasteCodes: v.pipe(
      v.array(wasteCodeSchema, matchingMessages.acceptedCodesRequired),
      v.minLength(1, matchingMessages.acceptedCodesRequired),
      v.transform((list) => [...new Set(list)]),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['receivingUse'], ['acceptedQualityClasses']],
      (input) => input.acceptedQualityClasses.every((c) => USE_ADMITTED_CLASSES[input.receivingUse].includes(c)),
      matchingMessages.classNotAllowedForUse,
    ),
    ['acceptedQualityClasses'],
  ),
  v.forward(
    v.partialCheck(
      [['receivingUse'], ['acceptedQualityClasses'], ['acceptedWasteCodes']],
      (input) => !isInertOnlyAcceptance(input) || !input.acceptedWasteCodes.some(isHazardousWasteCode),
      matchingMessages.hazardousNotForInertReceiver,
    ),
    ['acceptedWasteCodes'],
  ),
);
export type FillAcceptanceInput = v.InferInput<typeof fillAcceptanceSchema>;

/**
 * The soil-quality rules a listing must meet to be published once the wizard asks for them
 * (`validateInquiryForSubmission(…, { requireSoilQuality: true })`): every CUT line has a known
 * class and a code, consistent; a FILL listing states its acceptance. Errors are keyed by wire
 * name (`materials.0.waste_code`, `accepted_waste_codes`), like the wizard's.
 */
export function soilQualityErrors(inquiry: {
  type?: string | null;
  materials?: readonly unknown[] | null;
  groundTypeUnknown?: boolean | null;
  acceptance?: unknown;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (inquiry.type === 'CUT') {
    if (inquiry.groundTypeUnknown === true) return errors;
    (inquiry.materials ?? []).forEach((row, index) => {
      // Lines may arrive with their wire names (quality_class) from the API's storage.
      const camel = typeof row === 'object' && row !== null && !Array.isArray(row) ? toCamelKeys(row as Record<string, unknown>) : row;
      const result = v.safeParse(cutMaterialQualitySchema, camel);
      if (result.success) return;
      for (const issue of result.issues) {
        const key = issue.path?.[0]?.key;
        const field = key === 'qualityClass' ? 'quality_class' : 'waste_code';
        const path = `materials.${index}.${field}`;
        if (!(path in errors)) errors[path] = issue.message;
      }
    });
  } else if (inquiry.type === 'FILL') {
    const result = v.safeParse(fillAcceptanceSchema, inquiry.acceptance ?? {});
    if (!result.success) {
      for (const issue of result.issues) {
        const key = issue.path?.[0]?.key;
        const field =
          key === 'acceptedQualityClasses' ? 'accepted_quality_classes' : key === 'acceptedWasteCodes' ? 'accepted_waste_codes' : 'receiving_use';
        if (!(field in errors)) errors[field] = issue.message;
      }
    }
  }
  return errors;
}

/** A listing's acceptance as the wire carries it: three flat fields (`receiving_use`…). */
export interface AcceptanceFields {
  receivingUse?: string | null;
  acceptedQualityClasses?: readonly string[] | null;
  acceptedWasteCodes?: readonly string[] | null;
}

/**
 * The acceptance of a FILL listing from its three fields, or null when none is set (a FILL saved
 * before 2026-11-23, which `acceptanceOf` reads as `LEGACY_FILL_ACCEPTANCE`). Unknown values are
 * dropped; a partial acceptance is kept as it is (an empty list accepts nothing).
 */
export function acceptanceFromFields(fields: AcceptanceFields): FillAcceptance | null {
  const classes = (fields.acceptedQualityClasses ?? []).filter((c): c is QualityClass => (QUALITY_CLASSES as readonly string[]).includes(c));
  const codes = (fields.acceptedWasteCodes ?? []).map(parseWasteCode).filter((c): c is WasteCode => c !== null);
  const use = (RECEIVING_USES as readonly unknown[]).includes(fields.receivingUse) ? (fields.receivingUse as ReceivingUse) : null;
  if (use === null && classes.length === 0 && codes.length === 0) return null;
  return { receivingUse: use, acceptedQualityClasses: [...new Set(classes)], acceptedWasteCodes: [...new Set(codes)] };
}
