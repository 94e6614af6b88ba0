import { isValidSiret } from '../validators/siret';
import { readNow, todayInParis, toCalendarDate, type Now } from '../validators/date';
import { texsTransporterIssues, TEXS_TRANSPORTER_PARTS, type TexsTransporterColumns } from '../transfers/register-transport';
import { TEXS_ERROR_HEADER } from './csv';
import { INCOMING_TEXS_HEADERS, monthsBefore, OUTGOING_TEXS_HEADERS } from './register';

// Our own conformance check of a TEXS register line, as Trackdéchets' import would judge it
// without its database (issue 19). Written from the rules read in MTES-MCT/trackdechets (commit
// 779f59bf, May 2026), never copied:
// - libs/back/registry/src/shared/schemas.ts: the format of each column (reason, publicId, SIRET,
//   booleans OUI/NON, weight and volume > 0, ≤ 10 000, 3 decimals, ESTIME/REEL, dates not in the
//   future, INSEE codes of 5 characters, parcel numbers `^\d{1,3}-[A-Z0-9]{1,2}-\d{1,4}$`,
//   coordinates `lat lon`, actor type, org id 1–27, name/address 1–250, city 1–45, postal code,
//   country `^[A-Z]{2}$`, operation code and mode, transport mode, receipt number 1–50);
// - libs/back/registry/src/shared/refinement.ts: dates not older than 18 months, « Dangereux »
//   not NON for a POP or a starred code, actors (type required once any field is given; SIRET,
//   country FR and postal code of 5–6 digits for ETABLISSEMENT_FR; name, address, postal code,
//   city, country), parcels (as many INSEE codes as numbers; a location of the production;
//   destination parcels when the soil is valorised, then an R code), operation mode per code,
//   non-final codes (incoming), eco-organism / broker / trader, transporters 1–5 and their order;
// - libs/back/registry/src/{outgoingTexs,incomingTexs}/validation/schema.ts: which columns each
//   register requires (outgoing: destination type; incoming: emitter type, not COMMUNES);
// - libs/back/registry/src/shared/transform.ts: a « Motif » only on an id already imported.
// What needs Trackdéchets' database is NOT checked here (apps/api/docs/register.md): that a SIRET
// is registered on Trackdéchets, the receiver's profile (TTR / installation de traitement /
// valorisation TEXS) for the incoming register, the importer's rights or delegations on the
// declaring SIRET, whether a MODIFIER/ANNULER id was imported before, intra-EU VAT numbers as
// `jsvat` checks them (ours is narrower), the Basel code list.

export type TexsRegisterKind = 'outgoing' | 'incoming';

/** One refusal: the field and what Trackdéchets would say, in French. */
export interface TexsConformanceIssue {
  field: string;
  message: string;
}

/** A line as read from a file: field name -> the cell's text, trimmed ('' or null when empty). */
export type TexsFileLine = Record<string, string | null | undefined>;

export const TEXS_WASTE_CODES = ['17 05 03*', '17 05 04', '17 05 05*', '17 05 06', '20 02 02'] as const;

export const TEXS_OPERATION_CODES = [
  'D 1', 'D 3', 'D 4', 'D 5', 'D 8', 'D 9', 'D 9 F', 'D 10', 'D 12', 'D 13', 'D 14', 'D 15',
  'R 1', 'R 2', 'R 3', 'R 4', 'R 5', 'R 6', 'R 7', 'R 8', 'R 9', 'R 10', 'R 11', 'R 12', 'R 13',
] as const;

const NON_FINAL_CODES = new Set(['R 12', 'R 13', 'D 9', 'D 13', 'D 14', 'D 15']);

