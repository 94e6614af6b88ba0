import type { Organization } from '@terres/api-client';
import {
  LEGAL_FORM_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POSTCODE_EDIT_MAX_LENGTH,
  SIRET_LENGTH,
  TEXT_MAX_LENGTH,
  type OrganisationEditInput,
} from '@terres/domain';
import { texts } from '../texts';

/** The fields of the edit form (the domain's `organisationEditSchema`: the e-mail is shown, not edited). */
export type EditField = keyof OrganisationEditInput;

export interface FieldSpec {
  name: EditField;
  label: string;
  maxLength: number;
  type?: 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'tel';
}

export interface Section {
  id: string;
  title: string;
  fields: readonly FieldSpec[];
}

/** The sections of the organisation (spec §2: Identité, Siège Social, Coordonnées, Représentant légal). */
export const SECTIONS: readonly Section[] = [
  {
    id: 'identity',
    title: texts.identity,
    fields: [
      { name: 'name', label: texts.name, maxLength: TEXT_MAX_LENGTH },
      { name: 'registrationNumber', label: texts.registrationNumber, maxLength: SIRET_LENGTH, inputMode: 'numeric' },
      { name: 'legalForm', label: texts.legalForm, maxLength: LEGAL_FORM_MAX_LENGTH },
    ],
  },
  {
    id: 'head-office',
    title: texts.headOffice,
    fields: [
      { name: 'street', label: texts.street, maxLength: TEXT_MAX_LENGTH },
      { name: 'postcode', label: texts.postcode, maxLength: POSTCODE_EDIT_MAX_LENGTH, inputMode: 'numeric' },
      { name: 'city', label: texts.city, maxLength: TEXT_MAX_LENGTH },
      { name: 'country', label: texts.country, maxLength: TEXT_MAX_LENGTH },
    ],
  },
  {
    id: 'contacts',
    title: texts.contacts,
    fields: [
      { name: 'officePhoneNumber', label: texts.officePhoneNumber, maxLength: PHONE_MAX_LENGTH, type: 'tel', inputMode: 'tel' },
      { name: 'mobilePhoneNumber', label: texts.mobilePhoneNumber, maxLength: PHONE_MAX_LENGTH, type: 'tel', inputMode: 'tel' },
    ],
  },
  {
    id: 'representative',
    title: texts.representative,
    fields: [
      { name: 'representativeLastName', label: texts.lastName, maxLength: NAME_MAX_LENGTH },
      { name: 'representativeFirstName', label: texts.firstName, maxLength: NAME_MAX_LENGTH },
      { name: 'representativePosition', label: texts.representativePosition, maxLength: TEXT_MAX_LENGTH },
      { name: 'representativeEmail', label: texts.representativeEmail, maxLength: 254, type: 'email', inputMode: 'email' },
      { name: 'representativePhoneNumber', label: texts.representativePhoneNumber, maxLength: PHONE_MAX_LENGTH, type: 'tel', inputMode: 'tel' },
    ],
  },
];

export const EDIT_FIELDS: readonly EditField[] = SECTIONS.flatMap((section) => section.fields.map((field) => field.name));

export type EditValues = Record<EditField, string>;

/** The form's values for an organisation (a missing value is an empty field). */
export function editValuesOf(organisation: Organization): EditValues {
  return Object.fromEntries(EDIT_FIELDS.map((name) => [name, organisation[name] ?? ''])) as EditValues;
}
