import * as v from 'valibot';
import { normalizeRole } from '../auth/roles';
import { isHazardousWasteCode } from '../inquiry/soil-quality';
import { fillTemplate } from '../util';
import { luhnValid, isValidSiret, siretError } from '../validators/siret';
import { isValidPostcode } from '../validators/postcode';
import { calendarDateToDisplay, toCalendarDate } from '../validators/date';
import { formObject } from '../validators/object';
import { hasControlCharacters } from '../validators/text';
import { transferMessages as m } from './messages';

// A carrier (transporteur) as an organisation keeps it and as the TEXS register's « transporteur
// n°1 » columns need it. The rules follow what Trackdéchets' register import accepts (repository
// MTES-MCT/trackdechets, commit 779f59bf47, `libs/back/registry/src/shared/schemas.ts` and
// `shared/refinement.ts`, `refineTransporterInfos` / `refineActorInfos`), written here as our own
// checks, never stricter than needed for a French earthworks carrier and never looser than that
// import: a carrier that passes `carrierSchema` maps to columns it accepts (`register-transport.ts`).

/** Transport modes of the register (`transportModeSchema`): wire values in English, as TD stores them. */
export const TRANSPORT_MODES = ['ROAD', 'RAIL', 'AIR', 'RIVER', 'SEA'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const DEFAULT_TRANSPORT_MODE: TransportMode = 'ROAD';

export const TRANSPORT_MODE_LABELS: Readonly<Record<TransportMode, string>> = {
  ROAD: 'Route',
  RAIL: 'Voie ferrée',
  AIR: 'Voie aérienne',
  RIVER: 'Voie fluviale',
  SEA: 'Voie maritime',
};

/** The French spellings TD's file import also accepts (and maps to the English ones). */
export const TRANSPORT_MODE_FILE_VALUES: Readonly<Record<TransportMode, string>> = {
  ROAD: 'ROUTE',
  RAIL: 'FERRE',
  AIR: 'AERIEN',
  RIVER: 'FLUVIAL',
  SEA: 'MARITIME',
};

/** 'route', 'Ferré', 'ROAD' -> the wire value; null for anything else. */
export function parseTransportMode(input: unknown): TransportMode | null {
  if (typeof input !== 'string') return null;
  const value = input
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  if ((TRANSPORT_MODES as readonly string[]).includes(value)) return value as TransportMode;
  const french = (Object.entries(TRANSPORT_MODE_FILE_VALUES) as [TransportMode, string][]).find(([, file]) => file === value);
  return french ? french[0] : null;
}

/**
 * Exemptions from the « récépissé de déclaration de transport de déchets » (Code de
 * l'environnement, art. R. 541-50 II). The reference document (soil-regulation.md) does not
 * quote that article; the list below was read in two public copies of it (legal.tricoteuses.fr,
 * LEGIARTI000006839125, and codes-et-lois.fr), not in the version in force on Légifrance
 * (LEGIARTI000046669839, the one Trackdéchets links): `confirmed` is true for the items both
 * copies carry, false for the one only the later copy carries. Re-read Légifrance before
 * printing them in a legal document. `coversSoil`: whether it can apply to a carrier of
 * excavated soil (only those may be chosen for a carrier here).
 */
export const RECEIPT_EXEMPTIONS = {
  OWN_WASTE: {
    item: 'R. 541-50 II 1°',
    label: 'Entreprise qui transporte les déchets qu’elle produit (installation classée)',
    coversSoil: true,
    coversHazardous: true,
    confirmed: true,
  },
  HOUSEHOLD_WASTE_COLLECTION: {
    item: 'R. 541-50 II 2°',
    label: 'Entreprise qui collecte uniquement des ordures ménagères pour le compte de collectivités publiques',
    coversSoil: false,
    coversHazardous: false,
    confirmed: true,
  },
  CLEAN_SOIL_AND_RUBBLE: {
    item: 'R. 541-50 II 3°',
    label: 'Transport de terres non souillées, de gravats, de pierres ou de matériaux de démolition propres et triés',
    coversSoil: true,
    // « Terres non souillées »: soil under a hazardous code (17 05 03*, 17 05 05*) is not.
    coversHazardous: false,
    confirmed: true,
  },
  WASTE_OIL_COLLECTOR: {
    item: 'R. 541-50 II 4°',
    label: 'Ramasseur agréé d’huiles usagées',
    coversSoil: false,
    coversHazardous: false,
    confirmed: true,
  },
  RETAILER_TAKE_BACK: {
    item: 'R. 541-50 II 5°',
    label: 'Distributeur qui reprend, en livrant des produits neufs, les déchets de produits similaires',
    coversSoil: false,
    coversHazardous: false,
    confirmed: false,
  },
} as const satisfies Record<string, { item: string; label: string; coversSoil: boolean; coversHazardous: boolean; confirmed: boolean }>;

export type ReceiptExemption = keyof typeof RECEIPT_EXEMPTIONS;
export const RECEIPT_EXEMPTION_KINDS = Object.keys(RECEIPT_EXEMPTIONS) as ReceiptExemption[];
/** The exemptions a carrier of excavated soil may claim: the options of the carrier form. */
export const SOIL_RECEIPT_EXEMPTIONS = RECEIPT_EXEMPTION_KINDS.filter((kind) => RECEIPT_EXEMPTIONS[kind].coversSoil);

/** ISO 3166-1 alpha-2 codes (officially assigned, 249). */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && ISO_COUNTRY_CODES.includes(value);
}

