// Documents of a listing (CONTRACT §10, §11) as the API answers them, the one place a stored
// file becomes a `documents` row (uploads, platform sendings and demo data alike), and the one
// place a document is removed.
import {
  fileExtension,
  FILE_TYPES,
  type AllowedFileExtension,
  type DocumentKind,
  type DocumentSource,
} from '@terres/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/index.js';
import { documents } from '../db/schema.js';
import { cleanFileName } from '../files/names.js';
import type { StoredFile } from '../files/storage.js';
import { recordAudit } from './audit.js';

export type DocumentRow = typeof documents.$inferSelect;

export function toDocument(row: DocumentRow) {
  return {
    id: row.id,
    inquiryId: row.inquiryId,
    kind: row.kind as DocumentKind,
    source: row.source as DocumentSource,
    matchId: row.matchId,
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
  /** ADVERTISER (default): the organisation's upload; PLATFORM: sent by an admin. */
  source?: DocumentSource;
  /** The client's name, kept for Content-Disposition only (the file on disk has a generated one). */
  fileName: string;
  stored: StoredFile;
  /** Who the audit line names; defaults to the uploader (null for the system, e.g. demo data). */
  actorUserId?: string | null;
  /** The match a generated pre-contract or transfer contract is about. */
  matchId?: string | null;
}

/** Inserts the row of an already stored file, with its audit line, in the caller's transaction. */
export async function insertDocument(tx: Tx, input: NewDocument): Promise<DocumentRow> {
  // Every stored name goes through the one rule (uploads already did: it is idempotent).
  const fileName = cleanFileName(input.fileName);
  const [row] = await tx
    .insert(documents)
    .values({
      inquiryId: input.inquiry.id,
      organizationId: input.inquiry.organizationId,
      uploadedByUserId: input.uploadedByUserId,
      kind: input.kind,
      source: input.source ?? 'ADVERTISER',
      // Uploads are refused over 255 characters; never cut inside a surrogate pair.
      fileName: [...fileName].slice(0, 255).join(''),
      mimeType: mimeTypeOf(fileName),
      size: input.stored.size,
      sha256: input.stored.sha256,
      storageKey: input.stored.storageKey,
      matchId: input.matchId ?? null,
    })
    .returning();
  await recordAudit(tx, {
    actorUserId: input.actorUserId === undefined ? input.uploadedByUserId : input.actorUserId,
    action: input.source === 'PLATFORM' ? 'document.sent' : 'document.uploaded',
    targetType: 'inquiry',
    targetId: input.inquiry.id,
    details: { documentId: row!.id, kind: input.kind },
  });
  return row!;
}

/** A document that is not deleted, or undefined; `forUpdate` locks its row. */
export async function findLiveDocument(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<DocumentRow | undefined> {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), isNull(documents.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Soft delete (the row and the file stay, for the audit trail): from then on the document is
 * neither listed, nor downloadable, nor counted by the submission rule or the soil studies.
 */
export async function softDeleteDocument(tx: Tx, row: DocumentRow, actorUserId: string): Promise<void> {
  await tx.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, row.id));
  await recordAudit(tx, {
    actorUserId,
    action: 'document.deleted',
    targetType: 'inquiry',
    targetId: row.inquiryId,
    details: { documentId: row.id, kind: row.kind, source: row.source, fileName: row.fileName },
  });
}
