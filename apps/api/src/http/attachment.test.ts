import { describe, expect, it } from 'vitest';
import { attachmentHeader, fileNameSlug, generatedAttachmentHeader } from './attachment.js';

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentHeader('étude "G2".pdf')).toBe(
      `attachment; filename="etude _G2_.pdf"; filename*=UTF-8''${encodeURIComponent('étude "G2".pdf')}`,
    );
    expect(attachmentHeader("l'étude (v2).pdf")).toBe(`attachment; filename="l'etude (v2).pdf"; filename*=UTF-8''l%27%C3%A9tude%20%28v2%29.pdf`);
    expect(attachmentHeader('日本.pdf')).toBe(`attachment; filename=".pdf"; filename*=UTF-8''${encodeURIComponent('日本.pdf')}`);
  });
});

describe('generatedAttachmentHeader', () => {
  it('keeps the plain form for the names the API makes, and refuses any other', () => {
    expect(generatedAttachmentHeader('facture-FA-2026-000001.pdf')).toBe('attachment; filename="facture-FA-2026-000001.pdf"');
    expect(() => generatedAttachmentHeader('étude "G2".pdf')).toThrow(RangeError);
  });
});

describe('fileNameSlug', () => {
  it('drops accents and runs of other characters, and cuts at the length asked', () => {
    expect(fileNameSlug('  Écoquartier du Heyritz ! ')).toBe('ecoquartier-du-heyritz');
    expect(fileNameSlug('ZAC du Ried', 7)).toBe('zac-du-');
    expect(fileNameSlug('« »')).toBe('');
  });
});
