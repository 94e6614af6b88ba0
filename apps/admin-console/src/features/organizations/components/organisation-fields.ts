import type { Organization } from '@terres/api-client';
import {
  ORGANISATION_EDIT_FIELDS,
  ORGANISATION_EDIT_MAX_LENGTHS,
  ORGANISATION_SECTIONS,
  type OrganisationEditField,
  type OrganisationSection,
} from '@terres/domain';
import { texts } from '../texts';

/** The fields of the edit form (the domain's `organisationEditSchema`: the e-mail is shown, not edited). */
export type EditField = OrganisationEditField;

export interface FieldSpec {
  name: EditField;
  label: string;
  maxLength: number;
  type?: 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'tel';
}

export interface Section {
  id: OrganisationSection['id'];
  title: string;
  fields: readonly FieldSpec[];
}

/** How the console labels and types each field; sections, order and limits are the domain's. */
const FIELD_INPUTS: Record<EditField, Omit<FieldSpec, 'name' | 'maxLength'>> = {
  name: { label: texts.name },
  registrationNumber: { label: texts.registrationNumber, inputMode: 'numeric' },
  legalForm: { label: texts.legalForm },
  street: { label: texts.street },
  postcode: { label: texts.postcode, inputMode: 'numeric' },
  city: { label: texts.city },
  country: { label: texts.country },
  officePhoneNumber: { label: texts.officePhoneNumber, type: 'tel', inputMode: 'tel' },
  mobilePhoneNumber: { label: texts.mobilePhoneNumber, type: 'tel', inputMode: 'tel' },
  representativeLastName: { label: texts.lastName },
  representativeFirstName: { label: texts.firstName },
  representativePosition: { label: texts.representativePosition },
  representativeEmail: { label: texts.representativeEmail, type: 'email', inputMode: 'email' },
  representativePhoneNumber: { label: texts.representativePhoneNumber, type: 'tel', inputMode: 'tel' },
};

/** The sections of the organisation (spec §2: Identité, Siège Social, Coordonnées, Représentant légal). */
export const SECTIONS: readonly Section[] = ORGANISATION_SECTIONS.map((section) => ({
  id: section.id,
  title: section.title,
  fields: section.fields.map((name) => ({ name, maxLength: ORGANISATION_EDIT_MAX_LENGTHS[name], ...FIELD_INPUTS[name] })),
}));

export const EDIT_FIELDS: readonly EditField[] = ORGANISATION_EDIT_FIELDS;

export type EditValues = Record<EditField, string>;

/** The form's values for an organisation (a missing value is an empty field). */
export function editValuesOf(organisation: Organization): EditValues {
  return Object.fromEntries(EDIT_FIELDS.map((name) => [name, organisation[name] ?? ''])) as EditValues;
}
