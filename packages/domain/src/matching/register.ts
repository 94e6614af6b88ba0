import { parseParcelId } from '../inquiry/parcel';
import { isHazardousWasteCode, type WasteCode } from '../inquiry/soil-quality';
import { fillTemplate } from '../util';
import { isValidSiret } from '../validators/siret';
import { isValidPostcode } from '../validators/postcode';
import { readNow, todayInParis, toCalendarDate, type Now } from '../validators/date';
import { DEFAULT_SOIL_DENSITY_T_PER_M3 } from './config';
import { matchingMessages } from './messages';

// The national excavated-soil register (RNDTS) as Trackdéchets implements it: one line of the
// outgoing TEXS register (« registre des terres excavées et sédiments sortants », declared by the
// excavation site) and one of the incoming register (declared by the receiving site) per
// processed transfer. Field names and French column headers are Trackdéchets' (repository
// MTES-MCT/trackdechets, commit 779f59bf of May 2026: `libs/back/registry/src/{outgoing,incoming}Texs/
// constants.ts` for the headers, `…/validation/schema.ts` and `shared/schemas.ts` for the values),
// so a file made from these rows imports unchanged (headers are matched ignoring case, accents and
// surrounding spaces; missing columns are allowed; values as their CSV/XLSX import reads them).

const TRANSPORTER_PARTS = [
  ['TransportMode', 'Mode de transport du transporteur n°{n}'],
  ['CompanyType', 'Type de transporteur n°{n}'],
  ['CompanyOrgId', "Numéro d'identification du transporteur n°{n}"],
  ['CompanyName', 'Raison sociale du transporteur n°{n}'],
  ['CompanyAddress', "Libellé de l'adresse du transporteur n°{n}"],
  ['CompanyPostalCode', 'Code postal du transporteur n°{n}'],
  ['CompanyCity', 'Commune du transporteur n°{n}'],
  ['CompanyCountryCode', 'Code pays du transporteur n°{n}'],
  ['RecepisseIsExempted', 'Exemption de récépissé du transporteur n°{n}'],
  ['RecepisseNumber', 'Numéro de récépissé du transporteur n°{n}'],
] as const;
type TransporterField = `transporter${1 | 2 | 3 | 4 | 5}${(typeof TRANSPORTER_PARTS)[number][0]}`;

function transporterHeaders(): Record<TransporterField, string> {
  const headers: Record<string, string> = {};
  for (const n of [1, 2, 3, 4, 5]) {
    for (const [suffix, header] of TRANSPORTER_PARTS) headers[`transporter${n}${suffix}`] = header.replace('{n}', String(n));
  }
  return headers as Record<TransporterField, string>;
}

const SHARED_TRADE_HEADERS = {
  ecoOrganismeSiret: "SIRET de l'éco-organisme",
  ecoOrganismeName: "Raison sociale de l'éco-organisme",
  brokerCompanySiret: 'SIRET du courtier',
  brokerCompanyName: 'Raison sociale du courtier',
  brokerRecepisseNumber: 'Numéro de récépissé du courtier',
  traderCompanySiret: 'SIRET du négociant',
  // Trackdéchets' outgoing header ends with a space here; its import trims headers.
  traderCompanyName: 'Raison sociale du négociant',
  traderRecepisseNumber: 'Numéro de récépissé du négociant',
} as const;

const INITIAL_EMITTER_HEADERS = {
  initialEmitterCompanyType: 'Type de producteur initial',
  initialEmitterCompanyOrgId: "Numéro d'identification du producteur initial",
  initialEmitterCompanyName: 'Raison sociale du producteur initial',
  initialEmitterCompanyAddress: "Libellé de l'adresse du producteur initial",
  initialEmitterCompanyPostalCode: 'Code postal du producteur initial',
  initialEmitterCompanyCity: 'Commune du producteur initial',
  initialEmitterCompanyCountryCode: 'Code pays du producteur initial',
  initialEmitterMunicipalitiesInseeCodes: 'Code(s) INSEE de(s) commune(s)',
} as const;

