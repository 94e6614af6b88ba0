// Deterministic people both apps' tests sign in as (the generated mocks are random).
import type { User } from '@terres/api-client';

/** The organisation the owner and the employee belong to (each app's fixtures describe it). */
export const ORGANIZATION_ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

export const owner: User = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'owner@terrassements-alsace.fr',
  role: 'OWNER',
  firstName: 'Camille',
  lastName: 'Muller',
  phoneNumber: '06 12 34 56 78',
  organizationId: ORGANIZATION_ID,
};

export const employee: User = {
  ...owner,
  id: '22222222-2222-4222-8222-222222222222',
  email: 'chef.chantier@terrassements-alsace.fr',
  role: 'EMPLOYEE',
  firstName: 'Léa',
  lastName: 'Schmitt',
};

export const admin: User = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'admin@bourse-terres.fr',
  role: 'ADMIN',
  firstName: 'Paul',
  lastName: 'Durand',
  phoneNumber: '03 89 00 00 00',
  organizationId: null,
};
