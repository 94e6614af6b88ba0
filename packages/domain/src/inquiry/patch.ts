import * as v from 'valibot';
import type { Now } from '../validators/date';
import { clearable, editSchemaOf, LISTING_FIELDS, listingFieldsWhere, type InquiryPatch } from './fields';

/**
 * A listing draft edit (PUT /inquiries/{id}, camelCase after key conversion), built from the
 * fields table (fields.ts): every unsealed field is optional; a `clearable` one may be cleared
 * (missing, null, '' or blank -> null), the others (the project name, the lists, the boxes)
 * may not; a field sent with a value obeys its `schema` (postcode, SIRET, parcel ids, surface,
 * material rows, dates). Submission then checks completeness with `validateInquiryForSubmission`.
 */
export function createInquiryPatchSchema(options: { now?: Now } = {}): v.GenericSchema<unknown, InquiryPatch> {
  const entries = listingFieldsWhere((field) => !field.sealed).map((key) => {
    const schema = editSchemaOf(key, options);
    return [key, LISTING_FIELDS[key].clearable ? clearable(schema) : v.optional(schema)] as const;
  });
  return v.object(Object.fromEntries(entries)) as unknown as v.GenericSchema<unknown, InquiryPatch>;
}

export const inquiryPatchSchema = createInquiryPatchSchema();
