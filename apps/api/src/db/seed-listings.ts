// Demo listings (DEMO_DATA=1): one per status and both types for the demo organisation, with
// their documents on disk, the credit debits of the validated ones, and two soil studies (a
// file, a delegation). Realistic Alsace projects; dates relative to today.
import { listingCharge, todayInParis, type InquiryStatus, type InquiryType } from '@terres/domain';
import { storeDemoDocument } from '../files/demo.js';
import type { FileStorage } from '../files/storage.js';
import { appendLedgerLine } from '../services/credits.js';
import type { Tx } from './index.js';
import { inquiries, type StoredMaterial } from './schema.js';
import type { DemoIdentities } from './seed.js';

/** The Paris calendar day `offset` days from now (YYYY-MM-DD). */
function day(offset: number): string {
  return todayInParis(new Date(Date.now() + offset * 86_400_000));
}

const MINIMAL_PDF = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

interface DemoListing {
  type: InquiryType;
  status: InquiryStatus;
  projectName: string;
  siteAddress: string;
  lat: number;
  lng: number;
  parcels: string[];
  surface: number;
  materials: StoredMaterial[];
  groundTypeUnknown?: boolean;
  soilStudy: 'file' | 'delegation';
  rejectionReason?: string;
  by: 'owner' | 'employee';
}