/** Outgoing TEXS register: field name -> column header, in Trackdéchets' column order. */
export const OUTGOING_TEXS_HEADERS = {
  reason: 'Motif',
  publicId: 'Identifiant unique',
  reportAsCompanySiret: 'SIRET du déclarant',
  reportForCompanySiret: "SIRET de l'expéditeur ou du détenteur",
  reportForPickupSiteName: "Référence du chantier ou du lieu de collecte de l'expéditeur ou du détenteur",
  reportForPickupSiteAddress: "Libellé de l'adresse du chantier ou du lieu de collecte de l'expéditeur ou du détenteur",
  reportForPickupSitePostalCode: "Code postal du chantier ou du lieu de collecte de l'expéditeur ou du détenteur",
  reportForPickupSiteCity: "Commune du chantier ou du lieu de collecte de l'expéditeur ou du détenteur",
  reportForPickupSiteCountryCode: "Code pays du chantier ou du lieu de collecte de l'expéditeur ou du détenteur",
  wasteDescription: 'Dénomination usuelle des terres excavées et sédiments ou des déchets',
  wasteCode: 'Code déchet',
  wasteCodeBale: 'Code déchet Bâle',
  wastePop: 'POP',
  wasteIsDangerous: 'Dangereux',
  wasteDap: 'DAP',
  dispatchDate: "Date d'expédition",
  weightValue: 'Poids en tonnes',
  weightIsEstimate: 'Type de poids',
  volume: 'Volume en M3',
  ...INITIAL_EMITTER_HEADERS,
  parcelInseeCodes: 'Codes INSEE des parcelles',
  parcelNumbers: 'Numéro(s) des parcelles',
  parcelCoordinates: 'Coordonnées des parcelles',
  sisIdentifier: 'Identifiant SIS du terrain',
  destinationCompanyType: 'Type de destinataire',
  destinationCompanyOrgId: "Numéro d'identification du destinataire",
  destinationCompanyName: 'Raison sociale du destinataire',
  destinationCompanyAddress: "Libellé de l'adresse du destinataire",
  destinationCompanyPostalCode: 'Code postal du destinataire',
  destinationCompanyCity: 'Commune du destinataire',
  destinationCompanyCountryCode: 'Code pays du destinataire',
  destinationDropSiteAddress: "Libellé de l'adresse de dépôt du destinataire",
  destinationDropSitePostalCode: "Code postal de l'adresse de dépôt du destinataire",
  destinationDropSiteCity: "Commune de l'adresse de dépôt du destinataire",
  destinationDropSiteCountryCode: "Code pays de l'adresse de dépôt du destinataire",
  // A no-break space after « notification », as in Trackdéchets (its import compares headers exactly, bar case and accents).
  gistridNumber: 'Numéro de notification\u00a0ou de déclaration GISTRID',
  movementNumber: 'Numéro de mouvement',
  operationCode: 'Code de traitement prévu',
  operationMode: 'Mode de traitement prévu',
  isUpcycled: 'Terre valorisée',
  destinationParcelInseeCodes: 'Codes INSEE des parcelles de destination si valorisation',
  destinationParcelNumbers: 'Numéro(s) des parcelles de destination si valorisation',
  destinationParcelCoordinates: 'Coordonnées des parcelles de destination si valorisation',
  ...SHARED_TRADE_HEADERS,
  isDirectSupply: 'Approvisionnement direct',
  ...transporterHeaders(),
} as const satisfies Record<string, string>;

