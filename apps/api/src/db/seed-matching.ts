// Demo data for matching (issue 11): three more organisations with validated CUT and FILL
// listings around Mulhouse and Strasbourg (located, classed, coded, with periods that overlap),
// so that `pnpm start` shows ranked compatible sites at once; a proposed match, and a transfer
// done last week (the register export and the savings summary have a line). Validations debit
// credits as the real workflow does (a grant first), so every balance is its ledger's sum.
import { evaluateMatch, listingCharge, todayInParis, type InquiryStatus, type InquiryType, type MatchingConfig } from '@terres/domain';
import { storeDemoDocument } from '../files/demo.js';
import type { FileStorage } from '../files/storage.js';
import { appendLedgerLine } from '../services/credits.js';
import { toMatchListing } from '../services/matching.js';
import { eq } from 'drizzle-orm';
import type { Tx } from './index.js';
import { inquiries, matches, organizations, users, type StoredMaterial } from './schema.js';
import type { DemoIdentities } from './seed.js';

function day(offset: number): string {
  return todayInParis(new Date(Date.now() + offset * 86_400_000));
}

const MINIMAL_PDF = (title: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

// POP (issue 19): declared absent on every classified line (the demo's analyses), unknown on the others.
const line = (
  materialName: string,
  groundComposition: string,
  quantity: number,
  price: number,
  qualityClass = 'UNKNOWN',
  wasteCode: string | null = null,
  pop = qualityClass === 'UNKNOWN' ? 'UNKNOWN' : 'ABSENT',
): StoredMaterial => ({
  materialName,
  groundComposition,
  quantity,
  price,
  qualityClass,
  wasteCode,
  pop,
});

interface DemoOrganization {
  key: 'sundgau' | 'eurometropole' | 'paysages';
  name: string;
  legalForm: string;
  siret: string;
  street: string;
  postcode: string;
  city: string;
  owner: { email: string; firstName: string; lastName: string };
}

/** Demo organisations of matching; their owners are demo accounts too (sign in like owner2@demo.test). */
export const MATCHING_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    key: 'sundgau', name: 'Aménagements du Sundgau SEM', legalForm: 'SEM', siret: '48217365000011',
    street: '8 rue de la Sinne', postcode: '68100', city: 'Mulhouse',
    owner: { email: 'owner3@demo.test', firstName: 'Marc', lastName: 'Schneider' },
  },
  {
    key: 'eurometropole', name: 'Travaux Publics de l’Eurométropole SAS', legalForm: 'SAS', siret: '81234567000028',
    street: '15 quai Kléber', postcode: '67000', city: 'Strasbourg',
    owner: { email: 'owner4@demo.test', firstName: 'Léa', lastName: 'Hoffmann' },
  },
  {
    key: 'paysages', name: 'Paysages et Remblais d’Alsace SARL', legalForm: 'SARL', siret: '39128754000036',
    street: '3 route de Lyon', postcode: '67400', city: 'Illkirch-Graffenstaden',
    owner: { email: 'owner5@demo.test', firstName: 'Hugo', lastName: 'Meyer' },
  },
];

interface DemoSite {
  org: DemoOrganization['key'] | 'demo';
  type: InquiryType;
  status: InquiryStatus;
  projectName: string;
  siteAddress: string;
  lat: number;
  lng: number;
  parcels: string[];
  surface: number;
  materials: StoredMaterial[];
  start: number;
  end: number;
  acceptance?: { receivingUse: string; classes: string[]; codes: string[] };
}

const INERT = 'INERT_NATURAL_BACKGROUND';
const SUITED = 'SUITED_TO_USES';
const CASE = 'CASE_BY_CASE';