/** The operation modes each code admits (none for a non-final code). */
const MODES_BY_CODE: Record<string, readonly string[]> = {
  'R 1': ['VALORISATION_ENERGETIQUE'],
  'R 2': ['REUTILISATION', 'RECYCLAGE'],
  'R 3': ['RECYCLAGE', 'AUTRES_VALORISATIONS'],
  'R 4': ['RECYCLAGE'],
  'R 5': ['RECYCLAGE', 'AUTRES_VALORISATIONS'],
  'R 6': ['RECYCLAGE', 'REUTILISATION'],
  'R 7': ['REUTILISATION'],
  'R 8': ['RECYCLAGE', 'REUTILISATION'],
  'R 9': ['REUTILISATION', 'RECYCLAGE', 'VALORISATION_ENERGETIQUE'],
  'R 10': ['RECYCLAGE'],
  'R 11': ['RECYCLAGE', 'AUTRES_VALORISATIONS', 'VALORISATION_ENERGETIQUE'],
  'R 12': [],
  'R 13': [],
  'D 9': [],
  'D 13': [],
  'D 14': [],
  'D 15': [],
};

const ACTOR_TYPES = ['ETABLISSEMENT_FR', 'ENTREPRISE_UE', 'ENTREPRISE_HORS_UE', 'ASSOCIATION', 'PERSONNE_PHYSIQUE', 'COMMUNES'];
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9\- ]{2,9}[A-Za-z0-9]$/;
const PUBLIC_ID = /^[a-zA-Z0-9-_./]+$/;
const PARCEL_NUMBER = /^\d{1,3}-[A-Z0-9]{1,2}-\d{1,4}$/;
const COORDINATES = /^-?\d+(\.\d+)? -?\d+(\.\d+)?$/;

const stripAccents = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** Trackdéchets compares headers without case, accents or surrounding spaces. */
export const normalizeTexsHeader = (header: string) => stripAccents(header).toLowerCase().trim();
const enumText = (value: string) => stripAccents(value).toUpperCase();

function cell(line: TexsFileLine, field: string): string {
  const value = line[field];
  return typeof value === 'string' ? value.trim() : '';
}

function list(value: string): string[] | null {
  if (value === '') return [];
  if (value.includes(';')) return null;
  return value.split(',').map((part) => part.trim());
}

function quantity(value: string): number | null {
  if (value === '' || value.length > 50) return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

const threeDecimals = (value: number) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

function operationCode(value: string): string {
  return value.replace(/^([A-Z])(\d{1,2})([A-Z]?)$/, (_, letter: string, digits: string, extra: string) => [letter, digits, extra].filter(Boolean).join(' '));
}

function wasteCode(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length !== 6 && compact.length !== 7) return value;
  return `${compact.slice(0, 2)} ${compact.slice(2, 4)} ${compact.slice(4)}`;
}

