// Documents of a listing (CONTRACT §10) as the API answers them, and the one place a stored
// file becomes a `documents` row (uploads and demo data alike).
import { fileExtension, FILE_TYPES, type AllowedFileExtension } from '@terres/domain';
import type { Tx } from '../db/index.js';
import { documents } from '../db/schema.js';
import type { StoredFile } from '../files/storage.js';
import { recordAudit } from './audit.js';

export const DOCUMENT_KINDS = ['PERMISSION', 'SOIL_STUDY', 'OTHER'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentRow = typeof documents.$inferSelect;

export function isDocumentKind(value: unknown): value is DocumentKind {
  return (DOCUMENT_KINDS as readonly unknown[]).includes(value);
}

export function toDocument(row: DocumentRow) {
  return {
    id: row.id,
    inquiryId: row.inquiryId,
    kind: row.kind as DocumentKind,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The MIME type a download is served with: the domain's first type for the extension, never
 * the one the client sent. `fileName` must already have passed `fileContentMatchesExtension`.
 */
export function mimeTypeOf(fileName: string): string {
  return FILE_TYPES[fileExtension(fileName) as AllowedFileExtension].mimeTypes[0]!;
}

export interface NewDocument {
  inquiry: { id: string; organizationId: string };
  uploadedByUserId: string;
  kind: DocumentKind;
  /** The client's name, kept for Content-Disposition only (the file on disk has a generated one). */
  fileName: string;
  stored: StoredFile;
  /** Who the audit line names; defaults to the uploader (null for the system, e.g. demo data). */
  actorUserId?: string | null;
}

/** Inserts the row of an already stored file, with its audit line, in the caller's transaction. */
export async function insertDocument(tx: Tx, input: NewDocument): Promise<DocumentRow> {
  const [row] = await tx
    .insert(documents)
    .values({
      inquiryId: input.inquiry.id,
      organizationId: input.inquiry.organizationId,
      uploadedByUserId: input.uploadedByUserId,
      kind: input.kind,
      fileName: input.fileName.slice(0, 255),
      mimeType: mimeTypeOf(input.fileName),
      size: input.stored.size,
      sha256: input.stored.sha256,
      storageKey: input.stored.storageKey,
    })
    .returning();
  await recordAudit(tx, {
    actorUserId: input.actorUserId === undefined ? input.uploadedByUserId : input.actorUserId,
    action: 'document.uploaded',
    targetType: 'inquiry',
    targetId: input.inquiry.id,
    details: { documentId: row!.id, kind: input.kind },
  });
  return row!;
}