/** Incoming TEXS register: field name -> column header, in Trackdéchets' column order. */
export const INCOMING_TEXS_HEADERS = {
  reason: 'Motif',
  publicId: 'Identifiant unique',
  reportAsCompanySiret: 'SIRET du déclarant',
  reportForCompanySiret: 'SIRET du destinataire',
  wasteDescription: 'Dénomination usuelle des terres et sédiments ou des déchets',
  wasteCode: 'Code déchet',
  wasteCodeBale: 'Code déchet Bâle',
  wastePop: 'POP',
  wasteIsDangerous: 'Dangereux',
  wasteDap: 'DAP',
  receptionDate: 'Date de réception',
  weightValue: 'Poids en tonnes',
  weightIsEstimate: 'Type de poids',
  volume: 'Volume en M3',
  parcelInseeCodes: 'Codes INSEE des parcelles',
  parcelNumbers: 'Numéro(s) des parcelles',
  parcelCoordinates: 'Coordonnées des parcelles',
  sisIdentifier: 'Identifiant SIS du terrain',
  ...INITIAL_EMITTER_HEADERS,
  emitterCompanyType: "Type d'expéditeur ou détenteur",
  emitterCompanyOrgId: "Numéro d'identification de l'expéditeur ou détenteur",
  emitterCompanyName: "Raison sociale de l'expéditeur ou détenteur",
  emitterCompanyAddress: "Libellé de l'adresse de l'expéditeur ou détenteur",
  emitterCompanyPostalCode: "Code postal de l'expéditeur ou détenteur",
  emitterCompanyCity: "Commune de l'expéditeur ou détenteur",
  emitterCompanyCountryCode: "Code pays de l'expéditeur ou détenteur",
  emitterPickupSiteName: "Référence du chantier ou du lieu de collecte de l'expéditeur",
  emitterPickupSiteAddress: "Libellé de l'adresse de prise en charge de l'expéditeur ou détenteur",
  emitterPickupSitePostalCode: "Code postal de prise en charge de l'expéditeur ou détenteur",
  emitterPickupSiteCity: "Commune de prise en charge de l'expéditeur ou détenteur",
  emitterPickupSiteCountryCode: "Code pays de prise en charge de l'expéditeur ou détenteur",
  ttdImportNumber: "Numéro de notification ou de déclaration d'import",
  movementNumber: 'Numéro de mouvement',
  ...SHARED_TRADE_HEADERS,
  operationCode: 'Code de traitement réalisé',
  operationMode: 'Mode de traitement',
  noTraceability: 'Rupture de traçabilité autorisée',
  nextOperationCode: 'Code de traitement ultérieur prévue',
  isUpcycled: 'Terre valorisée',
  destinationParcelInseeCodes: 'Codes INSEE des parcelles si valorisation',
  destinationParcelNumbers: 'Numéro(s) des parcelles si valorisation',
  destinationParcelCoordinates: 'Coordonnées des parcelles si valorisation',
  isDirectSupply: 'Approvisionnement direct',
  ...transporterHeaders(),
} as const satisfies Record<string, string>;

export type OutgoingTexsField = keyof typeof OUTGOING_TEXS_HEADERS;
export type IncomingTexsField = keyof typeof INCOMING_TEXS_HEADERS;

/** A cell: text, number, yes/no, a list (joined by commas in files), or empty. */
export type TexsValue = string | number | boolean | readonly string[] | null;
export type OutgoingTexsRow = Record<OutgoingTexsField, TexsValue>;
export type IncomingTexsRow = Record<IncomingTexsField, TexsValue>;

/** Trackdéchets' limits of one line: weight and volume at most 10 000, three decimals. */
export const TEXS_MAX_QUANTITY_PER_LINE = 10_000;
export const TEXS_PUBLIC_ID_MAX_LENGTH = 36;

/**
 * Operation code of a backfill transfer: R 5 « Recyclage ou récupération d'autres matières
 * inorganiques » (assumed: no source states « remblayage = R 5 »), with the mode « autres
 * valorisations » (backfilling is recovery, not recycling: directive 2008/98/CE art. 3(17)).
 */
export const TEXS_BACKFILL_OPERATION_CODE = 'R 5';
export const TEXS_BACKFILL_OPERATION_MODE = 'AUTRES_VALORISATIONS';

export interface RegisterCompany {
  siret: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
}

export interface RegisterSite {
  /** The site's reference (the listing's project name), at most 300 characters. */
  name?: string | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  /** Cadastre ids, 14 characters (`68224000AB0123`). */
  parcelIds?: readonly string[] | null;
  latitude?: number | null;
  longitude?: number | null;
  /** « Secteur d'information sur les sols » id, when the land is in one. */
  sisIdentifier?: string | null;
}

export interface RegisterTransporter extends RegisterCompany {
  recepisseNumber?: string | null;
  /** The haulier states it is exempt from the carrier's receipt (récépissé). */
  recepisseExempted?: boolean;
}

