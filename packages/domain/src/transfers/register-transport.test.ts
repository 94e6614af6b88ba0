import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../matching/csv';
import { INCOMING_TEXS_HEADERS, OUTGOING_TEXS_HEADERS } from '../matching/register';
import { siretWithCheckDigit } from '../validators/siret';
import { carrierSchema } from './carrier';
import { transferMessages as m } from './messages';
import { carrierCompanyType, texsTransporterCells, texsTransporterColumns, texsTransporterIssues } from './register-transport';

// Expected values written from Trackdéchets' import rules, MTES-MCT/trackdechets at commit
// 779f59bf47: libs/back/registry/src/shared/schemas.ts (transportModeSchema, actorTypeSchema,
// actorOrgIdSchema, actorPostalCodeSchema, actorCountryCodeSchema, transportRecepisseNumberSchema,
// booleanSchema) and libs/back/registry/src/shared/refinement.ts (refineTransporterInfos,
// refineActorInfos, refineActorDetails), used by outgoingTexs/ and incomingTexs/validation/.

const SIRET = siretWithCheckDigit('8123456780001');
const base = { name: 'Transports Terrassements du Rhône', street: '12 rue de l’Industrie', postcode: '69200', city: 'Vénissieux' };
const withReceipt = v.parse(carrierSchema, { ...base, siret: SIRET, receiptNumber: '2022-0147', receiptDepartment: '69', receiptValidUntil: '2027-03-31' });
const exempt = v.parse(carrierSchema, { ...base, siret: SIRET, exemption: 'CLEAN_SOIL_AND_RUBBLE' });
const belgian = v.parse(carrierSchema, { countryCode: 'BE', identifier: 'BE 0202.239.951', name: 'Grondwerken Vlaanderen', street: 'Industrieweg 4', postcode: '9000', city: 'Gent' });
const swiss = v.parse(carrierSchema, { countryCode: 'CH', identifier: 'CHE-116.281.710', name: 'Erdbau Genève SA', street: 'Route des Acacias 12', postcode: '1227', city: 'Carouge' });

describe('texsTransporterColumns', () => {
  it('maps a French carrier with a receipt: ROUTE, ETABLISSEMENT_FR, SIRET, receipt number, not exempted', () => {
    expect(texsTransporterColumns(withReceipt)).toEqual({
      TransportMode: 'ROUTE',
      CompanyType: 'ETABLISSEMENT_FR',
      CompanyOrgId: SIRET,
      CompanyName: 'Transports Terrassements du Rhône',
      CompanyAddress: '12 rue de l’Industrie',
      CompanyPostalCode: '69200',
      CompanyCity: 'Vénissieux',
      CompanyCountryCode: 'FR',
      RecepisseIsExempted: false,
      RecepisseNumber: '2022-0147',
    });
    // The GraphQL API takes the English enum; files take both spellings.
    expect(texsTransporterColumns(withReceipt, { api: true }).TransportMode).toBe('ROAD');
  });

  it('maps an exempt carrier: exempted, no receipt number (OUI in files)', () => {
    const columns = texsTransporterColumns(exempt);
    expect(columns).toMatchObject({ RecepisseIsExempted: true, RecepisseNumber: null });
    expect(csvCell(columns.RecepisseIsExempted)).toBe('OUI');
  });

  it('maps foreign carriers to ENTREPRISE_UE (VAT) or ENTREPRISE_HORS_UE (identifier), no receipt needed', () => {
    expect(texsTransporterColumns(belgian)).toMatchObject({
      CompanyType: 'ENTREPRISE_UE',
      CompanyOrgId: 'BE0202239951',
      CompanyCountryCode: 'BE',
      RecepisseIsExempted: false,
      RecepisseNumber: null,
    });
    expect(texsTransporterColumns(swiss)).toMatchObject({ CompanyType: 'ENTREPRISE_HORS_UE', CompanyOrgId: 'CHE116281710', CompanyCountryCode: 'CH' });
    expect(carrierCompanyType({ countryCode: 'GB' })).toBe('ENTREPRISE_HORS_UE');
  });

  it('names the cells as the register’s transporter columns', () => {
    const cells = texsTransporterCells(withReceipt);
    for (const field of Object.keys(cells)) {
      expect(OUTGOING_TEXS_HEADERS).toHaveProperty(field);
      expect(INCOMING_TEXS_HEADERS).toHaveProperty(field);
    }
    expect(Object.keys(cells)).toHaveLength(10);
    expect(texsTransporterCells(withReceipt, 2)).toHaveProperty('transporter2CompanyOrgId', SIRET);
  });
});

