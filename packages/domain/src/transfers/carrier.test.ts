import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { fieldErrors } from '../validators/field-errors';
import { siretWithCheckDigit } from '../validators/siret';
import {
  carrierColumns,
  canManageCarriers,
  carrierSchema,
  carrierUsableOn,
  checkForeignIdentifier,
  ISO_COUNTRY_CODES,
  normalizeDepartment,
  parseTransportMode,
  RECEIPT_EXEMPTIONS,
  SOIL_RECEIPT_EXEMPTIONS,
  type Carrier,
} from './carrier';
import { transferMessages as m } from './messages';

// Test SIRETs are built with the domain's Luhn helper (no real company is named).
const SIRET = siretWithCheckDigit('8123456780001');

// A Lyon earthworks haulier with a receipt from the Rhône prefecture, valid five years.
const lyonHaulier = {
  siret: `${SIRET.slice(0, 3)} ${SIRET.slice(3, 6)} ${SIRET.slice(6, 9)} ${SIRET.slice(9)}`,
  name: 'Transports Terrassements du Rhône',
  street: '12 rue de l’Industrie',
  postcode: '69200',
  city: 'Vénissieux',
  receiptNumber: '2022-0147',
  receiptDepartment: '69',
  receiptValidUntil: '2027-03-31',
};

const parse = (input: unknown) => v.safeParse(carrierSchema, input);

describe('carrierSchema: French carriers', () => {
  it('takes a carrier with a receipt, by default French and by road', () => {
    const result = parse(lyonHaulier);
    expect(result.success).toBe(true);
    expect(result.output).toEqual<Carrier>({
      countryCode: 'FR',
      siret: SIRET,
      identifier: null,
      name: 'Transports Terrassements du Rhône',
      street: '12 rue de l’Industrie',
      postcode: '69200',
      city: 'Vénissieux',
      transportMode: 'ROAD',
      receipt: { number: '2022-0147', department: '69', validUntil: '2027-03-31' },
      exemption: null,
    });
  });

  it('writes the department with two digits and keeps Corsica and overseas codes', () => {
    expect(v.parse(carrierSchema, { ...lyonHaulier, receiptDepartment: '1' }).receipt?.department).toBe('01');
    expect(normalizeDepartment('2a')).toBe('2A');
    expect(normalizeDepartment('974')).toBe('974');
    expect(normalizeDepartment('20')).toBeNull();
    expect(normalizeDepartment('96')).toBeNull();
    expect(normalizeDepartment('975')).toBeNull();
    expect(fieldErrors(parse({ ...lyonHaulier, receiptDepartment: '99' }))).toEqual({ receiptDepartment: m.carrierReceiptDepartmentInvalid });
  });

  it('takes an exemption that covers soil instead of a receipt', () => {
    const exempt = { ...lyonHaulier, receiptNumber: null, receiptDepartment: null, receiptValidUntil: null, exemption: 'CLEAN_SOIL_AND_RUBBLE' };
    const carrier = v.parse(carrierSchema, exempt);
    expect(carrier.exemption).toBe('CLEAN_SOIL_AND_RUBBLE');
    expect(carrier.receipt).toBeNull();
  });

  it('refuses neither receipt nor exemption, both, half a receipt, and exemptions that do not cover soil', () => {
    const none = { ...lyonHaulier, receiptNumber: '', receiptDepartment: '', receiptValidUntil: '' };
    expect(fieldErrors(parse(none))).toEqual({ receiptNumber: m.carrierReceiptOrExemption });
    expect(fieldErrors(parse({ ...lyonHaulier, exemption: 'OWN_WASTE' }))).toEqual({ exemption: m.carrierReceiptAndExemption });
    expect(fieldErrors(parse({ ...lyonHaulier, receiptValidUntil: null }))).toEqual({ receiptValidUntil: m.carrierReceiptValidUntilInvalid });
    expect(fieldErrors(parse({ ...lyonHaulier, receiptValidUntil: '2027-02-30' }))).toEqual({ receiptValidUntil: m.carrierReceiptValidUntilInvalid });
    expect(fieldErrors(parse({ ...none, exemption: 'WASTE_OIL_COLLECTOR' }))).toEqual({ exemption: m.carrierExemptionInvalid });
  });

  it('checks the SIRET like every SIRET of the platform, and the French postcode', () => {
    expect(fieldErrors(parse({ ...lyonHaulier, siret: '81234567800012' }))).toEqual({ siret: messages.siretChecksum });
    expect(fieldErrors(parse({ ...lyonHaulier, siret: '8123' }))).toEqual({ siret: messages.siretLength });
    expect(fieldErrors(parse({ ...lyonHaulier, siret: null }))).toEqual({ siret: m.carrierSiretRequired });
    expect(fieldErrors(parse({ ...lyonHaulier, postcode: '6920' }))).toEqual({ postcode: m.carrierPostcodeFrench });
    expect(fieldErrors(parse({ ...lyonHaulier, postcode: '00000' }))).toEqual({ postcode: m.carrierPostcodeFrench });
    expect(v.parse(carrierSchema, { ...lyonHaulier, postcode: '69 200' }).postcode).toBe('69200');
    expect(fieldErrors(parse({ ...lyonHaulier, identifier: 'FR40303265045' }))).toEqual({ identifier: m.carrierIdentifierFrench });
  });

  it('refuses line breaks and control characters in single-line fields', () => {
    expect(fieldErrors(parse({ ...lyonHaulier, name: 'Transports\nArticle 9' }))).toEqual({ name: m.carrierTextControlCharacters });
    expect(fieldErrors(parse({ ...lyonHaulier, receiptNumber: '2022\u0007' }))).toEqual({ receiptNumber: m.carrierTextControlCharacters });
  });

  it('bounds names, addresses and cities as TD does', () => {
    expect(fieldErrors(parse({ ...lyonHaulier, name: 'x'.repeat(151) }))).toEqual({ name: m.carrierNameTooLong });
    expect(fieldErrors(parse({ ...lyonHaulier, city: 'x'.repeat(46) }))).toEqual({ city: m.carrierCityTooLong });
    expect(fieldErrors(parse({ ...lyonHaulier, name: '  ' }))).toEqual({ name: m.carrierNameRequired });
  });

  it('reads the transport mode in English or in TD’s French file spelling', () => {
    expect(v.parse(carrierSchema, { ...lyonHaulier, transportMode: 'fluvial' }).transportMode).toBe('RIVER');
    expect(parseTransportMode('Ferré')).toBe('RAIL');
    expect(parseTransportMode('SEA')).toBe('SEA');
    expect(fieldErrors(parse({ ...lyonHaulier, transportMode: 'CAMION' }))).toEqual({ transportMode: m.carrierTransportModeInvalid });
  });
});