const LISTINGS: DemoListing[] = [
  {
    type: 'CUT', status: 'DRAFT', projectName: 'Extension du parc d’activités de la Hardt',
    siteAddress: 'Rue de l’Industrie 68170 Rixheim', lat: 47.7503, lng: 7.4054, parcels: ['68278000AB0101'], surface: 2.4,
    materials: [], groundTypeUnknown: true, soilStudy: 'delegation', by: 'employee',
  },
  {
    type: 'FILL', status: 'PENDING_VALIDATION', projectName: 'Remblai de l’ancienne gravière de Hombourg',
    siteAddress: 'Chemin du Rhin 68490 Hombourg', lat: 47.7587, lng: 7.5057, parcels: ['68145000ZC0042', '68145000ZC0043'], surface: 12.5,
    materials: [{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 15000, price: 2, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' }], soilStudy: 'delegation', by: 'owner',
  },
  {
    type: 'CUT', status: 'APPROVED', projectName: 'Écoquartier Rive Droite – tranche 2',
    siteAddress: 'Rue de Thann 68200 Mulhouse', lat: 47.7456, lng: 7.3123, parcels: ['68224000KT0157', '68224000KT0158', '68224000KT0159'], surface: 5.01,
    materials: [
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions du Rhin blanc/gris', quantity: 8000, price: 10, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'ABSENT' },
      { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 2500, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'ABSENT' },
    ], soilStudy: 'file', by: 'owner',
  },
  {
    type: 'CUT', status: 'REJECTED', projectName: 'Bassin de rétention de Wittenheim',
    siteAddress: 'Rue des Mines 68270 Wittenheim', lat: 47.8081, lng: 7.3368, parcels: ['68376000AD0077'], surface: 1.2,
    materials: [{ materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 3000, price: -5, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04', pop: 'ABSENT' }],
    soilStudy: 'delegation', rejectionReason: 'Le permis joint ne correspond pas aux parcelles indiquées. Merci de joindre l’arrêté de permis de la tranche concernée.', by: 'employee',
  },
  {
    type: 'FILL', status: 'DOUBT_CLEARED', projectName: 'Merlon acoustique A35 – Sausheim',
    siteAddress: 'Route de Battenheim 68390 Sausheim', lat: 47.7889, lng: 7.3772, parcels: ['68300000AH0012'], surface: 3,
    materials: [{ materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 6000, price: 5, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' }], soilStudy: 'delegation', by: 'owner',
  },
  {
    type: 'CUT', status: 'SITE_FOUND', projectName: 'Lotissement Les Vergers – Pfastatt',
    siteAddress: 'Rue de Lutterbach 68120 Pfastatt', lat: 47.7676, lng: 7.3009, parcels: ['68256000AL0033', '68256000AL0034'], surface: 4.2,
    materials: [{ materialName: 'Terre Végétale', groundComposition: 'Qualité moyenne', quantity: 4200, price: 2, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04', pop: 'ABSENT' }], soilStudy: 'file', by: 'owner',
  },
  {
    type: 'FILL', status: 'PRE_CONTRACT_SIGNED', projectName: 'Plateforme logistique de Ottmarsheim',
    siteAddress: 'Zone portuaire 68490 Ottmarsheim', lat: 47.7869, lng: 7.5106, parcels: ['68253000ZE0005'], surface: 18,
    materials: [{ materialName: 'Sable et gravier', groundComposition: 'Alluvions des vallées et piémont faiblement limoneux', quantity: 40000, price: 6, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' }], soilStudy: 'delegation', by: 'owner',
  },
  {
    type: 'CUT', status: 'PROCESSED', projectName: 'Réaménagement de la place de la Réunion',
    siteAddress: 'Place de la Réunion 68100 Mulhouse', lat: 47.7467, lng: 7.3389, parcels: ['68224000HA0001'], surface: 0.8,
    materials: [{ materialName: 'Sable et gravier', groundComposition: 'Nature inconnue', quantity: 900, price: 2, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' }], soilStudy: 'delegation', by: 'employee',
  },
];

const VALIDATED: InquiryStatus[] = ['APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];

export async function seedListings(tx: Tx, ids: DemoIdentities, storage: FileStorage): Promise<void> {
  for (const [index, listing] of LISTINGS.entries()) {
    const cost = listingCharge(listing.type, listing.surface);
    const submitted = listing.status !== 'DRAFT';
    const [row] = await tx
      .insert(inquiries)
      .values({
        organizationId: ids.organizationId,
        userId: listing.by === 'owner' ? ids.ownerId : ids.employeeId,
        type: listing.type,
        status: listing.status,
        projectName: listing.projectName,
        projectOwnerFirstName: 'Claire',
        projectOwnerLastName: 'Muller',
        projectOwnerStreet: '2 avenue de Colmar',
        projectOwnerPostcode: '68100',
        projectOwnerCity: 'Mulhouse',
        projectOwnerSiret: '55208131766522',
        projectOwnerCompanyName: 'Mulhouse Alsace Agglomération',
        siteAddress: listing.siteAddress,
        siteLatitude: listing.lat,
        siteLongitude: listing.lng,
        parcelNumbers: listing.parcels,
        quantity: listing.surface,
        materials: listing.materials,
        groundTypeUnknown: listing.groundTypeUnknown ?? false,
        soilStudyDelegation: listing.soilStudy === 'delegation',
        acceptCertification: submitted,
        startDate: day(20 + index * 7),
        endDate: day(120 + index * 14),
        cost,
        rejectionReason: listing.rejectionReason ?? null,
        submittedAt: submitted ? new Date(Date.now() - (10 - index) * 86_400_000) : null,
        validatedAt: VALIDATED.includes(listing.status) ? new Date(Date.now() - (8 - index) * 86_400_000) : null,
        createdAt: new Date(Date.now() - (30 - index) * 86_400_000),
      })
      .returning();

    const files: { kind: 'PERMISSION' | 'SOIL_STUDY'; name: string }[] = [{ kind: 'PERMISSION', name: 'arrete-permis-amenager.pdf' }];
    if (listing.soilStudy === 'file') files.push({ kind: 'SOIL_STUDY', name: 'etude-de-sol-G2-AVP.pdf' });
    for (const file of files) {
      await storeDemoDocument(tx, storage, {
        inquiryId: row!.id,
        kind: file.kind,
        name: file.name,
        bytes: MINIMAL_PDF(`${listing.projectName} ${file.kind}`),
      });
    }

    if (VALIDATED.includes(listing.status)) {
      await appendLedgerLine(tx, {
        organizationId: ids.organizationId,
        kind: 'LISTING_VALIDATION',
        amount: -cost,
        reference: `inquiry-validation:${row!.id}`,
        inquiryId: row!.id,
        actorUserId: ids.adminId,
      });
    }
  }

  // The other organisation has a submitted fill listing of its own (for the admin's views).
  const [other] = await tx.insert(inquiries).values({
    organizationId: ids.otherOrganizationId,
    userId: ids.otherOwnerId,
    type: 'FILL',
    status: 'PENDING_VALIDATION',
    projectName: 'Comblement de carrière à Saint-Louis',
    projectOwnerFirstName: 'Julie',
    projectOwnerLastName: 'Weber',
    projectOwnerStreet: '4 route de Bâle',
    projectOwnerPostcode: '68300',
    projectOwnerCity: 'Saint-Louis',
    projectOwnerSiret: '44306184100047',
    siteAddress: 'Rue de Huningue 68300 Saint-Louis',
    siteLatitude: 47.5903,
    siteLongitude: 7.5626,
    parcelNumbers: ['68297000BK0210'],
    quantity: 7.5,
    materials: [],
    groundTypeUnknown: true,
    soilStudyDelegation: true,
    acceptCertification: true,
    startDate: day(45),
    endDate: day(400),
    cost: listingCharge('FILL', 7.5),
    submittedAt: new Date(),
  }).returning();
  await storeDemoDocument(tx, storage, {
    inquiryId: other!.id,
    kind: 'PERMISSION',
    name: 'autorisation-prefectorale.pdf',
    bytes: MINIMAL_PDF('Comblement PERMISSION'),
  });
}
