import { organisationSections, type OrganisationFieldInput, type OrganisationFormSection } from '@terres/app-kit';
import type { OrganisationEditField } from '@terres/domain';

/** How the console types each field (never filled in by the browser); sections, order, labels and limits are the domain's. */
const OFF = 'off';

const FIELD_INPUTS: Record<OrganisationEditField, OrganisationFieldInput> = {
  name: { autoComplete: OFF },
  registrationNumber: { inputMode: 'numeric', autoComplete: OFF },
  legalForm: { autoComplete: OFF },
  street: { autoComplete: OFF },
  postcode: { inputMode: 'numeric', autoComplete: OFF },
  city: { autoComplete: OFF },
  country: { autoComplete: OFF },
  officePhoneNumber: { type: 'tel', inputMode: 'tel', autoComplete: OFF },
  mobilePhoneNumber: { type: 'tel', inputMode: 'tel', autoComplete: OFF },
  representativeLastName: { autoComplete: OFF },
  representativeFirstName: { autoComplete: OFF },
  representativePosition: { autoComplete: OFF },
  representativeEmail: { type: 'email', inputMode: 'email', autoComplete: OFF },
  representativePhoneNumber: { type: 'tel', inputMode: 'tel', autoComplete: OFF },
};

/** The sections of the organisation (spec §2: Identité, Siège Social, Coordonnées, Représentant légal). */
export const SECTIONS: readonly OrganisationFormSection[] = organisationSections(FIELD_INPUTS);