describe('carrierSchema: foreign carriers', () => {
  const belgian = {
    countryCode: 'be',
    identifier: 'BE 0202.239.951',
    name: 'Grondwerken Vlaanderen',
    street: 'Industrieweg 4',
    postcode: '9000',
    city: 'Gent',
  };

  it('takes an EU carrier by its VAT number, normalised, without receipt', () => {
    const carrier = v.parse(carrierSchema, belgian);
    expect(carrier).toMatchObject({ countryCode: 'BE', siret: null, identifier: 'BE0202239951', receipt: null, exemption: null });
  });

  it('checks the VAT format of the country, and check digits for BE, DE, IT, LU', () => {
    expect(checkForeignIdentifier('BE', '0202239951')).toEqual({ value: 'BE0202239951' });
    expect(checkForeignIdentifier('BE', '202239951')).toEqual({ value: 'BE0202239951' });
    expect(checkForeignIdentifier('BE', 'BE0202239952')).toHaveProperty('error');
    expect(checkForeignIdentifier('DE', 'DE136695976')).toEqual({ value: 'DE136695976' });
    expect(checkForeignIdentifier('DE', 'DE136695977')).toHaveProperty('error');
    expect(checkForeignIdentifier('IT', '00743110157')).toEqual({ value: 'IT00743110157' });
    expect(checkForeignIdentifier('LU', 'LU 263 752 45')).toEqual({ value: 'LU26375245' });
    expect(checkForeignIdentifier('LU', 'LU26375246')).toHaveProperty('error');
    expect(checkForeignIdentifier('NL', 'NL123456789B01')).toEqual({ value: 'NL123456789B01' });
    expect(checkForeignIdentifier('ES', 'ESB12345678')).toEqual({ value: 'ESB12345678' });
    expect(checkForeignIdentifier('GR', 'GR123456789')).toEqual({ value: 'EL123456789' });
  });

  it('refuses a VAT number of another country', () => {
    expect(fieldErrors(parse({ ...belgian, identifier: 'DE136695976' }))).toEqual({
      identifier: 'Le numéro de TVA commence par DE : il ne correspond pas au pays choisi.',
    });
    expect(fieldErrors(parse({ ...belgian, identifier: 'BE0202239952' }))).toEqual({
      identifier: 'Le numéro de TVA n’est pas valide pour ce pays (BE0202239951).',
    });
  });

  it('takes a carrier outside the EU by an identifier of 1 to 25 letters and digits', () => {
    const swiss = { ...belgian, countryCode: 'CH', identifier: 'CHE-116.281.710', postcode: '1201', city: 'Genève' };
    expect(v.parse(carrierSchema, swiss).identifier).toBe('CHE116281710');
    expect(fieldErrors(parse({ ...swiss, identifier: 'CHE#116' }))).toEqual({ identifier: m.carrierIdentifierInvalid });
    expect(fieldErrors(parse({ ...swiss, identifier: 'A'.repeat(26) }))).toEqual({ identifier: m.carrierIdentifierInvalid });
  });

  it('refuses a SIRET, an exemption or a missing identifier for a foreign carrier', () => {
    expect(fieldErrors(parse({ ...belgian, siret: SIRET }))).toEqual({ siret: m.carrierSiretForeign });
    expect(fieldErrors(parse({ ...belgian, exemption: 'OWN_WASTE' }))).toEqual({ exemption: m.carrierExemptionForeign });
    expect(fieldErrors(parse({ ...belgian, identifier: '' }))).toEqual({ identifier: m.carrierIdentifierRequired });
  });

  it('checks the foreign postcode with TD’s pattern (4 to 11 characters)', () => {
    expect(v.parse(carrierSchema, { ...belgian, countryCode: 'GB', identifier: 'GB123456789', postcode: 'sw1a 1aa' }).postcode).toBe('SW1A 1AA');
    expect(fieldErrors(parse({ ...belgian, postcode: '12' }))).toEqual({ postcode: m.carrierPostcodeForeign });
  });

  it('knows the 249 ISO 3166-1 codes', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['fr'], { type: 'region' });
    for (const code of ISO_COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
    expect(fieldErrors(parse({ ...belgian, countryCode: 'XX' }))).toEqual({ countryCode: m.carrierCountryInvalid });
    expect(fieldErrors(parse({ ...belgian, countryCode: 'BEL' }))).toEqual({ countryCode: m.carrierCountryInvalid });
  });
});