function checkActor(line: TexsFileLine, prefix: string, issues: TexsConformanceIssue[], options: { required?: boolean; noCommunes?: boolean } = {}) {
  const typeField = `${prefix}CompanyType`;
  const type = cell(line, typeField);
  const keys = ['OrgId', 'Name', 'Address', 'PostalCode', 'City', 'CountryCode'].map((part) => `${prefix}Company${part}`);
  const [orgIdField, nameField, addressField, postalField, cityField, countryField] = keys as [string, string, string, string, string, string];
  const orgId = cell(line, orgIdField);
  const name = cell(line, nameField);
  const address = cell(line, addressField);
  const postal = cell(line, postalField);
  const city = cell(line, cityField);
  const country = cell(line, countryField);
  if (orgId.length > 27) issues.push({ field: orgIdField, message: 'Le numéro d’identification ne peut pas dépasser 27 caractères.' });
  if (name.length > 250) issues.push({ field: nameField, message: 'La raison sociale est trop longue.' });
  if (address.length > 250) issues.push({ field: addressField, message: 'Le libellé de l’adresse est trop long.' });
  if (city.length > 45) issues.push({ field: cityField, message: 'La commune ne peut pas dépasser 45 caractères.' });
  if (postal && !POSTAL_CODE.test(postal)) issues.push({ field: postalField, message: 'Le code postal n’est pas dans un format valide.' });
  if (country && !/^[A-Z]{2}$/.test(country)) issues.push({ field: countryField, message: 'Le code du pays doit être composé de 2 lettres majuscules.' });
  if (!type) {
    if (options.required) issues.push({ field: typeField, message: 'Le type est requis.' });
    else if (orgId || name || address || postal || city || country) {
      issues.push({ field: typeField, message: 'Le type d’entreprise est obligatoire si des champs concernant l’entreprise sont renseignés.' });
    }
    return;
  }
  if (!ACTOR_TYPES.includes(type) || (options.noCommunes && type === 'COMMUNES')) {
    issues.push({ field: typeField, message: 'Le type n’est pas une valeur autorisée.' });
    return;
  }
  switch (type) {
    case 'ETABLISSEMENT_FR':
      if (!orgId) issues.push({ field: orgIdField, message: 'Le SIRET doit être saisi pour un établissement français.' });
      else if (!isValidSiret(orgId)) issues.push({ field: orgIdField, message: 'Le SIRET saisi n’est pas un SIRET valide.' });
      if (country && country !== 'FR') issues.push({ field: countryField, message: 'Le code pays doit être FR pour une entreprise française.' });
      if (!/^[0-9]{5,6}$/.test(postal)) issues.push({ field: postalField, message: 'Le code postal doit être composé de 5 ou 6 chiffres pour une entreprise française.' });
      break;
    case 'ENTREPRISE_HORS_UE':
      if (!/[A-Z0-9]{1,25}/.test(orgId)) issues.push({ field: orgIdField, message: 'Le numéro d’identification d’une entreprise hors UE est invalide.' });
      break;
    case 'ASSOCIATION':
      if (!/W[0-9]{9}/.test(orgId)) issues.push({ field: orgIdField, message: 'Le numéro d’une association commence par W suivi de 9 chiffres.' });
      break;
    case 'PERSONNE_PHYSIQUE':
      if (!orgId) issues.push({ field: orgIdField, message: 'Le numéro d’identification doit contenir le nom et prénom pour une personne physique.' });
      break;
    default:
      break;
  }
  if (type === 'COMMUNES') return;
  if (!name && type !== 'PERSONNE_PHYSIQUE') issues.push({ field: nameField, message: 'La raison sociale est obligatoire.' });
  if (!address) issues.push({ field: addressField, message: 'L’adresse est obligatoire.' });
  if (!postal) issues.push({ field: postalField, message: 'Le code postal est obligatoire.' });
  if (!city) issues.push({ field: cityField, message: 'La commune est obligatoire.' });
  if (!country) issues.push({ field: countryField, message: 'Le code pays est obligatoire.' });
}

function checkSite(line: TexsFileLine, fields: { address: string; postal: string; city: string; country: string; name?: string }, issues: TexsConformanceIssue[]) {
  if (fields.name && cell(line, fields.name).length > 300) issues.push({ field: fields.name, message: 'La référence du chantier ne peut pas faire plus de 300 caractères.' });
  if (cell(line, fields.address).length > 250) issues.push({ field: fields.address, message: 'Le libellé de l’adresse est trop long.' });
  const postal = cell(line, fields.postal);
  if (postal && !POSTAL_CODE.test(postal)) issues.push({ field: fields.postal, message: 'Le code postal n’est pas dans un format valide.' });
  if (cell(line, fields.city).length > 45) issues.push({ field: fields.city, message: 'La commune ne peut pas dépasser 45 caractères.' });
  const country = cell(line, fields.country);
  if (country && !/^[A-Z]{2}$/.test(country)) issues.push({ field: fields.country, message: 'Le code du pays doit être composé de 2 lettres majuscules.' });
}

function checkBoolean(line: TexsFileLine, field: string, issues: TexsConformanceIssue[], required: boolean): boolean | null {
  const value = cell(line, field).toUpperCase();
  if (value === '') {
    if (required) issues.push({ field, message: 'Le champ est requis.' });
    return null;
  }
  if (value !== 'OUI' && value !== 'NON') {
    issues.push({ field, message: 'Le champ n’est pas valide. Valeurs possibles : OUI, NON.' });
    return null;
  }
  return value === 'OUI';
}

function checkDate(line: TexsFileLine, field: string, issues: TexsConformanceIssue[], now?: Now) {
  const value = cell(line, field);
  const day = toCalendarDate(value);
  if (day === null) {
    issues.push({ field, message: 'La date est requise au format AAAA-MM-JJ.' });
    return;
  }
  const today = todayInParis(readNow(now));
  if (day > today) issues.push({ field, message: 'La date ne peut pas être dans le futur.' });
  else if (day < monthsBefore(today, 18)) issues.push({ field, message: 'La date ne peut pas être antérieure à J-18 mois.' });
}

