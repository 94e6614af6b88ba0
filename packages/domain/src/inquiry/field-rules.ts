import { normalizeRole } from '../auth/roles';
import { isEditableByAdvertiser } from '../status/machine';

/**
 * Edition rule of one listing field. `sealed`: fixed at creation or changed only through
 * the status machine, never by an edit. `required`: needed for submission.
 */
export interface FieldRule {
  readonly label: string;
  readonly required: boolean;
  readonly sealed: boolean;
}

/**
 * Every listing field, keyed by its wire name (CONTRACT §8), declared once for the API's
 * PUT and the forms. Labels name what the field holds (the wizard swaps 'Nom' and
 * 'Prénom' on screen, spec §5; these labels do not).
 */
export const inquiryFieldRules = {
  type: { label: "Type d'annonce", required: true, sealed: true },
  status: { label: 'Statut', required: true, sealed: true },
  project_name: { label: 'Nom du projet', required: true, sealed: false },
  project_owner_first_name: { label: "Prénom du maître d'ouvrage", required: true, sealed: false },
  project_owner_last_name: { label: "Nom du maître d'ouvrage", required: true, sealed: false },
  project_owner_street: { label: "Adresse du maître d'ouvrage", required: true, sealed: false },
  project_owner_postcode: { label: "Code postal du maître d'ouvrage", required: true, sealed: false },
  project_owner_city: { label: "Ville du maître d'ouvrage", required: true, sealed: false },
  project_owner_siret: { label: "SIRET du maître d'ouvrage", required: true, sealed: false },
  site_address: { label: 'Adresse du site', required: true, sealed: false },
  site_latitude: { label: 'Latitude du site', required: false, sealed: false },
  site_longitude: { label: 'Longitude du site', required: false, sealed: false },
  parcel_numbers: { label: 'Parcelles', required: true, sealed: false },
  quantity: { label: 'Surface (ha)', required: true, sealed: false },
  materials: { label: 'Composition du sol', required: false, sealed: false },
  ground_type_unknown: { label: 'Composition inconnue', required: false, sealed: false },
  soil_study_delegation: { label: "Délégation de l'étude de sol", required: false, sealed: false },
  accept_certification: { label: 'Certification', required: true, sealed: false },
  start_date: { label: 'Date de début', required: true, sealed: false },
  end_date: { label: 'Date de fin', required: true, sealed: false },
  // What a FILL listing accepts (issue 11); a CUT listing sends none (the API refuses them).
  receiving_use: { label: 'Usage du site receveur', required: false, sealed: false },
  accepted_quality_classes: { label: 'Classes de qualité acceptées', required: false, sealed: false },
  accepted_waste_codes: { label: 'Codes déchet acceptés', required: false, sealed: false },
} as const satisfies Record<string, FieldRule>;

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
