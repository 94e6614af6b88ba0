import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/helpers/fixtures.js';
import type { InquiryRow } from '../services/inquiries.js';
import { inquiryPdf } from './inquiry.js';

function listing(materialRows: number, overrides: Partial<InquiryRow> = {}): InquiryRow {
  return {
    id: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10',
    organizationId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a11',
    userId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a12',
    type: 'FILL',
    status: 'PENDING_VALIDATION',
    projectName: 'Remblai de la gravière de Hombourg',
    projectOwnerFirstName: 'Claire',
    projectOwnerLastName: 'Muller',
    projectOwnerStreet: '2 avenue de Colmar',
    projectOwnerPostcode: '68100',
    projectOwnerCity: 'Mulhouse',
    projectOwnerSiret: '55208131766522',
    siteAddress: 'Chemin du Rhin 68490 Hombourg',
    siteLatitude: 47.7587,
    siteLongitude: 7.5057,
    parcelNumbers: Array.from({ length: 12 }, (_, i) => `68145000ZC${String(i).padStart(4, '0')}`),
    quantity: 12.5,
    materials: Array.from({ length: materialRows }, (_, i) => ({
      materialName: 'Sable et gravier',
      groundComposition: 'Alluvions des vallées et piémont faiblement limoneux',
      quantity: 100 * (i + 1),
      price: 6,
    })),
    groundTypeUnknown: false,
    soilStudyDelegation: true,
    acceptCertification: true,
    startDate: '2026-12-01',
    endDate: '2027-06-30',
    cost: 22,
    rejectionReason: null,
    createdAt: new Date('2026-11-02T10:00:00Z'),
    updatedAt: new Date('2026-11-02T10:00:00Z'),
    ...overrides,
  } as InquiryRow;
}

const pagesOf = pdfPageCount;
const textOf = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe('listing PDF', () => {
  it('sums up the listing in French on one A4 page', async () => {
    const pdf = await inquiryPdf(listing(2), 'Terrassements du Ried');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pagesOf(pdf)).toBe(1);
    const text = textOf(pdf);
    for (const expected of [
      'Remblai de la gravière de Hombourg',
      'Terrassements du Ried',
      'Claire Muller',
      '2 avenue de Colmar, 68100 Mulhouse',
      '55208131766522',
      'Chemin du Rhin 68490 Hombourg',
      '68 1450 00ZC 0000',
      '68 1450 00ZC 0011',
      'Parcelles (12)',
      '12,5 ha',
      'du 01/12/2026 au 30/06/2027',
      'Confiée à la plateforme',
      'En attente de validation',
      '22 crédits',
      '600,00 €',
      '1 200,00 €',
      '1 800,00 €',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('shows the refusal reason while REJECTED only', async () => {
    const refused = textOf(await inquiryPdf(listing(1, { status: 'REJECTED', rejectionReason: 'Permis illisible.' }), null));
    expect(refused).toContain('Motif du refus');
    expect(refused).toContain('Permis illisible.');
    const approved = textOf(await inquiryPdf(listing(1, { status: 'APPROVED', rejectionReason: 'Permis illisible.' }), null));
    expect(approved).not.toContain('Permis illisible.');
  });

  it('breaks a long material table across pages, each row once, and stays on two pages for 25 rows', async () => {
    const pdf = await inquiryPdf(listing(25), null);
    expect(pagesOf(pdf)).toBe(2);
    const text = textOf(pdf);
    expect(text.match(/Sable et gravier/g)).toHaveLength(25);
    expect(text.match(/Prix €\/m³/g)).toHaveLength(2);
    const long = await inquiryPdf(listing(80), null);
    expect(pagesOf(long)).toBeLessThanOrEqual(6);
  });
});