/** A processed transfer, as the API assembles it from the match, both listings and organisations. */
export interface ProcessedTransfer {
  /** The platform's transfer (match) id: the lines' `publicId`. */
  id: string;
  /** Day the soil left the excavation site, 'YYYY-MM-DD'. */
  dispatchDate: string;
  /** Day the receiving site took it; the dispatch day when not known. */
  receptionDate?: string | null;
  wasteCode: WasteCode;
  /** Usual name of the soil, 2 to 300 characters (e.g. « Terre Végétale – Bonne qualité »). */
  wasteDescription: string;
  /** Volume actually moved, m³ in place. */
  volumeM3: number;
  /** Weighed tonnes; when missing, estimated as volume × density and declared ESTIME. */
  weightTonnes?: number | null;
  /** t/m³ of that estimate: the matching's configured soil density; 1.7 when missing. */
  soilDensityTonnesPerM3?: number | null;
  /**
   * Persistent organic pollutants: true or false when known; null when the platform does not
   * know it (the cell is left empty, « Dangereux » too unless the code is starred, and
   * `registerIssues` asks for it: Trackdéchets requires the column). Missing: false, as before.
   */
  pop?: boolean | null;
  /** The soil analyses' references (the CUT listing's): « DAP » when at most 50 characters (`texsDapOf`). */
  analysisReference?: string | null;
  /** Excavation site's maître d'ouvrage (the CUT listing's project owner or organisation). */
  producer: RegisterCompany;
  productionSite: RegisterSite;
  /** Receiving site's aménageur (the FILL listing's project owner or organisation). */
  receiver: RegisterCompany;
  receivingSite: RegisterSite;
  transporter?: RegisterTransporter | null;
  operationCode?: string;
  operationMode?: string;
}

/**
 * '68224000AB0123' -> { inseeCode: '68224', number: '0-AB-123' }: the register wants the commune's
 * INSEE code and « préfixe-section-numéro » without padding (`^\d{1,3}-[A-Z0-9]{1,2}-\d{1,4}$`,
 * e.g. 123-A-4567). Null for an id that does not fit that shape.
 */
export function registerParcel(parcelId: string): { inseeCode: string; number: string } | null {
  const id = parseParcelId(parcelId);
  if (id === null) return null;
  const prefix = id.slice(5, 8);
  const section = id.slice(8, 10).replace(/^0(?=.)/, '');
  const number = id.slice(10, 14);
  if (!/^\d{3}$/.test(prefix) || !/^\d{4}$/.test(number) || !/^[A-Z0-9]{1,2}$/.test(section)) return null;
  return { inseeCode: id.slice(0, 5), number: `${Number(prefix)}-${section}-${Number(number)}` };
}

interface SiteLocation {
  inseeCodes: string[];
  numbers: string[];
  coordinates: string[];
}

/** Parcels (when every id converts) and the site's coordinates ('lat lon', dot decimals, WGS 84). */
function siteLocation(site: RegisterSite): SiteLocation {
  const converted = (site.parcelIds ?? []).map(registerParcel);
  const parcels = converted.length > 0 && converted.every((p) => p !== null) ? (converted as { inseeCode: string; number: string }[]) : [];
  const hasPoint =
    typeof site.latitude === 'number' && typeof site.longitude === 'number' && Number.isFinite(site.latitude) && Number.isFinite(site.longitude);
  return {
    inseeCodes: parcels.map((p) => p.inseeCode),
    numbers: parcels.map((p) => p.number),
    coordinates: hasPoint ? [`${roundCoordinate(site.latitude as number)} ${roundCoordinate(site.longitude as number)}`] : [],
  };
}

// Six decimals is about 0.1 m; String() never writes an exponent for these magnitudes.
function roundCoordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The quantities of the lines of one transfer: as many lines as needed to keep each within
 * 10 000 t and 10 000 m³, shares rounded to 3 decimals and the last line taking the remainder,
 * so the lines add up exactly to the transfer.
 */