describe('texsTransporterIssues', () => {
  it('finds nothing in the columns of any carrier carrierSchema accepts', () => {
    const more = [
      { countryCode: 'DE', identifier: 'DE136695976', postcode: '66111', city: 'Saarbrücken' },
      { countryCode: 'LU', identifier: 'LU26375245', postcode: 'L-2338', city: 'Luxembourg' },
      { countryCode: 'IT', identifier: '00743110157', postcode: '10121', city: 'Torino' },
      { countryCode: 'GR', identifier: 'GR123456789', postcode: '104 31', city: 'Athína' },
      { countryCode: 'GB', identifier: 'GB 123 4567 89', postcode: 'SW1A 1AA', city: 'London' },
      { countryCode: 'ES', identifier: 'ESB12345678', postcode: '08001', city: 'Barcelona', transportMode: 'MARITIME' },
    ].map((input) => v.parse(carrierSchema, { ...base, ...input }));
    for (const carrier of [withReceipt, exempt, belgian, swiss, ...more]) {
      expect(texsTransporterIssues(texsTransporterColumns(carrier)), carrier.name + carrier.countryCode).toEqual([]);
      expect(texsTransporterIssues(texsTransporterColumns(carrier, { api: true }))).toEqual([]);
    }
  });

  it('wants mode and type together, and the type when any company field is set', () => {
    expect(texsTransporterIssues({ TransportMode: 'ROUTE' })).toEqual([m.texsModeWithoutCarrier]);
    expect(texsTransporterIssues({ TransportMode: null, CompanyName: 'X' })).toEqual([m.texsTypeRequired]);
    expect(texsTransporterIssues({})).toEqual([]);
    expect(texsTransporterIssues({ ...texsTransporterColumns(withReceipt), TransportMode: null })).toEqual([m.texsCarrierWithoutMode]);
    expect(texsTransporterIssues({ ...texsTransporterColumns(withReceipt), TransportMode: 'CAMION' })).toEqual(['Mode de transport inconnu : CAMION.']);
  });

  it('wants a receipt number from a French carrier that is not exempted', () => {
    expect(texsTransporterIssues({ ...texsTransporterColumns(withReceipt), RecepisseNumber: null })).toEqual([m.texsReceiptRequired]);
    expect(texsTransporterIssues({ ...texsTransporterColumns(withReceipt), RecepisseNumber: 'x'.repeat(51) })).toEqual([m.texsReceiptTooLong]);
  });

  it('checks an ETABLISSEMENT_FR: SIRET, country FR, 5 or 6 digit postal code', () => {
    const fr = texsTransporterColumns(withReceipt);
    expect(texsTransporterIssues({ ...fr, CompanyOrgId: '81234567800012' })).toEqual([m.texsSiretInvalid]);
    expect(texsTransporterIssues({ ...fr, CompanyCountryCode: 'BE' })).toEqual([m.texsCountryNotFr]);
    expect(texsTransporterIssues({ ...fr, CompanyPostalCode: '6920' })).toEqual([m.texsPostalCodeFr]);
  });

  it('checks an ENTREPRISE_UE VAT number and its country, an ENTREPRISE_HORS_UE identifier', () => {
    const be = texsTransporterColumns(belgian);
    expect(texsTransporterIssues({ ...be, CompanyCountryCode: 'NL' })).toEqual([m.texsVatCountry]);
    expect(texsTransporterIssues({ ...be, CompanyOrgId: 'BE0202239952' })).toEqual([m.texsVatInvalid]);
    expect(texsTransporterIssues({ ...texsTransporterColumns(swiss), CompanyOrgId: 'che-116' })).toEqual([m.texsOrgIdOutsideEu]);
  });

  it('wants name, address, postal code, city and country within TD’s limits', () => {
    const fr = texsTransporterColumns(withReceipt);
    expect(texsTransporterIssues({ ...fr, CompanyName: '', CompanyAddress: null, CompanyCity: 'x'.repeat(46), CompanyCountryCode: 'fr' })).toEqual([
      m.texsCountryNotFr,
      m.texsNameRequired,
      m.texsAddressRequired,
      m.texsCityTooLong,
      m.texsCountryInvalid,
    ]);
    expect(texsTransporterIssues({ ...texsTransporterColumns(belgian), CompanyPostalCode: '9' })).toEqual([m.texsPostalCodeInvalid]);
  });
});