function checkQuantity(line: TexsFileLine, field: string, label: string, issues: TexsConformanceIssue[], required: boolean) {
  const text = cell(line, field);
  if (text === '') {
    if (required) issues.push({ field, message: `Le ${label} est requis.` });
    return;
  }
  const value = quantity(text);
  if (value === null) issues.push({ field, message: `Le ${label} doit être un nombre.` });
  else if (!(value > 0)) issues.push({ field, message: `Le ${label} doit être supérieur à 0.` });
  else if (value > 10_000) issues.push({ field, message: `Le ${label} ne peut pas dépasser 10 000.` });
  else if (!threeDecimals(value)) issues.push({ field, message: `Le ${label} ne doit pas avoir plus de 3 décimales.` });
}

interface Parcels {
  insee: string[];
  numbers: string[];
  coordinates: string[];
}

function checkParcels(line: TexsFileLine, fields: [string, string, string], issues: TexsConformanceIssue[]): Parcels {
  const [inseeField, numbersField, coordinatesField] = fields;
  const insee = list(cell(line, inseeField));
  const numbers = list(cell(line, numbersField));
  const coordinates = list(cell(line, coordinatesField));
  for (const [field, values] of [[inseeField, insee], [numbersField, numbers], [coordinatesField, coordinates]] as const) {
    if (values === null) issues.push({ field, message: 'Les valeurs doivent être séparées par une virgule.' });
  }
  for (const code of insee ?? []) if (code.length !== 5) issues.push({ field: inseeField, message: 'Le code INSEE d’une commune doit faire 5 caractères.' });
  for (const number of numbers ?? []) if (!PARCEL_NUMBER.test(number.replace(/\s+/g, ''))) issues.push({ field: numbersField, message: 'Le numéro de parcelle ne respecte pas le format attendu.' });
  for (const point of coordinates ?? []) if (!COORDINATES.test(point)) issues.push({ field: coordinatesField, message: 'La coordonnée ne respecte pas le format attendu.' });
  return { insee: insee ?? [], numbers: numbers ?? [], coordinates: coordinates ?? [] };
}

function transporterColumns(line: TexsFileLine, n: number): Partial<TexsTransporterColumns> {
  const columns: Partial<TexsTransporterColumns> = {};
  for (const part of TEXS_TRANSPORTER_PARTS) {
    const value = cell(line, `transporter${n}${part}`);
    if (part === 'RecepisseIsExempted') columns[part] = value === '' ? null : value.toUpperCase() === 'OUI';
    else columns[part] = value === '' ? null : value;
  }
  return columns;
}

/**
 * What Trackdéchets' import would refuse in one line of an outgoing or incoming TEXS register,
 * before any database lookup (empty when the line passes). `line` is keyed by field name, as
 * `readTexsTable` gives it from a file.
 */