describe('carrierSchema: one pass', () => {
  it('reports the fields’ own messages and the rules between fields together', () => {
    // A form saved with nothing typed: the required fields and « SIRET requis », « récépissé ou
    // exemption » at once, not in a second round once the names are filled in.
    const empty = { countryCode: 'FR', siret: null, identifier: null, name: '', street: '', postcode: '', city: '', receiptNumber: null, receiptDepartment: null, receiptValidUntil: null, exemption: null };
    expect(fieldErrors(parse(empty))).toEqual({
      siret: m.carrierSiretRequired,
      name: m.carrierNameRequired,
      street: m.carrierStreetRequired,
      postcode: m.carrierPostcodeRequired,
      city: m.carrierCityRequired,
      receiptNumber: m.carrierReceiptOrExemption,
    });
    // A bad SIRET and a missing name; a bad department still counts as a receipt begun.
    expect(fieldErrors(parse({ ...lyonHaulier, name: '', siret: '123', receiptDepartment: '99', receiptValidUntil: null }))).toEqual({
      name: m.carrierNameRequired,
      siret: messages.siretLength,
      receiptDepartment: m.carrierReceiptDepartmentInvalid,
      receiptValidUntil: m.carrierReceiptValidUntilInvalid,
    });
  });

  it('gives a field one message: its own rule first, then no cross-field one', () => {
    // The postcode is too long for any rule; the French postcode rule does not add its message.
    const result = parse({ ...lyonHaulier, postcode: '6'.repeat(21) });
    expect(result.issues?.filter((issue) => v.getDotPath(issue) === 'postcode').map((issue) => issue.message)).toEqual([m.carrierPostcodeForeign]);
    // An unreadable country: its own message, and none of the rules that depend on it.
    expect(fieldErrors(parse({ ...lyonHaulier, countryCode: 'XX', name: '' }))).toEqual({ countryCode: m.carrierCountryInvalid, name: m.carrierNameRequired });
  });

  it('applies the foreign rules with the fields’ own messages', () => {
    const belgian = { countryCode: 'BE', identifier: '', name: 'Transports Liégeois', street: '', postcode: '4000', city: 'Liège', exemption: 'OWN_WASTE' };
    expect(fieldErrors(parse(belgian))).toEqual({ identifier: m.carrierIdentifierRequired, street: m.carrierStreetRequired, exemption: m.carrierExemptionForeign });
  });
});