interface VatRule {
  /** VAT prefix (Greece writes EL, not GR). */
  prefix: string;
  /** The characters after the prefix. */
  pattern: RegExp;
  example: string;
  /** Check digits, for the countries whose rule is public and simple. */
  checkDigits?: (body: string) => boolean;
}

// Belgium: 97 − (first 8 digits mod 97) = last 2. Germany: ISO 7064 MOD 11,10. Italy: Luhn.
// Luxembourg: first 6 digits mod 89 = last 2.
const belgianCheck = (body: string) => 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));
function germanCheck(body: string): boolean {
  let product = 10;
  for (const digit of body.slice(0, 8)) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return check === Number(body[8]);
}
const luxembourgCheck = (body: string) => Number(body.slice(0, 6)) % 89 === Number(body.slice(6));

/**
 * EU member states' VAT numbers, by country (formats published by the European Commission's VIES
 * help pages). TD checks ENTREPRISE_UE identifiers with the `jsvat` library, which also checks each
 * country's check digits; we check them for the four neighbours below only (see README).
 */
export const EU_VAT_RULES: Readonly<Record<string, VatRule>> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/, example: 'BE0202239951', checkDigits: belgianCheck },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, example: 'DE136695976', checkDigits: germanCheck },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789' },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESA12345678' },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678' },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789' },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, example: 'IT00743110157', checkDigits: luhnValid },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, example: 'LU26375245', checkDigits: luxembourgCheck },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/, example: 'RO12345678' },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, example: 'SK1234567890' },
};

/** Member states other than France: a carrier there is an ENTREPRISE_UE identified by its VAT number. */
export function isEuCountry(countryCode: string): boolean {
  return Object.hasOwn(EU_VAT_RULES, countryCode);
}

/** ' be 0202.239.951 ' -> 'BE0202239951': uppercase, no spaces, dots, dashes or slashes. */
export function normalizeIdentifier(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, '');
}

/**
 * A foreign carrier's identifier, normalised (the VAT prefix added when missing), or the French
 * message that refuses it. EU: the country's VAT format (and check digits where known); elsewhere:
 * 1 to 25 capital letters and digits (TD's ENTREPRISE_HORS_UE rule, anchored here).
 */