export function texsLineIssues(kind: TexsRegisterKind, line: TexsFileLine, options: { now?: Now } = {}): TexsConformanceIssue[] {
  const issues: TexsConformanceIssue[] = [];
  const reason = enumText(cell(line, 'reason'));
  if (reason && !['MODIFIER', 'EDIT', 'ANNULER', 'CANCEL', 'IGNORER'].includes(reason)) {
    issues.push({ field: 'reason', message: 'Le motif n’est pas une valeur autorisée. Valeurs possibles : MODIFIER, ANNULER.' });
  }
  const publicId = cell(line, 'publicId');
  if (!publicId) issues.push({ field: 'publicId', message: 'L’identifiant unique est requis.' });
  else if (publicId.length > 36) issues.push({ field: 'publicId', message: 'L’identifiant unique ne peut pas dépasser 36 caractères.' });
  else if (!PUBLIC_ID.test(publicId)) issues.push({ field: 'publicId', message: 'L’identifiant unique contient un caractère interdit.' });
  const reportAs = cell(line, 'reportAsCompanySiret').replace(/\s+/g, '');
  if (reportAs && !isValidSiret(reportAs)) issues.push({ field: 'reportAsCompanySiret', message: 'Le SIRET du déclarant n’est pas valide.' });
  if (!isValidSiret(cell(line, 'reportForCompanySiret').replace(/\s+/g, ''))) issues.push({ field: 'reportForCompanySiret', message: 'Le SIRET n’est pas valide.' });

  const description = cell(line, 'wasteDescription');
  if (description.length < 2 || description.length > 300) issues.push({ field: 'wasteDescription', message: 'La dénomination usuelle du déchet doit faire de 2 à 300 caractères.' });
  const code = cell(line, 'wasteCode') ? wasteCode(cell(line, 'wasteCode')) : '';
  if (code && !(TEXS_WASTE_CODES as readonly string[]).includes(code)) issues.push({ field: 'wasteCode', message: 'Le code déchet n’a pas une valeur autorisée.' });
  if (cell(line, 'wasteCodeBale')) issues.push({ field: 'wasteCodeBale', message: 'Code Bâle non vérifié ici : la liste officielle manque à ce contrôle.' });
  const pop = checkBoolean(line, 'wastePop', issues, true);
  const dangerous = checkBoolean(line, 'wasteIsDangerous', issues, false);
  if (dangerous === false && (pop === true || code.includes('*'))) {
    issues.push({ field: 'wasteIsDangerous', message: 'Le déchet contient des POP ou a un code déchet avec étoile, il ne peut pas être indiqué comme non dangereux.' });
  }
  if (cell(line, 'wasteDap').length > 50) issues.push({ field: 'wasteDap', message: 'Le DAP ne doit pas excéder 50 caractères.' });
  checkDate(line, kind === 'outgoing' ? 'dispatchDate' : 'receptionDate', issues, options.now);
  checkQuantity(line, 'weightValue', 'poids', issues, true);
  const weightType = enumText(cell(line, 'weightIsEstimate'));
  if (weightType !== 'ESTIME' && weightType !== 'REEL') issues.push({ field: 'weightIsEstimate', message: 'Le type de poids n’est pas valide. Valeurs possibles : ESTIME, REEL.' });
  checkQuantity(line, 'volume', 'volume', issues, false);

  checkActor(line, 'initialEmitter', issues);
  if (cell(line, 'initialEmitterCompanyType') === 'COMMUNES' && !cell(line, 'initialEmitterMunicipalitiesInseeCodes')) {
    issues.push({ field: 'initialEmitterMunicipalitiesInseeCodes', message: 'Le ou les codes INSEE des communes doivent être saisis.' });
  }
  const origin = checkParcels(line, ['parcelInseeCodes', 'parcelNumbers', 'parcelCoordinates'], issues);
  if (origin.coordinates.length === 0 && origin.numbers.length === 0 && origin.insee.length === 0) {
    issues.push({ field: 'parcelCoordinates', message: 'Vous devez renseigner soit les codes INSEE et numéros des parcelles, soit les coordonnées de parcelles.' });
  }
  if (origin.numbers.length !== origin.insee.length) issues.push({ field: 'parcelNumbers', message: 'Vous devez renseigner autant de codes INSEE de parcelles que de numéros des parcelles.' });
  const sis = cell(line, 'sisIdentifier');
  if (sis && (sis.length < 10 || sis.length > 15)) issues.push({ field: 'sisIdentifier', message: 'Un identifiant SIS fait de 10 à 15 caractères.' });

  if (kind === 'outgoing') {
    checkSite(line, { name: 'reportForPickupSiteName', address: 'reportForPickupSiteAddress', postal: 'reportForPickupSitePostalCode', city: 'reportForPickupSiteCity', country: 'reportForPickupSiteCountryCode' }, issues);
    checkActor(line, 'destination', issues, { required: true });
    checkSite(line, { address: 'destinationDropSiteAddress', postal: 'destinationDropSitePostalCode', city: 'destinationDropSiteCity', country: 'destinationDropSiteCountryCode' }, issues);
    const gistrid = cell(line, 'gistridNumber').replace(/\s+/g, '');
    if (gistrid && !/^(?:[A-Z]{2,3}|A7[EI])[0-9]{0,4}[0-9]{6}$/.test(gistrid)) issues.push({ field: 'gistridNumber', message: 'Le numéro de notification ne respecte pas le format attendu.' });
  } else {
    checkActor(line, 'emitter', issues, { required: true, noCommunes: true });
    checkSite(line, { name: 'emitterPickupSiteName', address: 'emitterPickupSiteAddress', postal: 'emitterPickupSitePostalCode', city: 'emitterPickupSiteCity', country: 'emitterPickupSiteCountryCode' }, issues);
    const ttd = cell(line, 'ttdImportNumber').replace(/\s+/g, '');
    if (ttd && !/^(?:[A-Z]{2,3}|A7[EI])[0-9]{0,4}[0-9]{6}$/.test(ttd)) issues.push({ field: 'ttdImportNumber', message: 'Le numéro de notification ne respecte pas le format attendu.' });
  }
  if (cell(line, 'movementNumber').length > 75) issues.push({ field: 'movementNumber', message: 'Le numéro de mouvement ne peut pas excéder 75 caractères.' });

  const operation = operationCode(cell(line, 'operationCode'));
  const validCode = (TEXS_OPERATION_CODES as readonly string[]).includes(operation);
  if (!validCode) issues.push({ field: 'operationCode', message: 'Le code de traitement n’est pas une valeur autorisée.' });
  const modeText = enumText(cell(line, 'operationMode')).replace(/ /g, '_');
  if (modeText && !['REUTILISATION', 'RECYCLAGE', 'VALORISATION_ENERGETIQUE', 'ELIMINATION', 'AUTRES_VALORISATIONS'].includes(modeText)) {
    issues.push({ field: 'operationMode', message: 'Le code de qualification n’est pas une valeur autorisée.' });
  } else if (validCode) {
    const final = !NON_FINAL_CODES.has(operation);
    if (kind === 'incoming' && final && !modeText) issues.push({ field: 'operationMode', message: 'Le mode de traitement est requis pour un code de traitement final.' });
    if (modeText) {
      const allowed = operation.startsWith('D') ? (final ? ['ELIMINATION'] : []) : (MODES_BY_CODE[operation] ?? []);
      if (!allowed.includes(modeText)) issues.push({ field: 'operationMode', message: 'Le mode de traitement n’est pas compatible avec le code de traitement choisi.' });
    }
    if (kind === 'incoming' && !final) {
      if (checkBoolean(line, 'noTraceability', issues, false) === null) issues.push({ field: 'noTraceability', message: 'La rupture de traçabilité est requise pour un code non final.' });
      if (!cell(line, 'nextOperationCode')) issues.push({ field: 'nextOperationCode', message: 'Le code de traitement ultérieur est requis pour un code non final.' });
    }
  }
  if (kind === 'incoming' && cell(line, 'nextOperationCode') && !(TEXS_OPERATION_CODES as readonly string[]).includes(operationCode(cell(line, 'nextOperationCode')))) {
    issues.push({ field: 'nextOperationCode', message: 'Le code de traitement ultérieur n’est pas une valeur autorisée.' });
  }
  const upcycled = checkBoolean(line, 'isUpcycled', issues, false);
  const prefix = kind === 'outgoing' ? 'destinationParcel' : 'destinationParcel';
  const destination = checkParcels(line, [`${prefix}InseeCodes`, `${prefix}Numbers`, `${prefix}Coordinates`], issues);
  if (upcycled === true) {
    if (destination.coordinates.length === 0 && destination.numbers.length === 0) {
      issues.push({ field: 'destinationParcelCoordinates', message: 'Vous devez renseigner soit les numéros de parcelles de destination, soit leurs coordonnées.' });
    }
    if (validCode && !operation.startsWith('R')) issues.push({ field: 'operationCode', message: 'Une terre valorisée demande un code de traitement commençant par R.' });
  }
  if (destination.numbers.length && destination.insee.length && destination.numbers.length !== destination.insee.length) {
    issues.push({ field: 'destinationParcelNumbers', message: 'Autant de codes INSEE que de numéros de parcelles de destination.' });
  }

  for (const [role, label] of [['ecoOrganisme', 'de l’éco-organisme'], ['brokerCompany', 'du courtier'], ['traderCompany', 'du négociant']] as const) {
    const siretText = cell(line, `${role}Siret`).replace(/\s+/g, '');
    if (!siretText) continue;
    if (!isValidSiret(siretText)) issues.push({ field: `${role}Siret`, message: `Le SIRET ${label} n’est pas valide.` });
    if (!cell(line, `${role}Name`)) issues.push({ field: `${role}Name`, message: `La raison sociale ${label} est obligatoire si le SIRET est renseigné.` });
    const receipt = role === 'brokerCompany' ? 'brokerRecepisseNumber' : role === 'traderCompany' ? 'traderRecepisseNumber' : null;
    if (receipt && !cell(line, receipt)) issues.push({ field: receipt, message: `Le numéro de récépissé ${label} est obligatoire si le SIRET est renseigné.` });
  }

  const directSupply = checkBoolean(line, 'isDirectSupply', issues, false) === true;
  for (const n of [1, 2, 3, 4, 5]) {
    const columns = transporterColumns(line, n);
    for (const message of texsTransporterIssues(columns)) issues.push({ field: `transporter${n}`, message });
    const orgId = columns.CompanyOrgId;
    const previous = n > 1 ? transporterColumns(line, n - 1).CompanyOrgId : 'present';
    if (orgId && !previous) issues.push({ field: `transporter${n}CompanyOrgId`, message: `Le transporteur ${n} ne doit pas être renseigné si le transporteur ${n - 1} ne l’est pas.` });
  }
  const first = cell(line, 'transporter1CompanyOrgId');
  if (directSupply && first) issues.push({ field: 'transporter1CompanyOrgId', message: 'Le transporteur ne doit pas être renseigné pour une fourniture directe.' });
  if (!directSupply && !first) {
    issues.push({ field: 'transporter1CompanyOrgId', message: 'Le transporteur 1 doit être renseigné si le déchet n’est pas directement approvisionné (pipeline, convoyeur).' });
  }
  return issues;
}

