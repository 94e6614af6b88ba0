// Deterministic people (app-kit's, shared with the portal) and organisations for the console's
// tests (the generated mocks are random).
import type { Organization } from '@terres/api-client';

export { admin, owner } from '@terres/app-kit/testing';

/** A complete, verified organisation (the owner's). */
export const organization: Organization = {
  id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  name: "Terrassements d'Alsace SAS",
  registrationNumber: '73282932000074',
  legalForm: 'SAS',
  street: '12 rue du Rhône',
  postcode: '68100',
  city: 'Mulhouse',
  country: 'France',
  email: 'contact@terrassements-alsace.fr',
  officePhoneNumber: '03 89 45 12 00',
  mobilePhoneNumber: '06 12 34 56 78',
  representativeFirstName: 'Camille',
  representativeLastName: 'Muller',
  representativePosition: 'Présidente',
  representativeEmail: 'camille.muller@terrassements-alsace.fr',
  representativePhoneNumber: '06 98 76 54 32',
  verified: true,
  archived: false,
  creditBalance: 250,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-11-20T14:05:00.000Z',
};

/** An organisation that stopped after onboarding step 1: no e-mail, phones or representative. */
export const newcomer: Organization = {
  ...organization,
  id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Remblais du Haut-Rhin SARL',
  registrationNumber: '35600000000048',
  legalForm: 'SARL',
  street: '3 rue de la Gare',
  postcode: '68300',
  city: 'Saint-Louis',
  email: null,
  officePhoneNumber: null,
  mobilePhoneNumber: null,
  representativeFirstName: null,
  representativeLastName: null,
  representativePosition: null,
  representativeEmail: null,
  representativePhoneNumber: null,
  verified: false,
  creditBalance: 0,
};
