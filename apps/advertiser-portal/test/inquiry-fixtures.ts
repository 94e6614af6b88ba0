// Deterministic listings and documents for the portal's tests (the generated mocks are random).
import { emptyListingFields } from '@terres/domain';
import type { Document, Inquiry, InquiryStatus } from '@terres/api-client';
import { ORGANIZATION_ID, employee, owner } from './fixtures';

let counter = 0;

/** A complete CUT listing of the test organisation; override what the test is about. */
export function makeInquiry(overrides: Partial<Inquiry> = {}): Inquiry {
  counter += 1;
  return {
    // Every field of the domain's table not given, then this listing's own.
    ...emptyListingFields(),
    id: `aaaaaaaa-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    organizationId: ORGANIZATION_ID,
    organizationName: "Terrassements d'Alsace SAS",
    userId: owner.id,
    type: 'CUT',
    status: 'PENDING_VALIDATION',
    projectName: 'Écoquartier Rive Droite – tranche 2',
    projectOwnerFirstName: 'Claire',
    projectOwnerLastName: 'Muller',
    projectOwnerStreet: '2 avenue de Colmar',
    projectOwnerPostcode: '68100',
    projectOwnerCity: 'Mulhouse',
    projectOwnerSiret: '55208131766522',
    siteAddress: 'Rue de Thann 68200 Mulhouse',
    siteLatitude: 47.7456,
    siteLongitude: 7.3123,
    parcelNumbers: ['68224000KT0157', '68224000KT0158'],
    quantity: 5.01,
    materials: [
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions du Rhin blanc/gris', quantity: 8000, price: 10, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 3000, price: -5, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' },
    ],
    groundTypeUnknown: false,
    soilStudyDelegation: false,
    acceptCertification: true,
    startDate: '2027-01-15',
    endDate: '2027-06-30',
    cost: 80,
    rejectionReason: null,
    createdAt: '2026-11-02T09:30:00.000Z',
    updatedAt: '2026-11-10T14:00:00.000Z',
    ...overrides,
  };
}

/** One listing of each status, as the demo organisation has. */
export function listingsOfEveryStatus(): Inquiry[] {
  const statuses: InquiryStatus[] = [
    'DRAFT',
    'PENDING_VALIDATION',
    'APPROVED',
    'REJECTED',
    'DOUBT_CLEARED',
    'SITE_FOUND',
    'PRE_CONTRACT_SIGNED',
    'PROCESSED',
  ];
  return statuses.map((status, index) =>
    makeInquiry({
      status,
      type: index % 2 === 0 ? 'CUT' : 'FILL',
      projectName: `Projet ${index + 1} – ${status}`,
      userId: index % 3 === 0 ? employee.id : owner.id,
      createdAt: `2026-10-${String(10 + index).padStart(2, '0')}T08:00:00.000Z`,
    }),
  );
}

export function makeDocument(overrides: Partial<Document> = {}): Document {
  counter += 1;
  return {
    id: `dddddddd-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    inquiryId: 'aaaaaaaa-0000-4000-8000-000000000001',
    kind: 'PERMISSION',
    source: 'ADVERTISER',
    fileName: 'arrete-permis-amenager.pdf',
    mimeType: 'application/pdf',
    size: 48_213,
    createdAt: '2026-11-02T09:35:00.000Z',
    ...overrides,
  };
}