/** A table read from a file (header row, then rows of cell texts) as lines keyed by field. */
export interface TexsTable {
  /** Headers that are neither the register's nor `Erreur` (Trackdéchets refuses the file). */
  unknownHeaders: string[];
  /** Register columns absent from the file (allowed by Trackdéchets; reported for our tests). */
  missingFields: string[];
  lines: { fields: TexsFileLine; error: string }[];
}

/** Maps a file's header row to the register's fields, as Trackdéchets' readers do (case, accents and edge spaces ignored; `Erreur` ignored). */
export function readTexsTable(kind: TexsRegisterKind, header: readonly string[], rows: readonly (readonly string[])[]): TexsTable {
  const headers: Record<string, string> = kind === 'outgoing' ? OUTGOING_TEXS_HEADERS : INCOMING_TEXS_HEADERS;
  const byHeader = new Map(Object.entries(headers).map(([field, text]) => [normalizeTexsHeader(text), field]));
  const unknownHeaders: string[] = [];
  const columns: (string | null)[] = header.map((text) => {
    if (!text || text === TEXS_ERROR_HEADER) return null;
    const field = byHeader.get(normalizeTexsHeader(text));
    if (!field) unknownHeaders.push(text);
    return field ?? null;
  });
  const errorColumn = header.indexOf(TEXS_ERROR_HEADER);
  const present = new Set(columns.filter((field): field is string => field !== null));
  return {
    unknownHeaders,
    missingFields: Object.keys(headers).filter((field) => !present.has(field)),
    lines: rows
      .filter((row) => row.some((value) => value.trim() !== ''))
      .map((row) => {
        const fields: TexsFileLine = {};
        columns.forEach((field, index) => {
          if (field) fields[field] = (row[index] ?? '').trim();
        });
        return { fields, error: errorColumn >= 0 ? (row[errorColumn] ?? '').trim() : '' };
      }),
  };
}

/** Our register CSV read back (BOM, ';', RFC 4180 quotes, CRLF), each cell trimmed as Trackdéchets' reader trims it. */
export function parseTexsCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        value += '"';
        i++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(value.trim());
      value = '';
    } else if (char === '\r' && source[i + 1] === '\n') {
      row.push(value.trim());
      rows.push(row);
      row = [];
      value = '';
      i++;
    } else value += char;
  }
  if (value !== '' || row.length > 0) {
    row.push(value.trim());
    rows.push(row);
  }
  return rows;
}
