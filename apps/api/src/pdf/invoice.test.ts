// The invoice PDF (issue 21): the client's raison sociale and legal form, said once; headings
// kept with their lines; nothing overlaps.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/helpers/fixtures.js';
import { orphanHeadings, overlappingRuns, pdfTextRuns } from '../../test/helpers/pdf-layout.js';
import type { InvoiceRow } from '../services/invoices.js';
import { renderInvoicePdf } from './invoice.js';

function invoice(buyer: Record<string, string>): InvoiceRow {
  return {
    id: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a11',
    number: 'FA-2026-000042',
    year: 2026,
    sequence: 42,
    organizationId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a12',
    purchaseId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a13',
    seller: { name: 'Bourse aux terres SAS', address: '1 place de la Gare, 67000 Strasbourg', siret: '81234567000028', vatNumber: 'FR12812345670' },
    buyer: { street: '3 route de Lyon', postcode: '67400', city: 'Illkirch-Graffenstaden', siret: '39128754000036', ...buyer },
    credits: 100,
    amountExclTaxCents: 100_00,
    vatRateBasisPoints: 2000,
    vatCents: 20_00,
    totalCents: 120_00,
    issuedAt: new Date('2026-11-27T10:00:00Z'),
  };
}

describe('the invoice', () => {
  it('names the client with its legal form once, never « SAS - SAS »', async () => {
    const stated = pdfText(await renderInvoicePdf(invoice({ name: 'Terrassements du Ried SAS', legalForm: 'SAS' }), new Date('2026-11-27T10:00:00Z')));
    expect(stated.split('\n')).toContain('Terrassements du Ried SAS');
    expect(stated).not.toMatch(/SAS - SAS|SAS \(SAS\)/);
    const added = pdfText(await renderInvoicePdf(invoice({ name: 'Paysages et Remblais d’Alsace', legalForm: 'SARL' }), new Date('2026-11-27T10:00:00Z')));
    expect(added.split('\n')).toContain('Paysages et Remblais d’Alsace (SARL)');
  });

  it('keeps its headings with their lines, and nothing overlaps', async () => {
    const runs = pdfTextRuns(await renderInvoicePdf(invoice({ name: 'Terrassements du Ried SAS', legalForm: 'SAS' }), new Date('2026-11-27T10:00:00Z')));
    expect(overlappingRuns(runs)).toEqual([]);
    expect(orphanHeadings(runs)).toEqual([]);
    // Bold stays bold after a heading drawn with its next text (« Payée le … »).
    expect(runs.find((run) => run.text.startsWith('Payée le'))?.font).toBe('SourceSans3-Bold');
  });
});