export function checkForeignIdentifier(countryCode: string, identifier: string): { value: string } | { error: string } {
  let compact = normalizeIdentifier(identifier);
  const rule = EU_VAT_RULES[countryCode];
  // Greece's VAT prefix is EL; GR (its ISO code) is a common slip.
  if (countryCode === 'GR' && compact.startsWith('GR')) compact = `EL${compact.slice(2)}`;
  if (!rule) {
    return /^[A-Z0-9]{1,25}$/.test(compact) ? { value: compact } : { error: m.carrierIdentifierInvalid };
  }
  const hasLetters = /^[A-Z]{2}/.test(compact);
  if (hasLetters && !compact.startsWith(rule.prefix) && !rule.pattern.test(compact)) {
    // A VAT number of another country (or GR for Greece, whose VAT prefix is EL).
    return { error: fillTemplate(m.carrierVatCountryMismatch, { prefix: compact.slice(0, 2) }) };
  }
  const body = compact.startsWith(rule.prefix) ? compact.slice(rule.prefix.length) : compact;
  let normalizedBody = body;
  // Belgian numbers written with 9 digits (before 2023 the leading 0 was often left out).
  if (countryCode === 'BE' && /^\d{9}$/.test(body)) normalizedBody = `0${body}`;
  if (!rule.pattern.test(normalizedBody) || (rule.checkDigits && !rule.checkDigits(normalizedBody))) {
    return { error: fillTemplate(m.carrierVatInvalid, { example: rule.example }) };
  }
  return { value: `${rule.prefix}${normalizedBody}` };
}

/** French department codes of the prefectures that issue receipts: 01–95 (2A, 2B for Corsica), 971–974, 976. */
export function normalizeDepartment(input: string): string | null {
  const value = input.trim().toUpperCase();
  if (/^2[AB]$/.test(value)) return value;
  if (/^97[1-46]$/.test(value)) return value;
  if (!/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  if (n < 1 || n > 95 || n === 20) return null;
  return String(n).padStart(2, '0');
}


/** Trimmed single-line text: no control character, 1 to `max` characters. */
function singleLine(required: string, max: number, tooLong: string) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.check((value) => !hasControlCharacters(value), m.carrierTextControlCharacters),
    v.maxLength(max, tooLong),
  );
}

function optionalSingleLine(max: number, tooLong: string) {
  return v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => !hasControlCharacters(value), m.carrierTextControlCharacters),
      v.maxLength(max, tooLong),
    ),
  );
}


/** TD's limits: names and addresses at most 150 characters (its message; its code allows 250), city 45, receipt 50. */
export const CARRIER_LIMITS = { name: 150, street: 150, city: 45, receiptNumber: 50 } as const;

/** Field labels of the carrier form, keyed by the schema's (camelCase) field names. */
export const CARRIER_FIELD_LABELS = {
  countryCode: 'Pays',
  siret: 'SIRET',
  identifier: 'Numéro d’identification (TVA ou autre)',
  name: 'Raison sociale',
  street: 'Adresse',
  postcode: 'Code postal',
  city: 'Commune',
  transportMode: 'Mode de transport',
  receiptNumber: 'Numéro du récépissé de déclaration de transport de déchets',
  receiptDepartment: 'Département du récépissé',
  receiptValidUntil: 'Fin de validité du récépissé',
  exemption: 'Exemption de récépissé (art. R. 541-50 du Code de l’environnement)',
} as const;

export interface CarrierReceipt {
  number: string;
  /** Department of the prefecture that issued it ('69', '2A', '974'). */
  department: string;
  /** Last day it is valid, 'YYYY-MM-DD' (included). */
  validUntil: string;
}

export interface Carrier {
  /** ISO 3166-1 alpha-2; 'FR' for a carrier established in France. */
  countryCode: string;
  /** 14 digits, for a French carrier; null otherwise. */
  siret: string | null;
  /** A foreign carrier's VAT number (EU) or other identifier, normalised; null for a French one. */
  identifier: string | null;
  name: string;
  street: string;
  postcode: string;
  city: string;
  transportMode: TransportMode;
  receipt: CarrierReceipt | null;
  exemption: ReceiptExemption | null;
}

