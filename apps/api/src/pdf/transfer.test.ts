// The transfer documents (issue 19): no text overlaps on any page whatever the data's length (the
// text positions read back from the PDF's bytes), user text is printed as data, and the
// contract states the facts of a two-code, weighed transfer: one lot per code and class with
// its number, génie civil for road works, the preparer, SIS, analyses, configured density,
// parcels as commune / préfixe / section / numéro.
import { emptyListingFields, type MatchResult } from '@terres/domain';
import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/helpers/fixtures.js';
import { orphanHeadings, overlappingRuns, pdfTextRuns } from '../../test/helpers/pdf-layout.js';
import type { InquiryRow } from '../services/inquiries.js';
import type { Party, TransferParties } from './transfer.js';
import { doubtClearingLetterPdf, preContractPdf, transferContractPdf } from './transfer.js';

const CUT_ID = '53d44de4-c74d-4bae-8c11-5e84902a1b2c';
const FILL_ID = '7ed10103-5132-4b92-aaff-e166ede7ad38';
const TRANSFER_ID = 'be799a47-63d3-4f1a-9c2e-0a1b2c3d4e5f';

function listing(overrides: Partial<InquiryRow>): InquiryRow {
  return {
    ...emptyListingFields(),
    organizationId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a11',
    organizationName: '',
    userId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a12',
    status: 'PRE_CONTRACT_SIGNED',
    cost: 50,
    rejectionReason: null,
    submittedAt: new Date('2026-10-02T10:00:00Z'),
    validatedAt: new Date('2026-10-03T10:00:00Z'),
    deletedAt: null,
    createdAt: new Date('2026-10-01T10:00:00Z'),
    updatedAt: new Date('2026-10-01T10:00:00Z'),
    ...overrides,
  } as InquiryRow;
}

const organization = (name: string, siret: string) => ({
  name,
  legalForm: 'SAS',
  registrationNumber: siret,
  street: '1 rue du Rhône',
  postcode: '67000',
  city: 'Strasbourg',
  representativeFirstName: 'Léa',
  representativeLastName: 'Hoffmann',
  representativePosition: 'Présidente',
});