const SITES: readonly DemoSite[] = [
  // Around Mulhouse: receivers for the demo organisation's validated CUT (Écoquartier Rive Droite).
  {
    org: 'sundgau', type: 'FILL', status: 'APPROVED', projectName: 'Zone d’activités de Lutterbach – plateformes',
    siteAddress: 'Rue de la Paix 68460 Lutterbach', lat: 47.7595, lng: 7.2795, parcels: ['68192000AB0210'], surface: 6,
    materials: [line('Sable et gravier', 'Nature inconnue', 5000, 4)], start: 20, end: 220,
    acceptance: { receivingUse: 'UNDER_BUILDING', classes: [INERT, SUITED], codes: ['17 05 04', '20 02 02'] },
  },
  {
    org: 'sundgau', type: 'FILL', status: 'DOUBT_CLEARED', projectName: 'Parc paysager de Kingersheim',
    siteAddress: 'Rue de Hirschau 68260 Kingersheim', lat: 47.7921, lng: 7.3263, parcels: ['68166000AC0045'], surface: 2.5,
    materials: [line('Terre Végétale', 'Nature inconnue', 2000, 3)], start: 30, end: 200,
    acceptance: { receivingUse: 'COVERED_GREEN_SPACE', classes: [INERT, SUITED], codes: ['17 05 04'] },
  },
  {
    org: 'sundgau', type: 'FILL', status: 'APPROVED', projectName: 'Contournement de Cernay – remblais routiers',
    siteAddress: 'Route de Thann 68700 Cernay', lat: 47.8066, lng: 7.1766, parcels: ['68063000ZK0012', '68063000ZK0013'], surface: 9,
    materials: [line('Sable et gravier', 'Alluvions du Rhin blanc/gris', 6000, 9)], start: 40, end: 260,
    acceptance: { receivingUse: 'ROAD_WORKS', classes: [INERT, SUITED, CASE], codes: ['17 05 04', '20 02 02'] },
  },
  {
    org: 'sundgau', type: 'FILL', status: 'APPROVED', projectName: 'Jardins familiaux d’Illzach',
    siteAddress: 'Rue de Modenheim 68110 Illzach', lat: 47.7803, lng: 7.347, parcels: ['68154000AE0101'], surface: 0.9,
    materials: [line('Terre Végétale', 'Bonne qualité', 800, 8)], start: 25, end: 150,
    acceptance: { receivingUse: 'FOOD_GROWING', classes: [INERT], codes: ['17 05 04'] },
  },
  {
    org: 'sundgau', type: 'FILL', status: 'APPROVED', projectName: 'Requalification de la friche Lacoste – Colmar',
    siteAddress: 'Route de Neuf-Brisach 68000 Colmar', lat: 48.0794, lng: 7.3585, parcels: ['68066000AB0012'], surface: 11,
    materials: [line('Sable et gravier', 'Nature inconnue', 10000, 2)], start: 35, end: 300,
    acceptance: { receivingUse: 'ROAD_WORKS', classes: [INERT, SUITED], codes: ['17 05 04'] },
  },
  {
    org: 'sundgau', type: 'CUT', status: 'APPROVED', projectName: 'Tranchée du tram-train – Lutterbach',
    siteAddress: 'Rue du Tram 68460 Lutterbach', lat: 47.76, lng: 7.285, parcels: ['68192000AB0301'], surface: 3.2,
    materials: [line('Autre', 'Nature inconnue', 3500, 1, INERT, '17 05 04'), line('Terre Végétale', 'Qualité moyenne', 1500, 2, SUITED, '17 05 04')],
    start: 15, end: 140,
  },
  // Around Strasbourg: producers of the Eurométropole, receivers of Paysages et Remblais d'Alsace.
  {
    org: 'eurometropole', type: 'CUT', status: 'APPROVED', projectName: 'Port du Rhin – bassin Vauban',
    siteAddress: 'Rue du Bassin Vauban 67000 Strasbourg', lat: 48.57, lng: 7.793, parcels: ['67482000AT0017', '67482000AT0018'], surface: 7.5,
    materials: [line('Sable et gravier', 'Alluvions du Rhin blanc/gris', 12000, 10, INERT, '17 05 04'), line('Terre Végétale', 'Bonne qualité', 3000, 8, INERT, '17 05 04')],
    start: 20, end: 180,
  },
  {
    org: 'eurometropole', type: 'CUT', status: 'DOUBT_CLEARED', projectName: 'Quartier Deux-Rives – îlot Citadelle',
    siteAddress: 'Rue de la Citadelle 67000 Strasbourg', lat: 48.576, lng: 7.778, parcels: ['67482000BS0044'], surface: 4,
    materials: [line('Sable et gravier', 'Alluvions limoneux', 6000, -5, SUITED, '17 05 04'), line('Terre Végétale', 'Qualité moyenne', 1200, 2, CASE, '20 02 02')],
    start: 30, end: 200,
  },
  {
    org: 'paysages', type: 'FILL', status: 'APPROVED', projectName: 'Parc d’activités d’Eschau',
    siteAddress: 'Rue de l’Industrie 67114 Eschau', lat: 48.488, lng: 7.716, parcels: ['67137000ZA0120'], surface: 8,
    materials: [line('Sable et gravier', 'Nature inconnue', 9000, 3)], start: 25, end: 240,
    acceptance: { receivingUse: 'UNDER_BUILDING', classes: [INERT, SUITED], codes: ['17 05 04'] },
  },
  {
    org: 'paysages', type: 'FILL', status: 'APPROVED', projectName: 'Merlon anti-bruit A35 – Geispolsheim',
    siteAddress: 'Route de Strasbourg 67118 Geispolsheim', lat: 48.515, lng: 7.644, parcels: ['67152000ZB0031', '67152000ZB0032'], surface: 5,
    materials: [line('Sable et gravier', 'Nature inconnue', 7000, 1), line('Terre Végétale', 'Nature inconnue', 1500, 2)], start: 45, end: 260,
    acceptance: { receivingUse: 'ROAD_WORKS', classes: [INERT, SUITED, CASE], codes: ['17 05 04', '20 02 02'] },
  },
  {
    org: 'paysages', type: 'FILL', status: 'DOUBT_CLEARED', projectName: 'Parc naturel urbain – Illkirch',
    siteAddress: 'Rue du Parc 67400 Illkirch-Graffenstaden', lat: 48.529, lng: 7.715, parcels: ['67218000AK0009'], surface: 3,
    materials: [line('Terre Végétale', 'Nature inconnue', 2500, 4)], start: 20, end: 170,
    acceptance: { receivingUse: 'UNCOVERED_GREEN_SPACE', classes: [INERT, CASE], codes: ['17 05 04', '20 02 02'] },
  },
  {
    org: 'paysages', type: 'FILL', status: 'APPROVED', projectName: 'Zone d’activités de Haguenau – Sud',
    siteAddress: 'Route de Bischwiller 67500 Haguenau', lat: 48.8156, lng: 7.7906, parcels: ['67180000ZE0077'], surface: 14,
    materials: [line('Sable et gravier', 'Nature inconnue', 15000, 2)], start: 60, end: 330,
    acceptance: { receivingUse: 'UNDER_BUILDING', classes: [INERT, SUITED], codes: ['17 05 04'] },
  },
  // A transfer done last week (the register export and the savings summary have a line).
  {
    org: 'eurometropole', type: 'CUT', status: 'PROCESSED', projectName: 'Parvis de la gare – Strasbourg',
    siteAddress: 'Place de la Gare 67000 Strasbourg', lat: 48.5847, lng: 7.7346, parcels: ['67482000AM0150'], surface: 1.5,
    materials: [line('Sable et gravier', 'Alluvions du Rhin blanc/gris', 2400, 10, INERT, '17 05 04')], start: -40, end: 20,
  },
  {
    org: 'paysages', type: 'FILL', status: 'PRE_CONTRACT_SIGNED', projectName: 'Remblai de la ZAC de l’Étoile',
    siteAddress: 'Rue du Jeu des Enfants 67000 Strasbourg', lat: 48.5741, lng: 7.7572, parcels: ['67482000CX0003'], surface: 2,
    materials: [line('Sable et gravier', 'Nature inconnue', 3000, 6)], start: -30, end: 60,
    acceptance: { receivingUse: 'UNDER_BUILDING', classes: [INERT, SUITED], codes: ['17 05 04'] },
  },
];