/** A carrier as flat fields (its receipt spread out), as the API stores it and the wire carries it. */
export interface CarrierColumns extends Omit<Carrier, 'receipt'> {
  receiptNumber: string | null;
  receiptDepartment: string | null;
  receiptValidUntil: string | null;
}

/** The flat fields of a carrier: the API's columns, and (in snake_case) the portal's request body. */
export function carrierColumns(carrier: Carrier): CarrierColumns {
  const { receipt, ...rest } = carrier;
  return {
    ...rest,
    receiptNumber: receipt?.number ?? null,
    receiptDepartment: receipt?.department ?? null,
    receiptValidUntil: receipt?.validUntil ?? null,
  };
}

const FOREIGN_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9\- ]{2,9}[A-Za-z0-9]$/;

const carrierObject = formObject({
  countryCode: v.pipe(
    v.optional(v.string(m.carrierCountryRequired), 'FR'),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty(m.carrierCountryRequired),
    v.check((value: string) => isCountryCode(value), m.carrierCountryInvalid),
  ),
  siret: v.nullish(v.pipe(v.string(m.carrierSiretRequired), v.transform((value) => value.replace(/\s+/g, '')))),
  identifier: v.nullish(v.pipe(v.string(m.carrierIdentifierRequired), v.trim())),
  name: singleLine(m.carrierNameRequired, CARRIER_LIMITS.name, m.carrierNameTooLong),
  street: singleLine(m.carrierStreetRequired, CARRIER_LIMITS.street, m.carrierStreetTooLong),
  postcode: singleLine(m.carrierPostcodeRequired, 20, m.carrierPostcodeForeign),
  city: singleLine(m.carrierCityRequired, CARRIER_LIMITS.city, m.carrierCityTooLong),
  transportMode: v.pipe(
    v.optional(v.string(m.carrierTransportModeInvalid), DEFAULT_TRANSPORT_MODE),
    v.check((value) => parseTransportMode(value) !== null, m.carrierTransportModeInvalid),
    v.transform((value) => parseTransportMode(value) as TransportMode),
  ),
  receiptNumber: optionalSingleLine(CARRIER_LIMITS.receiptNumber, m.carrierReceiptNumberTooLong),
  receiptDepartment: v.nullish(
    v.pipe(v.string(m.carrierReceiptDepartmentInvalid), v.trim(), v.check((value) => value === '' || normalizeDepartment(value) !== null, m.carrierReceiptDepartmentInvalid)),
  ),
  receiptValidUntil: v.nullish(
    v.pipe(v.string(m.carrierReceiptValidUntilInvalid), v.trim(), v.check((value) => value === '' || toCalendarDate(value) !== null, m.carrierReceiptValidUntilInvalid)),
  ),
  exemption: v.nullish(v.picklist(SOIL_RECEIPT_EXEMPTIONS, m.carrierExemptionInvalid)),
});

type CarrierInputShape = v.InferOutput<typeof carrierObject>;
type CarrierFieldName = keyof CarrierInputShape;
type FieldIssue = { field: CarrierFieldName; message: string };

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The rules that depend on the country (French vs foreign) and on receipt vs exemption. They
 * run in the same pass as the fields' own rules (a form shows « SIRET requis » with « Raison
 * sociale requise », not in a second round): `readable(field)` says whether that field passed its
 * own rule; a rule reads only readable fields, and a field that already has its own message gets
 * no second one. A field that failed keeps its input in `input` (a string, or whatever was sent),
 * which still tells whether something was typed there.
 */