export function splitQuantities(volumeM3: number, weightTonnes: number): { volume: number; weight: number }[] {
  const count = Math.max(1, Math.ceil(round3(volumeM3) / TEXS_MAX_QUANTITY_PER_LINE), Math.ceil(round3(weightTonnes) / TEXS_MAX_QUANTITY_PER_LINE));
  const lines: { volume: number; weight: number }[] = [];
  let volumeLeft = round3(volumeM3);
  let weightLeft = round3(weightTonnes);
  for (let i = 0; i < count; i++) {
    const last = i === count - 1;
    const volume = last ? volumeLeft : round3(volumeM3 / count);
    const weight = last ? weightLeft : round3(weightTonnes / count);
    lines.push({ volume: round3(volume), weight: round3(weight) });
    volumeLeft = round3(volumeLeft - volume);
    weightLeft = round3(weightLeft - weight);
  }
  return lines;
}

/**
 * A line's `publicId` (1–36 characters among letters, digits, - _ . /): the transfer id, with
 * '-2', '-3'… when split. The suffix is never cut: when the id and its suffix exceed 36
 * characters, the id loses its dashes, then its end (before issue 19 the suffix was cut, and two
 * lines of one transfer could carry the same id). Callers give ids short enough to stay unique
 * (load numbers, or a match id shortened with its code); the export refuses a file that still
 * repeats an id (`repeatedPublicIds`).
 */
export function texsPublicId(transferId: string, index: number, count: number): string {
  const suffix = count > 1 ? `-${index + 1}` : '';
  const room = TEXS_PUBLIC_ID_MAX_LENGTH - suffix.length;
  const base = transferId.length <= room ? transferId : transferId.replace(/-/g, '').slice(0, room);
  return `${base}${suffix}`;
}

/** The ids that appear more than once among the lines (Trackdéchets keeps one line per id and declarant). */
export function repeatedPublicIds(rows: readonly { publicId: TexsValue }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const row of rows) {
    const id = String(row.publicId ?? '');
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [...repeated];
}

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** Trackdéchets' limit of « DAP » (`wasteDap`: trimmed, at most 50 characters, free format). */
export const TEXS_DAP_MAX_LENGTH = 50;

/**
 * « DAP »: the CUT listing's analysis references (« numéro de bordereau d'analyse chimique … »,
 * free format) when they fit Trackdéchets' 50 characters; longer references are left out (never
 * cut: a truncated reference names another report) and `registerIssues` asks for the number.
 */
export function texsDapOf(analysisReferences: string | null | undefined): string | null {
  const value = text(analysisReferences);
  return value !== null && value.length <= TEXS_DAP_MAX_LENGTH ? value : null;
}
// The register reads SIRETs without spaces ('123 456 789 00012' -> '12345678900012').
const siret = (value: string) => value.replace(/\s+/g, '');

function emptyTransporters(): Record<TransporterField, TexsValue> {
  return Object.fromEntries(Object.keys(transporterHeaders()).map((field) => [field, null])) as Record<TransporterField, TexsValue>;
}

function transporterCells(transporter: RegisterTransporter | null | undefined): Record<TransporterField, TexsValue> {
  const cells = emptyTransporters();
  if (!transporter) return cells;
  cells.transporter1TransportMode = 'ROUTE';
  cells.transporter1CompanyType = 'ETABLISSEMENT_FR';
  cells.transporter1CompanyOrgId = siret(transporter.siret);
  cells.transporter1CompanyName = transporter.name;
  cells.transporter1CompanyAddress = transporter.street;
  cells.transporter1CompanyPostalCode = transporter.postcode;
  cells.transporter1CompanyCity = transporter.city;
  cells.transporter1CompanyCountryCode = 'FR';
  cells.transporter1RecepisseIsExempted = transporter.recepisseExempted === true;
  cells.transporter1RecepisseNumber = transporter.recepisseExempted === true ? null : (transporter.recepisseNumber ?? null);
  return cells;
}

function lineQuantities(transfer: ProcessedTransfer) {
  const estimated = !(typeof transfer.weightTonnes === 'number' && transfer.weightTonnes > 0);
  const density =
    typeof transfer.soilDensityTonnesPerM3 === 'number' && transfer.soilDensityTonnesPerM3 > 0 ? transfer.soilDensityTonnesPerM3 : DEFAULT_SOIL_DENSITY_T_PER_M3;
  const weight = estimated ? transfer.volumeM3 * density : (transfer.weightTonnes as number);
  return { estimated, lines: splitQuantities(transfer.volumeM3, weight) };
}

