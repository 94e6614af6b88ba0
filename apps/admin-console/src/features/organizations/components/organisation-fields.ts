import { organisationSections, type OrganisationFieldInput, type OrganisationFormSection } from '@terres/app-kit';
import type { OrganisationEditField } from '@terres/domain';
import { texts } from '../texts';

/** How the console labels and types each field (never filled in by the browser); sections, order and limits are the domain's. */
const OFF = 'off';

const FIELD_INPUTS: Record<OrganisationEditField, OrganisationFieldInput> = {
  name: { label: texts.name, autoComplete: OFF },
  registrationNumber: { label: texts.registrationNumber, inputMode: 'numeric', autoComplete: OFF },
  legalForm: { label: texts.legalForm, autoComplete: OFF },
  street: { label: texts.street, autoComplete: OFF },
  postcode: { label: texts.postcode, inputMode: 'numeric', autoComplete: OFF },
  city: { label: texts.city, autoComplete: OFF },
  country: { label: texts.country, autoComplete: OFF },
  officePhoneNumber: { label: texts.officePhoneNumber, type: 'tel', inputMode: 'tel', autoComplete: OFF },
  mobilePhoneNumber: { label: texts.mobilePhoneNumber, type: 'tel', inputMode: 'tel', autoComplete: OFF },
  representativeLastName: { label: texts.lastName, autoComplete: OFF },
  representativeFirstName: { label: texts.firstName, autoComplete: OFF },
  representativePosition: { label: texts.representativePosition, autoComplete: OFF },
  representativeEmail: { label: texts.representativeEmail, type: 'email', inputMode: 'email', autoComplete: OFF },
  representativePhoneNumber: { label: texts.representativePhoneNumber, type: 'tel', inputMode: 'tel', autoComplete: OFF },
};

/** The sections of the organisation (spec §2: Identité, Siège Social, Coordonnées, Représentant légal). */
export const SECTIONS: readonly OrganisationFormSection[] = organisationSections(FIELD_INPUTS);