function carrierCrossIssues(input: Partial<Record<CarrierFieldName, unknown>>, readable: (field: CarrierFieldName) => boolean): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const push = (field: CarrierFieldName, message: string) => {
    if (readable(field)) issues.push({ field, message });
  };
  const value = (field: CarrierFieldName): string | null => (readable(field) && typeof input[field] === 'string' ? input[field] : null);
  const country = value('countryCode');
  const french = country === 'FR';
  if (country === null) {
    // Unknown country: neither the French nor the foreign rules can be told apart yet.
  } else if (french) {
    const siret = value('siret');
    if (!filled(siret)) push('siret', m.carrierSiretRequired);
    else {
      const error = siretError(siret);
      if (error !== null) push('siret', error);
    }
    if (filled(value('identifier'))) push('identifier', m.carrierIdentifierFrench);
    // TD: 5 or 6 digits for an ETABLISSEMENT_FR; the platform's French postcode rule is stricter (5).
    const raw = value('postcode');
    const postcode = raw?.replace(/\s+/g, '');
    if (postcode !== undefined && (!/^\d{5}$/.test(postcode) || !isValidPostcode(postcode))) push('postcode', m.carrierPostcodeFrench);
  } else {
    if (filled(value('siret'))) push('siret', m.carrierSiretForeign);
    const identifier = value('identifier');
    if (!filled(identifier)) push('identifier', m.carrierIdentifierRequired);
    else {
      const checked = checkForeignIdentifier(country, identifier);
      if ('error' in checked) push('identifier', checked.error);
    }
    const postcode = value('postcode');
    if (postcode !== null && !FOREIGN_POSTCODE.test(postcode)) push('postcode', m.carrierPostcodeForeign);
    if (input.exemption != null && input.exemption !== '') push('exemption', m.carrierExemptionForeign);
  }
  // Something typed in a receipt field counts even when that field is refused (a bad department).
  const receiptGiven = filled(input.receiptNumber) || filled(input.receiptDepartment) || filled(input.receiptValidUntil);
  const exempt = input.exemption != null && input.exemption !== '';
  if (receiptGiven) {
    if (exempt) push('exemption', m.carrierReceiptAndExemption);
    if (!filled(input.receiptNumber)) push('receiptNumber', m.carrierReceiptNumberRequired);
    if (!filled(input.receiptDepartment)) push('receiptDepartment', m.carrierReceiptDepartmentInvalid);
    if (!filled(input.receiptValidUntil)) push('receiptValidUntil', m.carrierReceiptValidUntilInvalid);
  } else if (french && !exempt) {
    // TD: « Le numéro de récépissé est obligatoire si le transporteur n'indique pas en être exempté » (French carriers only).
    push('receiptNumber', m.carrierReceiptOrExemption);
  }
  return issues;
}

function toCarrier(input: CarrierInputShape): Carrier {
  const french = input.countryCode === 'FR';
  const checked = !french && filled(input.identifier) ? checkForeignIdentifier(input.countryCode, input.identifier) : null;
  const receipt =
    filled(input.receiptNumber) && filled(input.receiptDepartment) && filled(input.receiptValidUntil)
      ? {
          number: input.receiptNumber,
          department: normalizeDepartment(input.receiptDepartment) as string,
          validUntil: toCalendarDate(input.receiptValidUntil) as string,
        }
      : null;
  return {
    countryCode: input.countryCode,
    siret: french ? (input.siret ?? null) : null,
    identifier: checked && 'value' in checked ? checked.value : null,
    name: input.name,
    street: input.street,
    postcode: french ? input.postcode.replace(/\s+/g, '') : input.postcode.toUpperCase(),
    city: input.city,
    transportMode: input.transportMode,
    receipt,
    exemption: receipt ? null : (input.exemption ?? null),
  };
}

/**
 * A carrier as a form or the API sends it (camelCase, flat): French by SIRET (country FR, the
 * default) or foreign by country and identifier; receipt (number, department, last valid day) or
 * an exemption for a French carrier. Output: the normalised `Carrier`.
 */
