// Deterministic listings, documents, organisations and soil studies for the console's listing
// and soil-study tests (the generated mocks are random).
import { emptyListingFields } from '@terres/domain';
import type { CreditTransaction, Document, Inquiry, Organization, SoilStudy } from '@terres/api-client';

export const ORGANIZATION_ID = '7d84ed92-b26f-4816-9f20-9e111d5f423c';

export const organization: Organization = {
  id: ORGANIZATION_ID,
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
  creditBalance: 240,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

let counter = 0;

/** A complete listing; `overrides` change what a test cares about. */
export function listing(overrides: Partial<Inquiry> = {}): Inquiry {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    // Every field of the domain's table not given, then this listing's own.
    ...emptyListingFields(),
    id: `a0000000-0000-4000-8000-${n}`,
    organizationId: ORGANIZATION_ID,
    organizationName: organization.name,
    userId: '11111111-1111-4111-8111-111111111111',
    type: 'CUT',
    status: 'PENDING_VALIDATION',
    projectName: `Écoquartier Rive Droite ${counter}`,
    projectOwnerFirstName: 'Claire',
    projectOwnerLastName: 'Muller',
    projectOwnerStreet: '2 avenue de Colmar',
    projectOwnerPostcode: '68100',
    projectOwnerCity: 'Mulhouse',
    projectOwnerSiret: '55208131766522',
    siteAddress: '10 Rue du Sauvage 68100 Mulhouse',
    siteLatitude: 47.7467,
    siteLongitude: 7.3389,
    parcelNumbers: ['68224000CD0010', '68224000CD0011'],
    quantity: 5.01,
    materials: [
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions du Rhin blanc/gris', quantity: 8000, price: 10, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'ABSENT' },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 1200, price: -5, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04', pop: 'ABSENT' },
    ],
    groundTypeUnknown: false,
    soilStudyDelegation: false,
    acceptCertification: true,
    startDate: '2027-02-01',
    endDate: '2027-06-30',
    cost: 80,
    rejectionReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function document(overrides: Partial<Document> & Pick<Document, 'inquiryId'>): Document {
  counter += 1;
  return {
    id: `d0000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'PERMISSION',
    source: 'ADVERTISER',
    fileName: 'permis-amenager.pdf',
    mimeType: 'application/pdf',
    size: 48_213,
    createdAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

export function validationLine(inquiry: Inquiry, balanceAfter: number): CreditTransaction {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    organizationId: inquiry.organizationId,
    kind: 'LISTING_VALIDATION',
    amount: -inquiry.cost,
    balanceAfter,
    reference: `inquiry-validation:${inquiry.id}`,
    inquiryId: inquiry.id,
    invoiceNumber: null,
    inquiryProjectName: inquiry.projectName,
    reason: null,
    grantedBy: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  };
}

export function soilStudy(inquiry: Inquiry, overrides: Partial<SoilStudy> = {}): SoilStudy {
  return {
    id: inquiry.id,
    inquiryId: inquiry.id,
    projectName: inquiry.projectName,
    siteAddress: inquiry.siteAddress,
    documentId: 'e0000000-0000-4000-8000-000000000001',
    fileName: 'étude de sol G2.pdf',
    street: '10 Rue du Sauvage',
    postcode: '68100',
    city: 'Mulhouse',
    organizationName: inquiry.organizationName,
    hasFile: true,
    delegated: false,
    ...overrides,
  };
}
