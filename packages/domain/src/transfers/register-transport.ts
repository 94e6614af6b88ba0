import { fillTemplate } from '../util';
import { isValidSiret } from '../validators/siret';
import {
  CARRIER_LIMITS,
  checkForeignIdentifier,
  EU_VAT_RULES,
  isEuCountry,
  parseTransportMode,
  TRANSPORT_MODE_FILE_VALUES,
  type Carrier,
} from './carrier';
import { transferMessages as m } from './messages';

// From a carrier to the TEXS register's « transporteur n°N » columns, with the values
// Trackdéchets' import accepts. Read in MTES-MCT/trackdechets at commit 779f59bf47 (May 2026):
// - libs/back/registry/src/shared/schemas.ts: `transportModeSchema` (ROUTE/ROAD, FERRE/RAIL,
//   AERIEN/AIR, FLUVIAL/RIVER, MARITIME/SEA, accents and case ignored), `actorTypeSchema`,
//   `actorOrgIdSchema` (1–27 characters), `actorNameSchema` / `actorAddressSchema` (1–250 in the
//   code, « 150 » in the message), `actorCitySchema` (1–45), `actorPostalCodeSchema`
//   (`^[A-Za-z0-9][A-Za-z0-9\- ]{2,9}[A-Za-z0-9]$`), `actorCountryCodeSchema` (`^[A-Z]{2}$`),
//   `transportRecepisseNumberSchema` (1–50), `booleanSchema` (OUI/NON in files).
// - libs/back/registry/src/shared/refinement.ts: `refineTransporterInfos` (mode and type go
//   together; the receipt number is required unless exempted or the type is ENTREPRISE_UE /
//   ENTREPRISE_HORS_UE), `refineActorInfos` (ETABLISSEMENT_FR: valid SIRET, country FR, postal
//   code of 5 or 6 digits; ENTREPRISE_UE: a VAT number checked by `jsvat`, its country equal to the
//   country code; ENTREPRISE_HORS_UE: `[A-Z0-9]{1,25}`), `refineActorDetails` (name, address, postal
//   code, city and country required), `refineTransportersConsistency` (transporter 1 required
//   unless direct supply; n+1 only after n).
// - libs/back/registry/src/{outgoingTexs,incomingTexs}/validation/{schema,refinement}.ts: the
//   transporter1…5 fields use those schemas and refinements.

/** The company types a carrier maps to (TD's `actorTypeSchema` has three more, not for carriers here). */
export type TexsCarrierCompanyType = 'ETABLISSEMENT_FR' | 'ENTREPRISE_UE' | 'ENTREPRISE_HORS_UE';

export const TEXS_TRANSPORTER_PARTS = [
  'TransportMode',
  'CompanyType',
  'CompanyOrgId',
  'CompanyName',
  'CompanyAddress',
  'CompanyPostalCode',
  'CompanyCity',
  'CompanyCountryCode',
  'RecepisseIsExempted',
  'RecepisseNumber',
] as const;
export type TexsTransporterPart = (typeof TEXS_TRANSPORTER_PARTS)[number];
export type TexsTransporterValue = string | boolean | null;
export type TexsTransporterColumns = Record<TexsTransporterPart, TexsTransporterValue>;

export function carrierCompanyType(carrier: Pick<Carrier, 'countryCode'>): TexsCarrierCompanyType {
  if (carrier.countryCode === 'FR') return 'ETABLISSEMENT_FR';
  return isEuCountry(carrier.countryCode) ? 'ENTREPRISE_UE' : 'ENTREPRISE_HORS_UE';
}

/**
 * The ten columns of one transporter. Mode in the files' French spelling (ROUTE…; `api: true`
 * gives the GraphQL enum, ROAD…); org id = SIRET (14 digits), VAT number or identifier; the
 * exemption as a boolean (OUI/NON in files) and no receipt number when exempted.
 */
export function texsTransporterColumns(carrier: Carrier, options: { api?: boolean } = {}): TexsTransporterColumns {
  const type = carrierCompanyType(carrier);
  const exempted = type === 'ETABLISSEMENT_FR' && carrier.exemption !== null;
  return {
    TransportMode: options.api ? carrier.transportMode : TRANSPORT_MODE_FILE_VALUES[carrier.transportMode],
    CompanyType: type,
    CompanyOrgId: type === 'ETABLISSEMENT_FR' ? (carrier.siret ?? '').replace(/\s+/g, '') : (carrier.identifier ?? ''),
    CompanyName: carrier.name,
    CompanyAddress: carrier.street,
    CompanyPostalCode: carrier.postcode,
    CompanyCity: carrier.city,
    CompanyCountryCode: carrier.countryCode,
    RecepisseIsExempted: exempted,
    RecepisseNumber: exempted ? null : (carrier.receipt?.number ?? null),
  };
}