export const carrierSchema = v.pipe(
  carrierObject,
  v.rawCheck(({ dataset, addIssue }) => {
    // Runs whether or not every field parsed (valibot runs a pipe's checks after a failed schema
    // unless told to abort early), so field and cross-field messages come in one pass.
    const value = dataset.value;
    if (typeof value !== 'object' || value === null) return;
    const input = value as Partial<Record<CarrierFieldName, unknown>>;
    const refused = new Set<unknown>();
    for (const issue of dataset.issues ?? []) {
      const first = issue.path?.[0];
      if (first && 'key' in first) refused.add(first.key);
    }
    for (const issue of carrierCrossIssues(input, (field) => !refused.has(field))) {
      addIssue({
        message: issue.message,
        path: [{ type: 'object', origin: 'value', input: value as Record<string, unknown>, key: issue.field, value: input[issue.field] }],
      });
    }
  }),
  v.transform(toCarrier),
);
export type CarrierInput = v.InferInput<typeof carrierSchema>;

/** Whether the carrier is established outside France. */
export function isForeignCarrier(carrier: Pick<Carrier, 'countryCode'>): boolean {
  return carrier.countryCode !== 'FR';
}

export type CarrierRefusalCode = 'ARCHIVED' | 'NO_RECEIPT' | 'RECEIPT_EXPIRED' | 'EXEMPTION_NOT_FOR_HAZARDOUS';
export type CarrierUsability = { usable: true } | { usable: false; code: CarrierRefusalCode; message: string };

/** What `carrierUsableOn` reads: a stored carrier (its name for the message, archived or not). */
export type CarrierForUse = Pick<Carrier, 'name' | 'countryCode' | 'receipt' | 'exemption'> & { archived?: boolean };

/**
 * Whether the carrier may be chosen for a load leaving on `date` ('YYYY-MM-DD', or an ISO
 * date-time taken as its Paris day): its receipt valid that day (the last valid day included), or
 * an exemption that covers the load's waste code; a foreign carrier needs neither (TD asks the
 * receipt of French carriers only). Refusals carry their French message.
 */
export function carrierUsableOn(carrier: CarrierForUse, date: string, options: { wasteCode?: string | null } = {}): CarrierUsability {
  const name = `« ${carrier.name} »`;
  if (carrier.archived) return { usable: false, code: 'ARCHIVED', message: fillTemplate(m.carrierArchived, { name }) };
  if (carrier.exemption) {
    const exemption = RECEIPT_EXEMPTIONS[carrier.exemption];
    if (options.wasteCode && isHazardousWasteCode(options.wasteCode) && !exemption.coversHazardous) {
      return {
        usable: false,
        code: 'EXEMPTION_NOT_FOR_HAZARDOUS',
        message: fillTemplate(m.carrierExemptionNotForHazardous, { name, code: options.wasteCode }),
      };
    }
    return { usable: true };
  }
  if (carrier.receipt) {
    const day = toCalendarDate(date);
    if (day !== null && day > carrier.receipt.validUntil) {
      return {
        usable: false,
        code: 'RECEIPT_EXPIRED',
        message: fillTemplate(m.carrierReceiptExpired, { name, date: calendarDateToDisplay(carrier.receipt.validUntil) }),
      };
    }
    return { usable: true };
  }
  if (isForeignCarrier(carrier)) return { usable: true };
  return { usable: false, code: 'NO_RECEIPT', message: fillTemplate(m.carrierNoReceipt, { name }) };
}

/**
 * Who edits an organisation's carriers (issue 18): its owner, or an admin for any organisation;
 * employees only pick them for loads.
 */
export function canManageCarriers(actor: { role: unknown; organizationId?: string | null }, carrierOrganizationId: string): boolean {
  const role = normalizeRole(actor.role);
  if (role === 'ADMIN') return true;
  return role === 'OWNER' && actor.organizationId === carrierOrganizationId;
}

/** Whether the SIRET is a valid French carrier's (spaces ignored): for lookups and imports. */
export function isValidCarrierSiret(value: string): boolean {
  return isValidSiret(value.replace(/\s+/g, ''));
}