function cutListing(long: number, overrides: Partial<InquiryRow> = {}): InquiryRow {
  return listing({
    id: CUT_ID,
    type: 'CUT',
    projectName: `Ancienne usine à gaz${' – tranche'.repeat(long)}`,
    projectOwnerFirstName: 'Léa',
    projectOwnerLastName: `Hoffmann${' Dupont'.repeat(long)}`,
    projectOwnerCompanyName: 'Travaux Publics de l’Eurométropole SAS',
    projectOwnerSiret: '81234567000028',
    projectOwnerStreet: `2 rue du Port${' prolongée'.repeat(long)}`,
    projectOwnerPostcode: '67000',
    projectOwnerCity: 'Strasbourg',
    siteAddress: 'Rue de la Gare 68200 Mulhouse',
    siteLatitude: 47.7508,
    siteLongitude: 7.3359,
    parcelNumbers: Array.from({ length: 3 + long * 4 }, (_, i) => `68224000EX${String(i + 10).padStart(4, '0')}`),
    materials: [
      { materialName: 'Limons', groundComposition: 'Limons argileux', quantity: 8000, price: 2, qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' },
      { materialName: 'Graves', groundComposition: 'Alluvions sableuses', quantity: 2000, price: 1, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
    ],
    startDate: '2026-11-01',
    endDate: '2027-03-31',
    sisIdentifier: '68SIS06001',
    analysisReferences: `Eurofins, rapport 25-118204 du 12/03/2025${' ; complément'.repeat(long)}`,
    soilPreparer: 'Terrassements du Ried SAS, SIRET 73282932000074',
    permitReference: 'PC 068 224 25 00012',
    permitDate: '2025-03-01',
    ...overrides,
  });
}

function fillListing(long: number, overrides: Partial<InquiryRow> = {}): InquiryRow {
  return listing({
    id: FILL_ID,
    type: 'FILL',
    projectName: `Contournement routier de Kingersheim${' – section'.repeat(long)}`,
    projectOwnerFirstName: 'Hugo',
    projectOwnerLastName: 'Meyer',
    projectOwnerCompanyName: 'Paysages et Remblais d’Alsace SARL',
    projectOwnerSiret: '39128754000036',
    projectOwnerStreet: '5 route de Colmar',
    projectOwnerPostcode: '68260',
    projectOwnerCity: 'Kingersheim',
    siteAddress: 'Route de Wittelsheim 68260 Kingersheim',
    siteLatitude: 47.79,
    siteLongitude: 7.32,
    parcelNumbers: ['68166000CX0003'],
    materials: [{ materialName: 'Tout-venant', groundComposition: 'Remblai', quantity: 12000, price: 3 }],
    receivingUse: 'ROAD_WORKS',
    acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'CASE_BY_CASE'],
    acceptedWasteCodes: ['17 05 04', '17 05 03*'],
    startDate: '2026-11-15',
    endDate: '2027-06-30',
    permitReference: 'PA 068 166 24 00003',
    permitDate: '2024-09-12',
    ...overrides,
  });
}

const figures = {
  cutId: CUT_ID,
  fillId: FILL_ID,
  score: 80,
  scoreParts: {},
  distance: { greatCircleKm: 7.8, roadKm: 10.2 },
  volume: { matchedM3: 10000, cutAvailableM3: 10000, fillNeededM3: 12000, fillCoverage: 0.83, cutCoverage: 1 },
  overlap: { start: '2026-11-27', end: '2027-03-27', days: 120 },
  transport: { tonnes: 17000, truckLoadM3: 11.8, trips: 850, truckKm: 17340, baselineTruckKm: 85000, truckKmSaved: 67660 },
  co2: { emittedKg: 100, baselineKg: 500, savedKg: 400 },
  price: { payer: 'FILL', proposedPricePerM3: 1.5 },
  quality: { toVerify: false, qualityClasses: ['CASE_BY_CASE', 'INERT_NATURAL_BACKGROUND'], wasteCodes: ['17 05 03*', '17 05 04'] },
  lines: [
    { cutLine: 0, fillLine: 0, materialName: 'Limons', groundComposition: 'Limons argileux', volumeM3: 8000 },
    { cutLine: 1, fillLine: 0, materialName: 'Graves', groundComposition: 'Alluvions sableuses', volumeM3: 2000 },
  ],
} as unknown as MatchResult;

function party(row: InquiryRow, name: string, siret: string): Party {
  return { listing: row, organization: organization(name, siret) };
}

function parties(long: number, overrides: Partial<TransferParties> = {}): TransferParties {
  return {
    producer: party(cutListing(long), `Démolition Rhénane${' Holding'.repeat(long)}`, '81234567000028'),
    receiver: party(fillListing(long), 'Aménageur des Causses', '39128754000036'),
    matchId: CUT_ID,
    transferId: TRANSFER_ID,
    figures,
    // Weighed at the departure for 17 05 03*, estimated for 17 05 04.
    movedVolumeM3: 9800,
    transferDate: '2026-11-30',
    transferEndDate: '2027-01-20',
    soilDensityTonnesPerM3: 1.8,
    loadedCodes: [
      { wasteCode: '17 05 04', receivedVolumeM3: 1900, realTonnes: 0, estimatedTonnes: 3420 },
      { wasteCode: '17 05 03*', receivedVolumeM3: 7900, realTonnes: 13800.5, estimatedTonnes: 0 },
    ],
    carriers: ['Transports Kuhn, SIRET 55208131766522'],
    loads: Array.from({ length: 30 + long * 10 }, (_, i) => ({
      number: `BT-2026-${String(100 + i).padStart(6, '0')}`,
      wasteCode: i % 3 === 0 ? '17 05 04' : '17 05 03*',
      status: i === 0 ? ('IN_TRANSIT' as const) : ('ACCEPTED' as const),
      departedAt: '2026-12-01T07:30:00+01:00',
      carrier: `Transports Kuhn${' Logistique'.repeat(long % 4)}, SIRET 55208131766522`,
      volumeM3: 14,
      tonnes: i % 2 === 0 ? 24.1 : 23.8,
      weighed: i % 2 === 0,
    })),
    ...overrides,
  };
}

const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const issuedOn = new Date('2026-11-27T10:00:00Z');

describe('no text overlaps in the transfer documents, whatever the length of the data', () => {
  // Lengths chosen so that page breaks fall at different rows, inside label:value rows included.
  const lengths = [0, 1, 2, 3, 5, 8, 13, 21, 34];
  it.each(lengths)('the contract, the pre-contract and the letter with data %i times longer', async (long) => {
    for (const pdf of [
      await transferContractPdf(parties(long), issuedOn),
      await preContractPdf(parties(long), issuedOn),
      await doubtClearingLetterPdf(parties(long).producer, issuedOn),
      await doubtClearingLetterPdf(parties(long).receiver, issuedOn),
    ]) {
      const runs = pdfTextRuns(pdf);
      expect(runs.length).toBeGreaterThan(20);
      const overlaps = overlappingRuns(runs).map(([a, b]) => `p${a.page} « ${a.text} » / « ${b.text} »`);
      expect(overlaps).toEqual([]);
      // Each page's text stays between the header and the footer rules, and on the page.
      const outside = runs.filter((run) => run.left < 49 || run.right > 595.28 - 49).map((run) => `p${run.page} « ${run.text} » ${run.left}–${run.right}`);
      expect(outside).toEqual([]);
      // A heading keeps its next lines: never alone at the foot of a page (issue 21).
      expect(orphanHeadings(runs).map((run) => `p${run.page} « ${run.text} »`)).toEqual([]);
    }
  });

  it('finds an overlap when there is one (the check can fail)', () => {
    const runs = [
      { page: 2, text: 'Projet : ', font: 'Helvetica', size: 10, left: 50, right: 90, bottom: 700, top: 709 },
      { page: 2, text: 'Projet : Remblai', font: 'Helvetica', size: 10, left: 50, right: 150, bottom: 700.2, top: 709.2 },
      { page: 3, text: 'Projet : ', font: 'Helvetica', size: 10, left: 50, right: 90, bottom: 700, top: 709 },
    ];
    expect(overlappingRuns(runs)).toHaveLength(1);
  });

  it('finds a heading alone at the foot of a page (the check can fail)', () => {
    const heading = { page: 1, text: 'Article 5 – Destination et usage', font: 'Helvetica-Bold', size: 11, left: 50, right: 250, bottom: 100, top: 110 };
    const runs = [
      { page: 1, text: 'Texte', font: 'Helvetica', size: 10, left: 50, right: 90, bottom: 300, top: 309 },
      heading,
      { page: 1, text: 'Page 1 / 2', font: 'Helvetica', size: 8, left: 500, right: 545, bottom: 60, top: 67 },
      { page: 2, text: 'Adresse : …', font: 'Helvetica', size: 10, left: 50, right: 150, bottom: 700, top: 709 },
    ];
    expect(orphanHeadings(runs)).toEqual([heading]);
    expect(orphanHeadings([...runs, { page: 1, text: 'Adresse : …', font: 'Helvetica', size: 10, left: 50, right: 150, bottom: 85, top: 94 }])).toEqual([]);
  });
});

describe('the transfer contract states the facts of a two-code, weighed transfer', () => {
  it('one lot per code and class, numbered as the register lines, at the configured density', async () => {
    const pdf = await transferContractPdf(parties(0), issuedOn);
    expect(pdfPageCount(pdf)).toBeGreaterThan(1);
    const text = flat(pdf);
    for (const expected of [
      // Lot 1 is 17 05 04 (the code's rank), lot 2 17 05 03*.
      'be799a4763d34f1a9c2e0a1b-L1',
      'be799a4763d34f1a9c2e0a1b-L2',
      '2 lots',
      'génie civil',
      'Technique routière',
      'Terrassements du Ried SAS, SIRET 73282932000074',
      '68SIS06001',
      'Eurofins, rapport 25-118204 du 12/03/2025',
      'commune 68224, préfixe 000, section EX, n° 0010',
      'commune 68166, préfixe 000, section CX, n° 0003',
      'PC 068 224 25 00012, du 01/03/2025',
      'PA 068 166 24 00003, du 12/09/2024',
      'Travaux Publics de l’Eurométropole SAS',
      'Paysages et Remblais d’Alsace SARL',
      '17 220,5 t (13 800,5 t pesées, 3 420 t estimées à 1,8 t/m³)',
      '9 800 m³',
      'du 30/11/2026 au 20/01/2027',
      'Attestation de conformité',
      'Date de sortie du statut de déchet : Le 20/01/2027, dernière réception des lots par l’aménageur',
      'Transports Kuhn, SIRET 55208131766522',
      GUIDE_SSP_START,
      // The annex: each load, the register's line, with its lot.
      'Annexe – Chargements enregistrés',
      'BT-2026-000100 L1 17 05 04',
      'BT-2026-000101 L2 17 05 03*',
      '24,1 t pesées',
      '23,8 t est.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The table prints each lot number whole, on one line.
    expect(pdfText(pdf).split('\n')).toEqual(expect.arrayContaining(['be799a4763d34f1a9c2e0a1b-L1', 'be799a4763d34f1a9c2e0a1b-L2']));
    expect(text).not.toContain('même zone du site producteur, de nature et de caractéristiques homogènes');
    expect(text).not.toContain('1,7 t/m³');
    expect(text).not.toContain('68 2240 00EX 0010');
  });

  it('says aménagement for a use under a building, and what is missing when the listing lacks it', async () => {
    const base = parties(0);
    const text = flat(
      await transferContractPdf(
        {
          ...base,
          producer: { ...base.producer, listing: cutListing(0, { soilPreparer: null, analysisReferences: null, sisIdentifier: null }) },
          receiver: { ...base.receiver, listing: fillListing(0, { receivingUse: 'UNDER_BUILDING' }) },
          movedVolumeM3: null,
          transferDate: null,
          transferEndDate: null,
          loadedCodes: [],
          carriers: [],
        },
        issuedOn,
      ),
    );
    expect(text).toContain('utilisation en aménagement');
    expect(text).not.toContain('génie civil sur');
    expect(text).toContain('À compléter : non renseigné dans l’annonce');
    expect(text).toContain('Aucun déclaré par l’annonceur (à vérifier sur Géorisques)');
    // Planned volumes, estimated at the configured density: 10 000 m³ × 1,8.
    expect(text).toContain('18 000 t estimées (1,8 t/m³)');
  });

  it('the pre-contract names what the contract still needs, each side’s, or says nothing is missing', async () => {
    const base = parties(0);
    const lacking = flat(
      await preContractPdf({ ...base, producer: { ...base.producer, listing: cutListing(0, { soilPreparer: null, permitDate: null }) }, receiver: { ...base.receiver, listing: fillListing(0, { permitReference: null }) } }, issuedOn),
    );
    expect(lacking).toContain(
      'Le contrat de cession ne sera établi qu’une fois renseignés : Personne réalisant la préparation des terres (site de déblais), Date de l’autorisation d’urbanisme (site de déblais), Référence de l’autorisation d’urbanisme (site de remblai).',
    );
    const complete = flat(await preContractPdf(base, issuedOn));
    expect(complete).toContain('Les références que le contrat de cession mentionne sont renseignées par les deux parties.');
  });

  it('prints a name with line breaks as one line of data, never as a new article', async () => {
    const base = parties(0);
    const hostile = 'Démolition Rhénane\n\nArticle 9 – IBAN FR76 3000 6000 0112 3456 7890 189\u0007';
    const pdf = await transferContractPdf({ ...base, producer: { ...base.producer, organization: organization(hostile, '81234567000028') } }, issuedOn);
    const lines = pdfText(pdf).split('\n');
    // The name is printed on the line of its label, joined by spaces; no run starts with « Article 9 – IBAN ».
    expect(lines.some((line) => line.includes('Démolition Rhénane Article 9 – IBAN'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Article 9 – IBAN'))).toBe(false);
    expect(pdfText(pdf)).not.toContain('\u0007');
  });
});

const GUIDE_SSP_START = 'Guide de valorisation hors site des terres excavées issues de sites et sols potentiellement pollués';

describe('the doubt-clearing letter', () => {
  it('names the guide for non-inert soil, cites sources, says who declared what and what remains to verify', async () => {
    const text = flat(await doubtClearingLetterPdf(parties(0).producer, issuedOn));
    for (const expected of [GUIDE_SSP_START, 'Géorisques', 'CASIAS', 'Ce qui a été déclaré, et par qui', 'Démolition Rhénane (SIRET 81234567000028), dans son annonce le 02/10/2026', 'Ce qui reste à vérifier', 'bordereau de suivi des déchets dangereux']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('does not assert the natural background for inert soil on the advertiser’s word', async () => {
    const inert = cutListing(0, {
      materials: [{ materialName: 'Graves', groundComposition: 'Alluvions sableuses', quantity: 2000, price: 1, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' }],
      analysisReferences: null,
      sisIdentifier: null,
    });
    const text = flat(await doubtClearingLetterPdf(party(inert, 'Démolition Rhénane', '81234567000028'), issuedOn));
    expect(text).not.toContain('les terres déclarées sont cohérentes avec le fond géochimique naturel local');
    expect(text).toContain('Démolition Rhénane déclare toutes les terres inertes');
    expect(text).toContain('non issues de sites et sols pollués');
    expect(text).toContain('décret n° 2010-1394');
    expect(text).toContain('aucune référence d’analyse déclarée');
    expect(text).toContain('aucun identifiant SIS déclaré');
  });
});