export async function seedMatching(tx: Tx, ids: DemoIdentities, storage: FileStorage, matching?: MatchingConfig): Promise<void> {
  const owners = new Map<string, { organizationId: string; userId: string }>();
  owners.set('demo', { organizationId: ids.organizationId, userId: ids.ownerId });
  for (const org of MATCHING_ORGANIZATIONS) {
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: org.name, registrationNumber: org.siret, legalForm: org.legalForm, street: org.street, postcode: org.postcode, city: org.city,
        country: 'France', email: `contact@${org.key}.demo.test`, officePhoneNumber: '03 88 00 00 00', mobilePhoneNumber: '06 00 00 00 00',
        representativeFirstName: org.owner.firstName, representativeLastName: org.owner.lastName, representativePosition: 'Directeur',
        representativeEmail: org.owner.email, representativePhoneNumber: '06 00 00 00 01', verified: true,
      })
      .returning();
    const [owner] = await tx
      .insert(users)
      .values({ email: org.owner.email, role: 'OWNER', firstName: org.owner.firstName, lastName: org.owner.lastName, phoneNumber: '06 00 00 00 02', organizationId: organization!.id })
      .returning();
    await appendLedgerLine(tx, { organizationId: organization!.id, kind: 'ADMIN_GRANT', amount: 500, reference: `demo:matching-grant:${org.key}`, actorUserId: ids.adminId });
    owners.set(org.key, { organizationId: organization!.id, userId: owner!.id });
  }

  const created = new Map<string, typeof inquiries.$inferSelect>();
  for (const [index, site] of SITES.entries()) {
    const owner = owners.get(site.org)!;
    const org = MATCHING_ORGANIZATIONS.find((o) => o.key === site.org);
    const cost = listingCharge(site.type, site.surface);
    const [row] = await tx
      .insert(inquiries)
      .values({
        organizationId: owner.organizationId,
        userId: owner.userId,
        type: site.type,
        status: site.status,
        projectName: site.projectName,
        projectOwnerFirstName: org?.owner.firstName ?? 'Claire',
        projectOwnerLastName: org?.owner.lastName ?? 'Muller',
        projectOwnerStreet: org?.street ?? '2 avenue de Colmar',
        projectOwnerPostcode: org?.postcode ?? '68100',
        projectOwnerCity: org?.city ?? 'Mulhouse',
        projectOwnerSiret: org?.siret ?? '55208131766522',
        siteAddress: site.siteAddress,
        siteLatitude: site.lat,
        siteLongitude: site.lng,
        parcelNumbers: site.parcels,
        quantity: site.surface,
        materials: site.materials,
        soilStudyDelegation: true,
        acceptCertification: true,
        startDate: day(site.start),
        endDate: day(site.end),
        cost,
        receivingUse: site.acceptance?.receivingUse ?? null,
        acceptedQualityClasses: site.acceptance?.classes ?? [],
        acceptedWasteCodes: site.acceptance?.codes ?? [],
        // Submitted before its period began (the wizard's rule), validated the day after.
        submittedAt: new Date(Date.now() + Math.min(-(20 - index), site.start - 5) * 86_400_000),
        validatedAt: new Date(Date.now() + Math.min(-(19 - index), site.start - 4) * 86_400_000),
        createdAt: new Date(Date.now() + Math.min(-(25 - index), site.start - 10) * 86_400_000),
      })
      .returning();
    created.set(site.projectName, row!);
    await storeDemoDocument(tx, storage, { inquiryId: row!.id, kind: 'PERMISSION', name: 'arrete-permis-amenager.pdf', bytes: MINIMAL_PDF(`${site.projectName} PERMISSION`) });
    await appendLedgerLine(tx, {
      organizationId: owner.organizationId,
      kind: 'LISTING_VALIDATION',
      amount: -cost,
      reference: `inquiry-validation:${row!.id}`,
      inquiryId: row!.id,
      actorUserId: ids.adminId,
    });
  }

  // A proposal waiting for the parties' answer: the demo organisation's validated CUT and a
  // receiver near Mulhouse.
  const [ecoquartier] = await tx.select().from(inquiries).where(eq(inquiries.projectName, 'Écoquartier Rive Droite – tranche 2'));
  const lutterbach = created.get('Zone d’activités de Lutterbach – plateformes')!;
  if (ecoquartier) {
    const proposal = evaluateMatch(toMatchListing(ecoquartier), toMatchListing(lutterbach), matching);
    if (proposal.compatible) {
      await tx.insert(matches).values({
        cutInquiryId: ecoquartier.id,
        fillInquiryId: lutterbach.id,
        status: 'PROPOSED',
        proposedByUserId: ids.adminId,
        volumeM3: proposal.match.volume.matchedM3,
        figures: proposal.match as unknown as Record<string, unknown>,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });
    }
  }

  // The transfer done last week, with the figures of its proposal.
  const cut = created.get('Parvis de la gare – Strasbourg')!;
  const fill = created.get('Remblai de la ZAC de l’Étoile')!;
  const evaluation = evaluateMatch(toMatchListing(cut), toMatchListing(fill), matching);
  if (evaluation.compatible) {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    await tx.insert(matches).values({
      cutInquiryId: cut.id,
      fillInquiryId: fill.id,
      status: 'DONE',
      proposedByUserId: ids.adminId,
      volumeM3: evaluation.match.volume.matchedM3,
      figures: evaluation.match as unknown as Record<string, unknown>,
      movedVolumeM3: 2350,
      transferDate: day(-7),
      acceptedAt: new Date(Date.now() - 20 * 86_400_000),
      doneAt: weekAgo,
      createdAt: new Date(Date.now() - 25 * 86_400_000),
      updatedAt: weekAgo,
    });
  }
}
