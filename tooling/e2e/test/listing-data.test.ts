// The journeys' listing builder against the domain's fields table: it sends wire names only,
// every field a submission requires, and a listing the submission check accepts (with its permit
// uploaded), so a field added to the table as required fails here before a journey does. The
// project name is given when the draft is created, not by the builder.
import {
  acceptanceFromFields,
  LISTING_FIELDS,
  listingFieldsWhere,
  toCamelKeys,
  validateInquiryForSubmission,
  type AcceptanceFields,
  type InquiryForSubmission,
} from '@terres/domain';
import { expect, it } from 'vitest';
import { completeListing } from '../src/playwright/listing-data';

const wireNames = new Set(Object.values(LISTING_FIELDS).map((field) => field.wire));
const required = listingFieldsWhere((field) => field.submission === 'required' && !field.sealed && field.wire !== 'project_name').map(
  (key) => LISTING_FIELDS[key].wire,
);

it.each(['CUT', 'FILL'] as const)('builds a complete %s listing in the table’s wire names', (type) => {
  const body = completeListing(0, { type });
  for (const key of Object.keys(body)) expect(wireNames).toContain(key);
  for (const wire of required) expect(Object.keys(body)).toContain(wire);
  const listing = { ...(toCamelKeys(body) as InquiryForSubmission & AcceptanceFields), projectName: 'Journey', type };
  const documents = [{ kind: 'PERMISSION', source: 'ADVERTISER' }];
  const check = validateInquiryForSubmission({ ...listing, documents, acceptance: acceptanceFromFields(listing) }, { requireSoilQuality: true });
  expect(check.errors).toEqual({});
});
