import { normalizeRole } from '../auth/roles';
import { isEditableByAdvertiser } from '../status/machine';
import { LISTING_FIELD_KEYS, LISTING_FIELDS, type ListingField, type ListingFieldKey } from './fields';

/**
 * Edition rule of one listing field. `sealed`: fixed at creation or changed only through
 * the status machine, never by an edit. `required`: needed for submission.
 */
export interface FieldRule {
  readonly label: string;
  readonly required: boolean;
  readonly sealed: boolean;
}

type Fields = typeof LISTING_FIELDS;
type WireName = Fields[ListingFieldKey]['wire'];

/**
 * Every listing field, keyed by its wire name (CONTRACT §8), for the API's PUT and the forms:
 * a projection of the fields table (fields.ts).
 */
export const inquiryFieldRules = Object.fromEntries(
  LISTING_FIELD_KEYS.map((key) => {
    const field: ListingField = LISTING_FIELDS[key];
    return [field.wire, { label: field.label, required: field.submission === 'required', sealed: field.sealed }];
  }),
) as Record<WireName, FieldRule>;

export type InquiryWireField = keyof typeof inquiryFieldRules;
export const INQUIRY_WIRE_FIELDS = Object.keys(inquiryFieldRules) as InquiryWireField[];

/**
 * Fields `role` may change on a listing in `status`: owners and employees edit every
 * unsealed field of DRAFT and REJECTED listings; admins change statuses only, through the
 * status call, so they edit no field.
 */
export function editableFields(status: unknown, role: unknown): InquiryWireField[] {
  const normalized = normalizeRole(role);
  if (normalized !== 'OWNER' && normalized !== 'EMPLOYEE') return [];
  if (!isEditableByAdvertiser(status)) return [];
  return INQUIRY_WIRE_FIELDS.filter((field) => !inquiryFieldRules[field].sealed);
}

/** Keys of a PUT body that `role` may not change now (unknown keys included). */
export function forbiddenFields(patch: object, status: unknown, role: unknown): string[] {
  const allowed = new Set<string>(editableFields(status, role));
  return Object.keys(patch).filter((key) => !allowed.has(key));
}