/**
 * The outgoing register's lines of a transfer (declared for the excavation site's SIRET). The
 * soil is « valorisée » (backfill, R 5), carried by road by the transporter when given.
 */
export function outgoingTexsRows(transfer: ProcessedTransfer): OutgoingTexsRow[] {
  const { estimated, lines } = lineQuantities(transfer);
  const origin = siteLocation(transfer.productionSite);
  const destination = siteLocation(transfer.receivingSite);
  return lines.map(({ volume, weight }, index) => ({
    reason: null,
    publicId: texsPublicId(transfer.id, index, lines.length),
    reportAsCompanySiret: null,
    reportForCompanySiret: siret(transfer.producer.siret),
    reportForPickupSiteName: text(transfer.productionSite.name)?.slice(0, 300) ?? null,
    reportForPickupSiteAddress: text(transfer.productionSite.street),
    reportForPickupSitePostalCode: text(transfer.productionSite.postcode),
    reportForPickupSiteCity: text(transfer.productionSite.city),
    reportForPickupSiteCountryCode: 'FR',
    wasteDescription: transfer.wasteDescription.trim(),
    wasteCode: transfer.wasteCode,
    wasteCodeBale: null,
    wastePop: transfer.pop === null ? null : transfer.pop === true,
    wasteIsDangerous: transfer.pop === true || isHazardousWasteCode(transfer.wasteCode) ? true : transfer.pop === null ? null : false,
    wasteDap: texsDapOf(transfer.analysisReference),
    dispatchDate: transfer.dispatchDate,
    weightValue: weight,
    weightIsEstimate: estimated,
    volume,
    initialEmitterCompanyType: null,
    initialEmitterCompanyOrgId: null,
    initialEmitterCompanyName: null,
    initialEmitterCompanyAddress: null,
    initialEmitterCompanyPostalCode: null,
    initialEmitterCompanyCity: null,
    initialEmitterCompanyCountryCode: null,
    initialEmitterMunicipalitiesInseeCodes: null,
    parcelInseeCodes: origin.inseeCodes,
    parcelNumbers: origin.numbers,
    parcelCoordinates: origin.coordinates,
    sisIdentifier: text(transfer.productionSite.sisIdentifier),
    destinationCompanyType: 'ETABLISSEMENT_FR',
    destinationCompanyOrgId: siret(transfer.receiver.siret),
    destinationCompanyName: transfer.receiver.name,
    destinationCompanyAddress: transfer.receiver.street,
    destinationCompanyPostalCode: transfer.receiver.postcode,
    destinationCompanyCity: transfer.receiver.city,
    destinationCompanyCountryCode: 'FR',
    destinationDropSiteAddress: text(transfer.receivingSite.street),
    destinationDropSitePostalCode: text(transfer.receivingSite.postcode),
    destinationDropSiteCity: text(transfer.receivingSite.city),
    destinationDropSiteCountryCode: 'FR',
    gistridNumber: null,
    movementNumber: null,
    operationCode: transfer.operationCode ?? TEXS_BACKFILL_OPERATION_CODE,
    operationMode: transfer.operationMode ?? TEXS_BACKFILL_OPERATION_MODE,
    isUpcycled: true,
    destinationParcelInseeCodes: destination.inseeCodes,
    destinationParcelNumbers: destination.numbers,
    destinationParcelCoordinates: destination.coordinates,
    ecoOrganismeSiret: null,
    ecoOrganismeName: null,
    brokerCompanySiret: null,
    brokerCompanyName: null,
    brokerRecepisseNumber: null,
    traderCompanySiret: null,
    traderCompanyName: null,
    traderRecepisseNumber: null,
    isDirectSupply: false,
    ...transporterCells(transfer.transporter),
  }));
}

/**
 * The incoming register's lines of a transfer (declared for the receiving site's SIRET; the
 * register accepts them only from a site Trackdéchets knows as a soil treatment or recovery
 * installation, so the API offers this file for those who need it).
 */
