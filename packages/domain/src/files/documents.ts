// Documents of a listing (CONTRACT §5, §11): their kinds, who deposited them, and who may
// remove them. One rule for the API (POST/DELETE) and the apps (which buttons to show).
import { isAdmin, isAdvertiser } from '../auth/roles';
import { formatDate } from '../format/format';
import { messages } from '../messages';
import { isEditableByAdvertiser } from '../status/machine';

export const DOCUMENT_KINDS = ['PERMISSION', 'SOIL_STUDY', 'OTHER', 'DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What anyone may upload as a file: the advertiser's kinds (the platform sends a subset). */
export const UPLOADABLE_DOCUMENT_KINDS = ['PERMISSION', 'SOIL_STUDY', 'OTHER'] as const satisfies readonly DocumentKind[];
export type UploadableDocumentKind = (typeof UPLOADABLE_DOCUMENT_KINDS)[number];

/**
 * The documents the platform generates from the listing and match data (issue 11), never
 * uploaded: the doubt-clearing letter (APPROVED -> DOUBT_CLEARED), the pre-contract
 * (SITE_FOUND -> PRE_CONTRACT_SIGNED) and the transfer contract of the arrêté du 4 juin 2021.
 */
export const GENERATED_DOCUMENT_KINDS = ['DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT'] as const satisfies readonly DocumentKind[];
export type GeneratedDocumentKind = (typeof GENERATED_DOCUMENT_KINDS)[number];

export function isUploadableDocumentKind(value: unknown): value is UploadableDocumentKind {
  return (UPLOADABLE_DOCUMENT_KINDS as readonly unknown[]).includes(value);
}

export function isGeneratedDocumentKind(value: unknown): value is GeneratedDocumentKind {
  return (GENERATED_DOCUMENT_KINDS as readonly unknown[]).includes(value);
}

/**
 * Who deposited a document: the listing's organisation ('Déposés') or the platform, whose
 * admins send documents to the organisation ('Envoyés').
 */
export const DOCUMENT_SOURCES = ['ADVERTISER', 'PLATFORM'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** The documents tab's two groups (spec §2, admin listing detail). */
export const DOCUMENT_SOURCE_LABELS: Readonly<Record<DocumentSource, string>> = {
  ADVERTISER: 'Déposés',
  PLATFORM: 'Envoyés',
};

/** The date of a document in a list, by who put it there: the organisation deposits, the platform sends. */
export const DOCUMENT_SOURCE_DATE_PREFIXES: Readonly<Record<DocumentSource, string>> = {
  ADVERTISER: 'déposé le',
  PLATFORM: 'envoyé le',
};

/**
 * 'déposé le 12/03/2027' for the organisation's upload, 'envoyé le 12/03/2027' for what the
 * platform sent, 'ajouté le 12/03/2027' when the source is not known.
 */
export function documentDateText(source: unknown, date: string | Date): string {
  const prefix = source === 'ADVERTISER' || source === 'PLATFORM' ? DOCUMENT_SOURCE_DATE_PREFIXES[source] : 'ajouté le';
  return `${prefix} ${formatDate(date)}`;
}

/**
 * What the platform sends: a soil study (the one it carries out when the advertiser delegated
 * it) or any other document. Never a permission: only the advertiser holds that.
 */
export const PLATFORM_DOCUMENT_KINDS = ['SOIL_STUDY', 'OTHER'] as const satisfies readonly DocumentKind[];

export function isDocumentKind(value: unknown): value is DocumentKind {
  return (DOCUMENT_KINDS as readonly unknown[]).includes(value);
}

/** How a document's kind reads on screen (document lists, upload fields). */
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  PERMISSION: 'Autorisation d’urbanisme',
  SOIL_STUDY: 'Étude de sol',
  OTHER: 'Autre document',
  DOUBT_CLEARING_LETTER: 'Lettre de levée de doute',
  PRE_CONTRACT: 'Pré-contrat',
  TRANSFER_CONTRACT: 'Contrat de cession de terres',
};

/** The kind's label; 'Document' for anything else. */
export function documentKindLabel(kind: unknown): string {
  return isDocumentKind(kind) ? DOCUMENT_KIND_LABELS[kind] : 'Document';
}

export function isPlatformDocumentKind(value: unknown): value is (typeof PLATFORM_DOCUMENT_KINDS)[number] {
  return (PLATFORM_DOCUMENT_KINDS as readonly unknown[]).includes(value);
}

export interface DocumentDeletion {
  /** The caller's role (any case). */
  role: unknown;
  source: DocumentSource | (string & {});
  /** The listing's status. */
  inquiryStatus: unknown;
}

export interface DeletionRefusal {
  /** `closed`: the listing is no longer editable (a conflict); the others: not this caller's to remove. */
  reason: 'closed' | 'sent-by-platform' | 'deposited-by-advertiser' | 'role';
  /** French, shown as is. */
  message: string;
}

/**
 * Why this caller may not remove this document, or null when they may. Advertisers remove
 * their organisation's own uploads while the listing is DRAFT or REJECTED (CONTRACT §11);
 * admins remove what the platform sent, whatever the status. The caller must already be
 * allowed to see the listing (another organisation's is a 404 before this is asked).
 */
export function documentDeletionRefusal({ role, source, inquiryStatus }: DocumentDeletion): DeletionRefusal | null {
  if (isAdmin(role)) {
    return source === 'PLATFORM' ? null : { reason: 'deposited-by-advertiser', message: messages.documentDepositedByAdvertiser };
  }
  if (!isAdvertiser(role)) return { reason: 'role', message: messages.documentDeleteForbidden };
  if (source !== 'ADVERTISER') return { reason: 'sent-by-platform', message: messages.documentSentByPlatform };
  return isEditableByAdvertiser(inquiryStatus) ? null : { reason: 'closed', message: messages.documentDeleteClosed };
}

/** True when `documentDeletionRefusal` has nothing to say: show the delete button. */
export function canDeleteDocument(input: DocumentDeletion): boolean {
  return documentDeletionRefusal(input) === null;
}
