// The listing's fields are declared once, in the domain's table (packages/domain/src/inquiry/
// fields.ts). This test fails when a field is added to one place and not the table: the
// inquiries table's columns, openapi.yaml (`Inquiry` and `InquiryFields`), the generated
// client's models and the API's answer (`toInquiry`) must name the same fields.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LISTING_FIELD_KEYS, LISTING_FIELDS, listingFieldsWhere } from '@terres/domain';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { inquiries } from '../db/schema.js';
import { completeListingFields } from '../../test/helpers/fixtures.js';
import { toInquiry, type InquiryRow } from './inquiries.js';

const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

/** Columns of the inquiries table that are not listing fields: keys, bookkeeping, copies. */
const NOT_FIELDS_COLUMNS = [
  'id',
  'organizationId',
  'userId',
  'cost',
  'rejectionReason',
  'submittedAt',
  'validatedAt',
  'deletedAt',
  'createdAt',
  'updatedAt',
  'organizationName',
  'hasSoilStudyFile',
  'searchText',
  'matchBand',
];
/** What the answer adds to the table's fields (openapi `Inquiry`). */
const COMPUTED_ANSWER = ['id', 'organizationId', 'organizationName', 'userId', 'cost', 'rejectionReason', 'createdAt', 'updatedAt'];

const sorted = (keys: Iterable<string>) => [...keys].sort();
const tableKeys = sorted(LISTING_FIELD_KEYS);
const editableWireNames = sorted(listingFieldsWhere((field) => !field.sealed).map((key) => LISTING_FIELDS[key].wire));

interface Schema {
  properties?: Record<string, unknown>;
}
const spec = parse(readFileSync(root('openapi/openapi.yaml'), 'utf8')) as { components: { schemas: Record<string, Schema> } };
const propertiesOf = (name: string) => sorted(Object.keys(spec.components.schemas[name]?.properties ?? {}));

/** The property names of a generated model's interface (`  name?: Type;` lines). */
function generatedProperties(file: string): string[] {
  const source = readFileSync(root(`packages/api-client/src/gen/model/${file}`), 'utf8');
  const body = source.slice(source.indexOf('export interface'));
  return sorted([...body.matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1]!));
}

describe('a listing field is declared in the table and everywhere it must be', () => {
  it('the inquiries table has a column for each field, and no other field column', () => {
    const columns = Object.keys(getTableColumns(inquiries));
    expect(sorted(columns.filter((column) => !NOT_FIELDS_COLUMNS.includes(column)))).toEqual(tableKeys);
  });

  it('openapi.yaml answers each field in Inquiry and accepts each editable one in InquiryFields', () => {
    expect(propertiesOf('Inquiry')).toEqual(sorted([...tableKeys, ...COMPUTED_ANSWER]));
    expect(propertiesOf('InquiryFields')).toEqual(editableWireNames);
  });

  it('the generated client is built from that contract', () => {
    expect(generatedProperties('inquiry.ts')).toEqual(sorted([...tableKeys, ...COMPUTED_ANSWER]));
    expect(generatedProperties('inquiryFields.ts')).toEqual(editableWireNames);
  });

  it('the API answers the table fields and the computed ones', () => {
    const row = Object.fromEntries(Object.keys(getTableColumns(inquiries)).map((column) => [column, null])) as unknown as InquiryRow;
    const answer = toInquiry({ ...row, type: 'CUT', status: 'DRAFT', materials: [], createdAt: new Date(), updatedAt: new Date() });
    expect(sorted(Object.keys(answer))).toEqual(sorted([...tableKeys, ...COMPUTED_ANSWER]));
  });

  it('the tests’ complete listing sends the table’s wire names and every field a submission requires', () => {
    const body = completeListingFields();
    const wireNames = LISTING_FIELD_KEYS.map((key) => LISTING_FIELDS[key].wire as string);
    for (const key of Object.keys(body)) expect(wireNames).toContain(key);
    const required = listingFieldsWhere((field) => field.submission === 'required' && !field.sealed);
    for (const key of required) expect(Object.keys(body)).toContain(LISTING_FIELDS[key].wire);
  });
});