export function incomingTexsRows(transfer: ProcessedTransfer): IncomingTexsRow[] {
  return outgoingTexsRows(transfer).map((out) => ({
    reason: null,
    publicId: out.publicId,
    reportAsCompanySiret: null,
    reportForCompanySiret: siret(transfer.receiver.siret),
    wasteDescription: out.wasteDescription,
    wasteCode: out.wasteCode,
    wasteCodeBale: null,
    wastePop: out.wastePop,
    wasteIsDangerous: out.wasteIsDangerous,
    wasteDap: out.wasteDap,
    receptionDate: toCalendarDate(transfer.receptionDate) ?? transfer.dispatchDate,
    weightValue: out.weightValue,
    weightIsEstimate: out.weightIsEstimate,
    volume: out.volume,
    parcelInseeCodes: out.parcelInseeCodes,
    parcelNumbers: out.parcelNumbers,
    parcelCoordinates: out.parcelCoordinates,
    sisIdentifier: out.sisIdentifier,
    initialEmitterCompanyType: null,
    initialEmitterCompanyOrgId: null,
    initialEmitterCompanyName: null,
    initialEmitterCompanyAddress: null,
    initialEmitterCompanyPostalCode: null,
    initialEmitterCompanyCity: null,
    initialEmitterCompanyCountryCode: null,
    initialEmitterMunicipalitiesInseeCodes: null,
    emitterCompanyType: 'ETABLISSEMENT_FR',
    emitterCompanyOrgId: siret(transfer.producer.siret),
    emitterCompanyName: transfer.producer.name,
    emitterCompanyAddress: transfer.producer.street,
    emitterCompanyPostalCode: transfer.producer.postcode,
    emitterCompanyCity: transfer.producer.city,
    emitterCompanyCountryCode: 'FR',
    emitterPickupSiteName: out.reportForPickupSiteName,
    emitterPickupSiteAddress: out.reportForPickupSiteAddress,
    emitterPickupSitePostalCode: out.reportForPickupSitePostalCode,
    emitterPickupSiteCity: out.reportForPickupSiteCity,
    emitterPickupSiteCountryCode: 'FR',
    ttdImportNumber: null,
    movementNumber: null,
    ecoOrganismeSiret: null,
    ecoOrganismeName: null,
    brokerCompanySiret: null,
    brokerCompanyName: null,
    brokerRecepisseNumber: null,
    traderCompanySiret: null,
    traderCompanyName: null,
    traderRecepisseNumber: null,
    operationCode: out.operationCode,
    operationMode: out.operationMode,
    noTraceability: null,
    nextOperationCode: null,
    isUpcycled: true,
    destinationParcelInseeCodes: out.destinationParcelInseeCodes,
    destinationParcelNumbers: out.destinationParcelNumbers,
    destinationParcelCoordinates: out.destinationParcelCoordinates,
    isDirectSupply: false,
    ...transporterCells(transfer.transporter),
  }));
}

