import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { camelToSnake } from '../util';
import { fieldErrors } from '../validators/field-errors';
import { formObject } from '../validators/object';
import { LISTING_FIELD_KEYS, LISTING_FIELDS, LISTING_SUB_STEPS, listingDetailRows, pickListingFields, subStepEntries, projectOwnerPartyName, subStepFields } from './fields';

describe('the listing fields table', () => {
  it('picks a row\'s table fields in table order, present ones only (nulls kept), nothing else', () => {
    const row: Record<string, unknown> = { id: 'x', status: 'DRAFT', ...Object.fromEntries([...LISTING_FIELD_KEYS].reverse().map((key, i) => [key, i % 2 ? null : i])) };
    delete row[LISTING_FIELD_KEYS[1]!];
    const picked = pickListingFields(row);
    expect(Object.keys(picked)).toEqual(LISTING_FIELD_KEYS.filter((_, i) => i !== 1));
    for (const key of Object.keys(picked)) expect(picked[key as keyof typeof picked]).toBe(row[key]);
    // Onto an object of the caller's: after its own keys, which stay first.
    const onto = pickListingFields(row, { id: 'x' });
    expect(Object.keys(onto)).toEqual(['id', ...LISTING_FIELD_KEYS.filter((_, i) => i !== 1)]);
  });

  it('names each field on the wire as its answer name in snake_case', () => {
    for (const key of LISTING_FIELD_KEYS) expect(LISTING_FIELDS[key].wire).toBe(camelToSnake(key));
  });

  it('writes labels with the typographic apostrophe the apps show', () => {
    for (const key of LISTING_FIELD_KEYS) expect(LISTING_FIELDS[key].label).not.toContain("'");
  });

  it('gives every sub-step that asks something its fields', () => {
    expect(subStepFields('projectOwnerAddress')).toEqual(['projectOwnerStreet', 'projectOwnerPostcode', 'projectOwnerCity']);
    const asked = new Set<string | null>(LISTING_FIELD_KEYS.map((key) => LISTING_FIELDS[key].subStep));
    expect(LISTING_SUB_STEPS.filter((step) => !asked.has(step))).toEqual([]);
    expect(subStepFields('otherDocuments')).toEqual(['sisIdentifier', 'analysisReferences', 'soilPreparer', 'permitReference', 'permitDate']);
  });

  it('lets an optional field be blank in the wizard and requires the others', () => {
    const schema = formObject(subStepEntries('site'));
    expect(fieldErrors(v.safeParse(schema, { siteAddress: 'Rue de Pfastatt', siteLatitude: null }))).toEqual({});
    expect(fieldErrors(v.safeParse(schema, {}))).toEqual({ siteAddress: "L'adresse du site est requise." });
  });

  it('reads a listing on the detail pages, missing values said so', () => {
    const rows = listingDetailRows(
      { projectOwnerLastName: ' Schmitt ', projectOwnerFirstName: '', projectOwnerStreet: '3 place de la Réunion', projectOwnerPostcode: '68100', projectOwnerCity: 'Mulhouse' },
      'owner',
    );
    const read = Object.fromEntries(rows.map((row) => [row.label, row.value]));
    expect(read).toMatchObject({ Nom: 'Schmitt', Prénom: 'Non renseigné', SIRET: 'Non renseigné', Adresse: '3 place de la Réunion, 68100 Mulhouse' });
    // In the table's order: the name before the address.
    expect(rows.map((row) => row.label).indexOf('Nom')).toBeLessThan(rows.map((row) => row.label).indexOf('Adresse'));
    expect(listingDetailRows({ parcelNumbers: ['682240000A0123'] }, 'site').find((row) => row.key === 'parcelNumbers')?.value).toEqual([
      '68 2240 000A 0123',
    ]);
  });
});

describe('projectOwnerPartyName', () => {
  it('names the company when the maître d’ouvrage has a raison sociale, else the person', () => {
    expect(projectOwnerPartyName({ projectOwnerCompanyName: ' Commune de Lyon ', projectOwnerFirstName: 'Anne', projectOwnerLastName: 'Martin' })).toBe('Commune de Lyon');
    expect(projectOwnerPartyName({ projectOwnerCompanyName: '', projectOwnerFirstName: 'Anne', projectOwnerLastName: 'Martin' })).toBe('Anne Martin');
    expect(projectOwnerPartyName({})).toBe('');
  });
});
