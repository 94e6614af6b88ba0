// Documents of a listing (CONTRACT §10, §11) as the API answers them, the one place a stored
// file becomes a `documents` row (uploads, platform sendings and demo data alike), the one
// place a document is removed, and who may read which (the listing's rule).
import {
  documentDeletionRefusal,
  fileExtension,
  FILE_TYPES,
  isEditableByAdvertiser,
  LOAD_TICKET_DOCUMENT_KIND,
  messages,
  PROBLEM_TYPES,
  type AllowedFileExtension,
  type DocumentKind,
  type DocumentSource,
} from '@terres/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Viewer } from '../auth/context.js';
import type { DbOrTx, Tx } from '../db/index.js';
import { documents } from '../db/schema.js';
import { cleanFileName } from '../files/names.js';
import type { StoredFile } from '../files/storage.js';
import { isUuid } from '../http/ids.js';
import { HttpProblem, problem } from '../http/problem.js';
import { recordAudit } from './audit.js';
import { deleteDraft, readableInquiry, type InquiryRow } from './inquiries.js';
import { assertStorageRoom, claimStorageKey, releaseDocumentFile } from './stored-files.js';

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
 * Soft delete (the row stays, for the audit trail): from then on the document is neither listed,
 * nor downloadable, nor counted by the submission rule, the soil studies or the storage quota.
 * Its file is released unless a load's ticket names it (services/stored-files.ts): the key
 * returned is to be removed from storage after the commit (`removeQueuedFiles`).
 */
export async function softDeleteDocument(tx: Tx, row: DocumentRow, actorUserId: string): Promise<string | null> {
  await tx.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, row.id));
  await recordAudit(tx, {
    actorUserId,
    action: 'document.deleted',
    targetType: 'inquiry',
    targetId: row.inquiryId,
    details: { documentId: row.id, kind: row.kind, source: row.source, fileName: row.fileName },
  });
  return releaseDocumentFile(tx, row);
}

/** A listing's documents that are not deleted, oldest first (the listing already read by the viewer). */
export function listDocuments(db: DbOrTx, inquiryId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    // A load's weighbridge ticket is the load's (GET /loads/{id}/ticket), not one of the listing's documents.
    .where(and(eq(documents.inquiryId, inquiryId), isNull(documents.deletedAt), ne(documents.kind, LOAD_TICKET_DOCUMENT_KIND)))
    .orderBy(asc(documents.createdAt));
}

/** The listing's 404 becomes the document's (a foreign document must not reveal its listing). */
function asDocumentNotFound(error: unknown): never {
  throw error instanceof HttpProblem && error.status === 404 ? problem(404, messages.documentNotFound) : error;
}

/** 409 when the organisation may no longer add documents to the listing (a platform sending may). */
export function assertUploadOpen(inquiry: Pick<InquiryRow, 'status'>, source: DocumentSource): void {
  if (source === 'ADVERTISER' && !isEditableByAdvertiser(inquiry.status)) {
    throw problem(409, messages.documentUploadClosed, { type: PROBLEM_TYPES.notEditable });
  }
}

/**
 * Records an already stored upload of the listing: the listing's row lock first, the upload
 * rule checked again under it (the listing may have been submitted or deleted meanwhile), the
 * organisation's storage quota (its own uploads; under its advisory lock, so parallel uploads
 * never go past it), the stored file's key reservation taken back. Returns the row and the
 * listing as locked.
 */
export async function recordUpload(
  db: DbOrTx,
  viewer: Viewer,
  inquiryId: string,
  upload: Pick<NewDocument, 'kind' | 'fileName' | 'stored'> & { source: DocumentSource },
  quotaBytes: number,
): Promise<{ row: DocumentRow; inquiry: InquiryRow }> {
  return db.transaction(async (tx) => {
    const inquiry = await readableInquiry(tx, viewer, inquiryId, { forUpdate: true });
    assertUploadOpen(inquiry, upload.source);
    if (upload.source === 'ADVERTISER') await assertStorageRoom(tx, inquiry.organizationId, upload.stored.size, quotaBytes);
    await claimStorageKey(tx, upload.stored.storageKey);
    const row = await insertDocument(tx, { ...upload, inquiry, uploadedByUserId: viewer.userId });
    return { row, inquiry };
  });
}

/**
 * Removal (soft) as the domain's `documentDeletionRefusal` allows it: the organisation its own
 * uploads while the listing is DRAFT or REJECTED, admins what the platform sent. Another
 * organisation's document, or one already removed, is a 404. Locks the listing's row, then the
 * document's (the order uploads and submission take): a racing submission sees it counted or gone.
 * Answers the storage key to remove once committed (null: a load's ticket keeps the file).
 */
export async function removeDocument(db: DbOrTx, viewer: Viewer, id: string): Promise<string | null> {
  if (!isUuid(id)) throw problem(404, messages.documentNotFound);
  return db.transaction(async (tx) => {
    const found = await findLiveDocument(tx, id);
    // A load's weighbridge ticket is no listing document: it is never removed (issue 18).
    if (!found || found.kind === LOAD_TICKET_DOCUMENT_KIND) throw problem(404, messages.documentNotFound);
    const inquiry = await readableInquiry(tx, viewer, found.inquiryId, { forUpdate: true }).catch(asDocumentNotFound);
    const row = await findLiveDocument(tx, id, { forUpdate: true });
    if (!row) throw problem(404, messages.documentNotFound);
    const refusal = documentDeletionRefusal({ role: viewer.role, source: row.source, inquiryStatus: inquiry.status });
    if (refusal) {
      throw refusal.reason === 'closed' ? problem(409, refusal.message, { type: PROBLEM_TYPES.notEditable }) : problem(403, refusal.message);
    }
    return softDeleteDocument(tx, row, viewer.userId);
  });
}

/**
 * Deletes a draft (services/inquiries.ts `deleteDraft`: its row lock, the 409 for another status)
 * and, in the same transaction, its documents: nothing can reach them any more, so their files
 * are released (issue 20). Answers the storage keys to remove once committed.
 */
export async function deleteDraftWithDocuments(db: DbOrTx, viewer: Viewer, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await deleteDraft(tx, viewer, id);
    const rows = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.inquiryId, id), isNull(documents.deletedAt)))
      .for('update');
    const keys: string[] = [];
    for (const row of rows) {
      const key = await softDeleteDocument(tx, row, viewer.userId);
      if (key) keys.push(key);
    }
    return keys;
  });
}

/** A document the viewer may download (same rule as its listing: another organisation's is a 404). */
export async function readableDocument(db: DbOrTx, viewer: Viewer, id: string): Promise<DocumentRow> {
  if (!isUuid(id)) throw problem(404, messages.documentNotFound);
  const row = await findLiveDocument(db, id);
  if (!row) throw problem(404, messages.documentNotFound);
  await readableInquiry(db, viewer, row.inquiryId).catch(asDocumentNotFound);
  return row;
}