const EIGHTEEN_MONTHS = 18;

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** 'YYYY-MM-DD' `months` months before `day` (the end of a shorter month when the day does not exist). */
export function monthsBefore(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * What would make Trackdéchets refuse the transfer's lines, in French, for the admin to fix
 * before exporting (empty when the lines should import): SIRETs, addresses, a location for each
 * site, a transporter, dates within [today − 18 months, today], a volume, a description.
 */
export function registerIssues(
  transfer: ProcessedTransfer,
  options: {
    now?: Now;
    /** The CUT listing's availability ('YYYY-MM-DD' bounds, either may be missing): the dispatch day must fall in it. */
    dispatchWindow?: { start?: string | null; end?: string | null };
    /** The FILL listing's availability: the reception day must fall in it. */
    receptionWindow?: { start?: string | null; end?: string | null };
  } = {},
): string[] {
  const issues: string[] = [];
  const parties: [string, RegisterCompany | null | undefined][] = [
    ['de l’expéditeur (site de déblais)', transfer.producer],
    ['du destinataire (site de remblai)', transfer.receiver],
  ];
  if (transfer.transporter) parties.push(['du transporteur', transfer.transporter]);
  for (const [party, company] of parties) {
    if (!company || !isValidSiret(siret(company.siret))) issues.push(fillTemplate(matchingMessages.registerSiretInvalid, { party }));
    if (!company || !text(company.street) || !isValidPostcode(company.postcode) || !text(company.city)) {
      issues.push(fillTemplate(matchingMessages.registerCompanyIncomplete, { party }));
    }
  }
  for (const [site, value] of [
    ['de déblais', transfer.productionSite],
    ['de remblai', transfer.receivingSite],
  ] as const) {
    const location = siteLocation(value);
    if (location.numbers.length === 0 && location.coordinates.length === 0) issues.push(fillTemplate(matchingMessages.registerNoLocation, { site }));
  }
  if (!transfer.transporter) issues.push(matchingMessages.registerNoTransporter);
  if (transfer.pop === null) issues.push(matchingMessages.registerPopUnknown);
  if (text(transfer.analysisReference) !== null && texsDapOf(transfer.analysisReference) === null) issues.push(matchingMessages.registerDapTooLong);
  if (!(transfer.volumeM3 > 0)) issues.push(matchingMessages.registerQuantity);
  const description = transfer.wasteDescription.trim();
  if (description.length < 2 || description.length > 300) issues.push(matchingMessages.registerDescription);
  const today = todayInParis(readNow(options.now));
  const oldest = monthsBefore(today, EIGHTEEN_MONTHS);
  for (const value of [transfer.dispatchDate, transfer.receptionDate]) {
    const day = toCalendarDate(value);
    if (day === null) continue;
    const display = frenchDay(day);
    if (day > today) issues.push(fillTemplate(matchingMessages.registerDateInFuture, { date: display }));
    else if (day < oldest) issues.push(fillTemplate(matchingMessages.registerDateTooOld, { date: display }));
  }
  const windows: [string | null | undefined, { start?: string | null; end?: string | null } | undefined, string][] = [
    [transfer.dispatchDate, options.dispatchWindow, 'de déblais'],
    [transfer.receptionDate ?? transfer.dispatchDate, options.receptionWindow, 'de remblai'],
  ];
  for (const [value, window, site] of windows) {
    const day = toCalendarDate(value ?? null);
    if (day === null || !window) continue;
    const start = toCalendarDate(window.start ?? null);
    const end = toCalendarDate(window.end ?? null);
    if ((start !== null && day < start) || (end !== null && day > end)) {
      issues.push(fillTemplate(matchingMessages.registerOutsideAvailability, { date: frenchDay(day), site, start: start ? frenchDay(start) : '…', end: end ? frenchDay(end) : '…' }));
    }
  }
  return [...new Set(issues)];
}

/** What the platform remembers of a line it exported for a declarant (issue 19: « Motif »). */
export interface ExportedRegisterLine {
  publicId: string;
  /** The line's content (its fields without « Motif ») as last exported: a digest. */
  hash: string;
  /** The line changed after it was first exported: every later export says MODIFIER. */
  modified: boolean;
  /** An export has said ANNULER for it since. */
  cancelled: boolean;
  /** The line's date (dispatch or reception), 'YYYY-MM-DD': an export of a period cancels only its own lines. */
  day: string;
}

/**
 * The « Motif » of each line of an export, from what was exported before for the same declarant
 * and register: empty for a line never exported (Trackdéchets refuses a motif on an id it has not
 * imported) or unchanged; MODIFIER for a line whose content changed since it was first exported,
 * and for a line exported again after an ANNULER; and the remembered lines of the period that are
 * gone (a load cancelled or refused after the export), to be written again with ANNULER. A
 * changed line stays MODIFIER in every later export, so a file downloaded but not imported
 * loses nothing (Trackdéchets takes a repeated MODIFIER as a new version of the same line).
 */
export function registerMotifs(
  current: readonly { publicId: string; hash: string }[],
  remembered: ReadonlyMap<string, ExportedRegisterLine>,
  period: { from: string; to: string },
): { reasons: Map<string, 'MODIFIER' | null>; cancelled: ExportedRegisterLine[] } {
  const reasons = new Map<string, 'MODIFIER' | null>();
  for (const line of current) {
    const before = remembered.get(line.publicId);
    reasons.set(line.publicId, before && (before.cancelled || before.modified || before.hash !== line.hash) ? 'MODIFIER' : null);
  }
  const cancelled = [...remembered.values()].filter((line) => !reasons.has(line.publicId) && line.day >= period.from && line.day <= period.to);
  return { reasons, cancelled };
}