/** The same columns under their register field names (`transporter1TransportMode`…), for transporter `n` (1–5). */
export function texsTransporterCells(carrier: Carrier, n: 1 | 2 | 3 | 4 | 5 = 1, options: { api?: boolean } = {}): Record<string, TexsTransporterValue> {
  const columns = texsTransporterColumns(carrier, options);
  return Object.fromEntries(TEXS_TRANSPORTER_PARTS.map((part) => [`transporter${n}${part}`, columns[part]]));
}

const TD_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9\- ]{2,9}[A-Za-z0-9]$/;
const TD_COUNTRY = /^[A-Z]{2}$/;
const TD_ORG_ID_MAX = 27;
const TD_RECEIPT_MAX = 50;

const text = (value: TexsTransporterValue | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** The country a VAT number belongs to (its prefix; EL is Greece), or null. */
function vatCountry(vat: string): string | null {
  const prefix = vat.slice(0, 2);
  if (prefix === 'EL') return 'GR';
  return Object.hasOwn(EU_VAT_RULES, prefix) ? prefix : null;
}

/**
 * What Trackdéchets' import would refuse in one transporter's columns (unprefixed parts, as
 * `texsTransporterColumns` gives them or as read back from an exported line), in French; empty
 * when the columns pass. Our own checks of the rules listed at the top of this file; for
 * ENTREPRISE_UE the VAT check is ours (format of each member state, check digits for BE, DE, IT,
 * LU), narrower than `jsvat`'s.
 */
export function texsTransporterIssues(columns: Partial<TexsTransporterColumns>): string[] {
  const issues: string[] = [];
  const mode = text(columns.TransportMode);
  const type = text(columns.CompanyType);
  const orgId = text(columns.CompanyOrgId);
  const postalCode = text(columns.CompanyPostalCode);
  const country = text(columns.CompanyCountryCode);
  if (mode && !type) issues.push(m.texsModeWithoutCarrier);
  if (!mode && type) issues.push(m.texsCarrierWithoutMode);
  if (mode && parseTransportMode(mode) === null) issues.push(fillTemplate(m.texsModeUnknown, { mode }));
  if (!type) {
    if (orgId || text(columns.CompanyName) || text(columns.CompanyAddress) || postalCode || text(columns.CompanyCity) || country) {
      issues.push(m.texsTypeRequired);
    }
    return issues;
  }
  const foreign = type === 'ENTREPRISE_UE' || type === 'ENTREPRISE_HORS_UE';
  const receipt = text(columns.RecepisseNumber);
  if (columns.RecepisseIsExempted !== true && !foreign && !receipt) issues.push(m.texsReceiptRequired);
  if (receipt.length > TD_RECEIPT_MAX) issues.push(m.texsReceiptTooLong);
  if (orgId.length > TD_ORG_ID_MAX) issues.push(m.texsOrgIdTooLong);
  switch (type) {
    case 'ETABLISSEMENT_FR':
      if (!orgId) issues.push(m.texsSiretRequired);
      else if (!isValidSiret(orgId)) issues.push(m.texsSiretInvalid);
      if (country && country !== 'FR') issues.push(m.texsCountryNotFr);
      if (!/^[0-9]{5,6}$/.test(postalCode)) issues.push(m.texsPostalCodeFr);
      break;
    case 'ENTREPRISE_UE': {
      const vatOf = vatCountry(orgId);
      const checked = vatOf ? checkForeignIdentifier(vatOf, orgId) : null;
      if (!vatOf || !checked || 'error' in checked || checked.value !== orgId) issues.push(m.texsVatInvalid);
      else if (country && vatOf !== country) issues.push(m.texsVatCountry);
      break;
    }
    case 'ENTREPRISE_HORS_UE':
      if (!/^[A-Z0-9]{1,25}$/.test(orgId)) issues.push(m.texsOrgIdOutsideEu);
      break;
    default:
      issues.push(fillTemplate(m.texsTypeUnexpected, { type }));
  }
  const name = text(columns.CompanyName);
  const address = text(columns.CompanyAddress);
  const city = text(columns.CompanyCity);
  if (!name) issues.push(m.texsNameRequired);
  else if (name.length > CARRIER_LIMITS.name) issues.push(m.texsNameTooLong);
  if (!address) issues.push(m.texsAddressRequired);
  else if (address.length > CARRIER_LIMITS.street) issues.push(m.texsAddressTooLong);
  if (!postalCode) issues.push(m.texsPostalCodeRequired);
  else if (!TD_POSTAL_CODE.test(postalCode)) issues.push(m.texsPostalCodeInvalid);
  if (!city) issues.push(m.texsCityRequired);
  else if (city.length > CARRIER_LIMITS.city) issues.push(m.texsCityTooLong);
  if (!country) issues.push(m.texsCountryRequired);
  else if (!TD_COUNTRY.test(country)) issues.push(m.texsCountryInvalid);
  return issues;
}
