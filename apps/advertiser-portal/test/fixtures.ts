// Deterministic people (app-kit's, shared with the console) and organisations for the portal's
// tests (the generated mocks are random).
import type { Organization, User } from '@terres/api-client';
import { ORGANIZATION_ID, owner } from '@terres/app-kit/testing';

export { admin, employee, ORGANIZATION_ID, owner } from '@terres/app-kit/testing';

export const newOwner: User = { ...owner, firstName: null, lastName: null, phoneNumber: null, organizationId: null };

export const organization: Organization = {
  id: ORGANIZATION_ID,
  name: "Terrassements d'Alsace SAS",
  registrationNumber: '73282932000074',
  legalForm: 'SAS',
  street: '12 rue du Rhin',
  postcode: '68100',
  city: 'Mulhouse',
  country: 'France',
  email: 'contact@terrassements-alsace.fr',
  officePhoneNumber: '03 89 12 34 56',
  mobilePhoneNumber: '06 12 34 56 78',
  representativeFirstName: 'Camille',
  representativeLastName: 'Muller',
  representativePosition: 'Présidente',
  representativeEmail: 'camille.muller@terrassements-alsace.fr',
  representativePhoneNumber: '06 12 34 56 78',
  verified: true,
  archived: false,
  creditBalance: 240,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
