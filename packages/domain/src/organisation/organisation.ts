import * as v from 'valibot';
import { formObject } from '../validators/object';
import {
  DEFAULT_COUNTRY,
  EMAIL_MAX_LENGTH,
  LEGAL_FORM_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POSTCODE_EDIT_MAX_LENGTH,
  SIRET_INPUT_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from '../constants';
import { maxLengthMessage, messages } from '../messages';
import { createSimpleEmailSchema } from '../validators/email';
import { createPhoneSchema } from '../validators/phone';
import { createPostcodeSchema } from '../validators/postcode';
import { createSiretSchema } from '../validators/siret';
import { oneLineCheck, requiredText } from '../validators/text';

// Organisation schemas use the entity's camelCase names (spec §3). The API converts its
// snake_case request bodies with `toCamelKeys` before parsing.

/** Missing or blank country becomes 'France' (spec: default country France). */
const countrySchema = v.pipe(
  v.nullish(v.string(), ''),
  v.trim(),
  oneLineCheck,
  v.maxLength(TEXT_MAX_LENGTH, maxLengthMessage(TEXT_MAX_LENGTH)),
  v.transform((value) => (value === '' ? DEFAULT_COUNTRY : value)),
);

const identityEntries = {
  name: requiredText(TEXT_MAX_LENGTH, messages.organisationNameRequired),
  registrationNumber: createSiretSchema(messages.registrationNumberRequired),
  legalForm: requiredText(LEGAL_FORM_MAX_LENGTH, messages.legalFormRequired),
  street: requiredText(TEXT_MAX_LENGTH, messages.streetRequired),
  postcode: createPostcodeSchema(messages.postcodeRequired),
  city: requiredText(TEXT_MAX_LENGTH, messages.cityRequired),
  country: countrySchema,
};

/**
 * Step 1/4 Informations légales, also the body of POST /organizations. Continue needs a
 * valid SIRET and postcode (spec §5).
 */
export const onboardingStep1Schema = formObject(identityEntries);
export const organisationCreateSchema = onboardingStep1Schema;

const contactEntries = {
  email: createSimpleEmailSchema(messages.organisationEmailRequired),
  officePhoneNumber: createPhoneSchema(messages.officePhoneRequired),
  mobilePhoneNumber: createPhoneSchema(messages.mobilePhoneRequired),
};

/**
 * Step 2/4 Coordonnées: the organisation e-mail (simple pattern) and both phones (phone
 * pattern) are required, because `onboardingStep` sends back to step 2 while any of them is
 * empty (CONTRACT §11: the form requires exactly what the step rule checks).
 */
export const onboardingStep2Schema = formObject(contactEntries);

const representativeEntries = {
  representativeFirstName: requiredText(NAME_MAX_LENGTH, messages.firstNameRequired),
  representativeLastName: requiredText(NAME_MAX_LENGTH, messages.lastNameRequired),
  representativePosition: requiredText(TEXT_MAX_LENGTH, messages.positionRequired),
  representativeEmail: createSimpleEmailSchema(messages.representativeEmailRequired),
  representativePhoneNumber: createPhoneSchema(messages.representativePhoneRequired),
};

/** Step 3/4 Représentant légal: all five fields required (same reason as step 2). */
export const onboardingStep3Schema = formObject(representativeEntries);

/**
 * "Mon organisation" edit form: 13 editable fields plus the country (the organisation
 * e-mail is display only there). SIRET max 14 with its validator, postcode max 20 with its
 * validator, phones max 20 with the phone pattern. Each field keeps its onboarding rule, so
 * an edit never makes a complete organisation incomplete (and its users bounce to a step).
 */
export const organisationEditSchema = formObject({
  ...identityEntries,
  officePhoneNumber: contactEntries.officePhoneNumber,
  mobilePhoneNumber: contactEntries.mobilePhoneNumber,
  ...representativeEntries,
});

/**
 * PUT /organizations/{id}: any subset of the fields of steps 1 to 3 and of the edit form;
 * a field that is sent obeys its rule (a required one cannot be blanked). Fields not sent
 * keep their value, so an edit form may send only what changed.
 */
export const organisationUpdateSchema = v.partial(
  formObject({
    ...identityEntries,
    ...contactEntries,
    ...representativeEntries,
  }),
);

export type OnboardingStep1Input = v.InferInput<typeof onboardingStep1Schema>;
export type OnboardingStep2Input = v.InferInput<typeof onboardingStep2Schema>;
export type OnboardingStep3Input = v.InferInput<typeof onboardingStep3Schema>;
export type OrganisationEditInput = v.InferInput<typeof organisationEditSchema>;
/** A field of the organisation edit form (the portal's 'Mon organisation', the console's detail). */
export type OrganisationEditField = keyof OrganisationEditInput;

/**
 * Each edit-form field's input maximum (spec §5, §9: SIRET 14 digits, taken with the separators of a pasted grouped form; postcode 20 in the edit forms,
 * phones 20, legal form 80, names 100, other text 200; e-mail 254): the `maxLength` of both
 * apps' inputs, and what `organisationEditSchema` (the API's rule too) refuses beyond.
 */
export const ORGANISATION_EDIT_MAX_LENGTHS = {
  name: TEXT_MAX_LENGTH,
  registrationNumber: SIRET_INPUT_MAX_LENGTH,
  legalForm: LEGAL_FORM_MAX_LENGTH,
  street: TEXT_MAX_LENGTH,
  postcode: POSTCODE_EDIT_MAX_LENGTH,
  city: TEXT_MAX_LENGTH,
  country: TEXT_MAX_LENGTH,
  officePhoneNumber: PHONE_MAX_LENGTH,
  mobilePhoneNumber: PHONE_MAX_LENGTH,
  representativeLastName: NAME_MAX_LENGTH,
  representativeFirstName: NAME_MAX_LENGTH,
  representativePosition: TEXT_MAX_LENGTH,
  representativeEmail: EMAIL_MAX_LENGTH,
  representativePhoneNumber: PHONE_MAX_LENGTH,
} as const satisfies Record<OrganisationEditField, number>;

/**
 * Each edit-form field's label, the same in the portal's « Mon organisation », the console's
 * organisation page and the onboarding (which names the representative's e-mail and phone
 * « personnel », spec §1 step 3).
 */
export const ORGANISATION_FIELD_LABELS = {
  name: 'Raison sociale',
  registrationNumber: 'SIRET',
  legalForm: 'Forme juridique',
  street: 'Adresse',
  postcode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  officePhoneNumber: 'Téléphone fixe',
  mobilePhoneNumber: 'Téléphone portable',
  representativeLastName: 'Nom',
  representativeFirstName: 'Prénom',
  representativePosition: 'Fonction',
  representativeEmail: 'Email du représentant',
  representativePhoneNumber: 'Téléphone du représentant',
} as const satisfies Record<OrganisationEditField, string>;

export interface OrganisationSection {
  id: 'identity' | 'head-office' | 'contacts' | 'representative';
  /** The section's title (spec §2). */
  title: string;
  /** Its edit-form fields, in order (the organisation e-mail, display only, belongs to 'contacts'). */
  fields: readonly OrganisationEditField[];
}

/** The four sections of an organisation's page and edit form (spec §2 'Mon organisation'), in the spec's order. */
export const ORGANISATION_SECTIONS: readonly OrganisationSection[] = [
  { id: 'identity', title: 'Identité', fields: ['name', 'registrationNumber', 'legalForm'] },
  { id: 'head-office', title: 'Siège Social', fields: ['street', 'postcode', 'city', 'country'] },
  { id: 'contacts', title: 'Coordonnées', fields: ['officePhoneNumber', 'mobilePhoneNumber'] },
  {
    id: 'representative',
    title: 'Représentant légal',
    fields: ['representativeLastName', 'representativeFirstName', 'representativePosition', 'representativeEmail', 'representativePhoneNumber'],
  },
];

/** Every edit-form field, in the sections' order. */
export const ORGANISATION_EDIT_FIELDS: readonly OrganisationEditField[] = ORGANISATION_SECTIONS.flatMap((section) => section.fields);
export type OrganisationUpdate = v.InferOutput<typeof organisationUpdateSchema>;

/** A name's words for comparing legal forms: upper-cased, accents and dots removed ('S.A.S.' = 'SAS'). */
function legalWords(value: string): string[] {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\./g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

/**
 * A company as a document names it: its raison sociale, then its legal form in brackets unless
 * the raison sociale already states it (« Terrassements du Ried SAS », legal form « SAS »: no
 * « SAS (SAS) » nor « SAS - SAS », issue 21). Invoices and transfer documents use this one rule.
 */
export function companyLegalName(name: string, legalForm: string | null | undefined): string {
  const form = (legalForm ?? '').trim();
  const trimmed = name.trim();
  if (form === '') return trimmed;
  const formWords = legalWords(form);
  const nameWords = legalWords(trimmed);
  const stated = formWords.length > 0 && nameWords.some((_, i) => formWords.every((word, j) => nameWords[i + j] === word));
  return stated || trimmed === '' ? trimmed || form : `${trimmed} (${form})`;
}
