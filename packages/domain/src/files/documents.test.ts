import { describe, expect, it } from 'vitest';
import {
  canDeleteDocument,
  DOCUMENT_SOURCE_LABELS,
  documentDateText,
  documentKindLabel,
  documentDeletionRefusal,
  isDocumentKind,
  isPlatformDocumentKind,
} from './documents';

const STATUSES = ['DRAFT', 'PENDING_VALIDATION', 'APPROVED', 'REJECTED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];

describe('documents', () => {
  it("labels the two groups as the spec's documents tab does", () => {
    expect(DOCUMENT_SOURCE_LABELS).toEqual({ ADVERTISER: 'Déposés', PLATFORM: 'Envoyés' });
  });

  it('dates a document by who put it there: deposited by the organisation, sent by the platform', () => {
    expect(documentDateText('ADVERTISER', '2027-03-12T09:30:00.000Z')).toBe('déposé le 12/03/2027');
    expect(documentDateText('PLATFORM', '2027-03-12T09:30:00.000Z')).toBe('envoyé le 12/03/2027');
    expect(documentDateText(undefined, '2027-03-12T09:30:00.000Z')).toBe('ajouté le 12/03/2027');
  });

  it('names each kind in French and anything else "Document"', () => {
    expect(documentKindLabel('PERMISSION')).toBe('Autorisation d’urbanisme');
    expect(documentKindLabel('SOIL_STUDY')).toBe('Étude de sol');
    expect(documentKindLabel('OTHER')).toBe('Autre document');
    expect(documentKindLabel('CONTRACT')).toBe('Document');
  });

  it('knows the kinds, and what the platform may send (never a permission)', () => {
    expect(['PERMISSION', 'SOIL_STUDY', 'OTHER'].every(isDocumentKind)).toBe(true);
    expect(isDocumentKind('PHOTO')).toBe(false);
    expect(isPlatformDocumentKind('SOIL_STUDY')).toBe(true);
    expect(isPlatformDocumentKind('OTHER')).toBe(true);
    expect(isPlatformDocumentKind('PERMISSION')).toBe(false);
  });

  it.each(['OWNER', 'employee'])('%s removes own uploads of a draft or refused listing only', (role) => {
    const allowed = STATUSES.filter((inquiryStatus) => canDeleteDocument({ role, source: 'ADVERTISER', inquiryStatus }));
    expect(allowed).toEqual(['DRAFT', 'REJECTED']);
    expect(documentDeletionRefusal({ role, source: 'ADVERTISER', inquiryStatus: 'PENDING_VALIDATION' })).toEqual({
      reason: 'closed',
      message: 'Les documents ne peuvent être supprimés que des annonces en brouillon ou refusées.',
    });
    expect(documentDeletionRefusal({ role, source: 'PLATFORM', inquiryStatus: 'DRAFT' })).toEqual({
      reason: 'sent-by-platform',
      message: 'Ce document a été envoyé par la plateforme : vous ne pouvez pas le supprimer.',
    });
  });

  it('an admin removes what the platform sent, in any status, and never an advertiser upload', () => {
    for (const inquiryStatus of STATUSES) {
      expect(canDeleteDocument({ role: 'admin', source: 'PLATFORM', inquiryStatus })).toBe(true);
      expect(documentDeletionRefusal({ role: 'ADMIN', source: 'ADVERTISER', inquiryStatus })?.reason).toBe('deposited-by-advertiser');
    }
  });

  it('an unknown role removes nothing', () => {
    expect(documentDeletionRefusal({ role: 'guest', source: 'ADVERTISER', inquiryStatus: 'DRAFT' })?.reason).toBe('role');
  });
});