describe('receipt exemptions (R. 541-50 II)', () => {
  it('lists the five items, of which two can cover a carrier of soil', () => {
    expect(Object.keys(RECEIPT_EXEMPTIONS)).toHaveLength(5);
    expect(SOIL_RECEIPT_EXEMPTIONS).toEqual(['OWN_WASTE', 'CLEAN_SOIL_AND_RUBBLE']);
    expect(RECEIPT_EXEMPTIONS.RETAILER_TAKE_BACK.confirmed).toBe(false);
    expect(RECEIPT_EXEMPTIONS.CLEAN_SOIL_AND_RUBBLE.coversHazardous).toBe(false);
  });
});

describe('carrierUsableOn', () => {
  const carrier = v.parse(carrierSchema, lyonHaulier);

  it('accepts the carrier up to the last valid day of its receipt, included', () => {
    expect(carrierUsableOn(carrier, '2027-03-31')).toEqual({ usable: true });
    expect(carrierUsableOn(carrier, '2026-11-27T06:45:00Z')).toEqual({ usable: true });
  });

  it('refuses it the day after, in French, reading a date-time as its Paris day', () => {
    const refusal = {
      usable: false,
      code: 'RECEIPT_EXPIRED',
      message:
        'Le récépissé du transporteur « Transports Terrassements du Rhône » a expiré le 31/03/2027 : mettez-le à jour avant d’enregistrer un chargement.',
    };
    expect(carrierUsableOn(carrier, '2027-04-01')).toEqual(refusal);
    // 23:30 UTC on 31 March is 01:30 on 1 April in Paris (summer time).
    expect(carrierUsableOn(carrier, '2027-03-31T23:30:00Z')).toEqual(refusal);
  });

  it('refuses a French carrier with neither receipt nor exemption, and an archived one', () => {
    const bare = { ...carrier, receipt: null };
    expect(carrierUsableOn(bare, '2026-11-27')).toMatchObject({ usable: false, code: 'NO_RECEIPT' });
    expect(carrierUsableOn({ ...carrier, archived: true }, '2026-11-27')).toMatchObject({ usable: false, code: 'ARCHIVED' });
  });

  it('accepts a foreign carrier without receipt (TD asks the receipt of French carriers only)', () => {
    expect(carrierUsableOn({ name: 'Grondwerken Vlaanderen', countryCode: 'BE', receipt: null, exemption: null }, '2026-11-27')).toEqual({ usable: true });
  });

  it('refuses the « terres non souillées » exemption for a hazardous code, not the own-waste one', () => {
    const exempt = { ...carrier, receipt: null, exemption: 'CLEAN_SOIL_AND_RUBBLE' as const };
    expect(carrierUsableOn(exempt, '2026-11-27', { wasteCode: '17 05 04' })).toEqual({ usable: true });
    expect(carrierUsableOn(exempt, '2026-11-27', { wasteCode: '17 05 03*' })).toMatchObject({ usable: false, code: 'EXEMPTION_NOT_FOR_HAZARDOUS' });
    expect(carrierUsableOn({ ...exempt, exemption: 'OWN_WASTE' }, '2026-11-27', { wasteCode: '17 05 03*' })).toEqual({ usable: true });
  });
});

describe('canManageCarriers', () => {
  it('lets the owner edit its organisation’s carriers and an admin any organisation’s', () => {
    expect(canManageCarriers({ role: 'OWNER', organizationId: 'org-1' }, 'org-1')).toBe(true);
    expect(canManageCarriers({ role: 'owner', organizationId: 'org-2' }, 'org-1')).toBe(false);
    expect(canManageCarriers({ role: 'EMPLOYEE', organizationId: 'org-1' }, 'org-1')).toBe(false);
    expect(canManageCarriers({ role: 'ADMIN' }, 'org-1')).toBe(true);
  });
});

describe('carrierColumns', () => {
  it('spreads the receipt into its three columns, null when the carrier is exempt', () => {
    const base = {
      countryCode: 'FR',
      siret: '44002123001012',
      identifier: null,
      name: 'Transports Kuntz',
      street: '3 rue du Port',
      postcode: '68100',
      city: 'Mulhouse',
      transportMode: 'ROAD' as const,
    };
    expect(carrierColumns({ ...base, receipt: { number: '2024/68/0042', department: '68', validUntil: '2029-03-31' }, exemption: null })).toEqual({
      ...base,
      receiptNumber: '2024/68/0042',
      receiptDepartment: '68',
      receiptValidUntil: '2029-03-31',
      exemption: null,
    });
    expect(carrierColumns({ ...base, receipt: null, exemption: 'OWN_WASTE' })).toMatchObject({
      receiptNumber: null,
      receiptDepartment: null,
      receiptValidUntil: null,
      exemption: 'OWN_WASTE',
    });
  });
});
