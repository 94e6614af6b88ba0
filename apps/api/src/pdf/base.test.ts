// The shared layout (issue 21): a heading keeps its next lines, whatever comes after it (a
// paragraph, a "label : value" row taller than the room left, a subheading, a table), and
// nothing is drawn out of order. Checked on the PDF's bytes (test/helpers/pdf-layout.ts).
import { describe, expect, it } from 'vitest';
import { orphanHeadings, overlappingRuns, pdfTextRuns } from '../../test/helpers/pdf-layout.js';
import { createPdf, finishPdf, keepTogether, keyValues, MARGIN, pageBottom, pdfText, sectionTitle, type Pdf } from './base.js';

const LONG_VALUE = 'Guide de valorisation hors site des terres excavées issues de sites et sols potentiellement pollués '.repeat(4);

/** Lines of filler until the cursor is `room` points above the page's bottom. */
function fillTo(doc: Pdf, room: number): void {
  let n = 0;
  while (doc.y + doc.currentLineHeight(true) < pageBottom(doc) - room) doc.text(`Ligne de remplissage ${++n}`, MARGIN);
}

describe('keep-with-next', () => {
  it.each([40, 60, 75, 90, 110])('keeps a section title with a tall "label : value" row, %i pt above the foot', async (room) => {
    const doc = createPdf({ title: 'Essai' });
    fillTo(doc, room);
    sectionTitle(doc, 'Article 5 – Destination et usage');
    keyValues(doc, [['Guide de valorisation appliqué', LONG_VALUE]]);
    const runs = pdfTextRuns(await finishPdf(doc));
    expect(orphanHeadings(runs).map((run) => run.text)).toEqual([]);
    expect(overlappingRuns(runs)).toEqual([]);
    const heading = runs.find((run) => run.text.startsWith('Article 5'))!;
    const row = runs.find((run) => run.text.startsWith('Guide de valorisation appliqué'))!;
    expect(row.page).toBe(heading.page);
    expect(row.top).toBeLessThan(heading.bottom);
  });

  it('keeps two headings in a row with the block after them, drawn in order', async () => {
    const doc = createPdf({ title: 'Essai' });
    fillTo(doc, 80);
    sectionTitle(doc, 'Article 2 – Sites');
    sectionTitle(doc, 'Site de déblais');
    keepTogether(doc, 40);
    doc.text('Première ligne du bloc', MARGIN);
    const runs = pdfTextRuns(await finishPdf(doc));
    const [a, b, c] = ['Article 2', 'Site de déblais', 'Première ligne'].map((text) => runs.find((run) => run.text.startsWith(text))!);
    expect(new Set([a!.page, b!.page, c!.page]).size).toBe(1);
    expect(a!.bottom).toBeGreaterThan(b!.top);
    expect(b!.bottom).toBeGreaterThan(c!.top);
  });

  it('draws a heading before text written without keepTogether, and a last heading at the end', async () => {
    const doc = createPdf({ title: 'Essai' });
    sectionTitle(doc, 'Titre');
    doc.text('Texte direct', MARGIN);
    sectionTitle(doc, 'Dernier titre');
    const runs = pdfTextRuns(await finishPdf(doc));
    const order = runs.filter((run) => ['Titre', 'Texte direct', 'Dernier titre'].includes(run.text)).map((run) => run.text);
    expect(order).toEqual(['Titre', 'Texte direct', 'Dernier titre']);
  });
});

describe('the PDFs’ typeface', () => {
  it('embeds Source Sans 3, regular and bold, the apps’ typeface', async () => {
    const doc = createPdf({ title: 'Essai', headerLabel: 'Essai' });
    doc.text('Terres excavées, 1 234,50 € « œuvre »');
    const bytes = (await finishPdf(doc)).toString('latin1');
    expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSans3-Regular/);
    expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSans3-Bold/);
    expect(bytes).not.toContain('/Helvetica');
  });

  it('prints what the Latin subset lacks without its accent, or as ?, never as an empty box', () => {
    expect(pdfText('Šimek, Łukasz, Őrs, Dvořák')).toBe('Simek, Lukasz, Ors, Dvorák');
    expect(pdfText('Chantier 🚧 Ж')).toBe('Chantier ? ?');
    expect(pdfText('« Éloïse » l’œuvre – 12\u202f000\u00a0€')).toBe('« Éloïse » l’œuvre – 12\u00a0000\u00a0€');
  });
});
