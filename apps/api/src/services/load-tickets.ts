// A weighed load's weighbridge ticket, as a photo or a PDF (issue 18, optional): stored like a
// listing's upload (src/files/storage.ts, local disk or S3) and recorded as a document of the CUT
// listing under the kind WEIGHBRIDGE_TICKET (migration 0024), which the listing's documents never
// list; `loads.ticket_document_id` names the current one. The CUT side attaches it while it may
// correct the load (in transit, transfer open); both parties and admins download it.
//
// Locks: the transfer's row (FOR SHARE, as a reception: never alongside a close), then the load's
// (FOR UPDATE): a reception racing the upload either sees the ticket or makes the upload a 409.
import {
  fileExtension,
  FILE_TYPES,
  LOAD_TICKET_DOCUMENT_KIND,
  loadActionError,
  PROBLEM_TYPES,
  transferMessages as m,
  type AllowedFileExtension,
  type Refusal,
} from '@terres/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Viewer } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { documents, loads, matches } from '../db/schema.js';
import { asSystem } from '../db/scope.js';
import { cleanFileName } from '../files/names.js';
import type { StoredFile } from '../files/storage.js';
import { problem } from '../http/problem.js';
import { recordAudit } from './audit.js';
import { readableLoad, readableTransfer, toLoad, type LoadRow, type TransferRow } from './transfers.js';

function refuse(error: Refusal): never {
  const status = error.kind === 'NOT_FOUND' ? 404 : error.kind === 'FORBIDDEN' ? 403 : 409;
  throw problem(status, error.message, status === 409 ? { type: PROBLEM_TYPES.statusTransition } : {});
}

function sideOf(viewer: Pick<Viewer, 'role' | 'organizationId'>, transfer: Pick<TransferRow, 'cutOrganizationId' | 'fillOrganizationId'>) {
  if (viewer.role === 'ADMIN') return null;
  if (viewer.organizationId === transfer.cutOrganizationId) return 'CUT' as const;
  if (viewer.organizationId === transfer.fillOrganizationId) return 'FILL' as const;
  return null;
}

/** Who may attach a ticket: the correction's rule (CUT members, the load in transit, the transfer open). */
function uploadRefusal(viewer: Viewer, load: Pick<LoadRow, 'status'>, transfer: TransferRow): Refusal | null {
  return loadActionError(load.status, 'CORRECT', { role: viewer.role, side: sideOf(viewer, transfer) }, transfer.status);
}

/**
 * Checked before the body is read (a refused caller's file is never stored): 404 for a load the
 * viewer may not read, 403 for the FILL side and admins, 409 once received or closed.
 */
export async function assertTicketUploadAllowed(db: DbOrTx, viewer: Viewer, loadId: string): Promise<void> {
  const { load, transfer } = await readableLoad(db, viewer, loadId);
  const refusal = uploadRefusal(viewer, load, transfer);
  if (refusal) refuse(refusal);
}

/** The ticket's file as the load page shows it, or null. */
export interface LoadTicketFile {
  fileName: string;
  mimeType: string;
  size: number;
  uploadedAt: string;
}

/** The current ticket document of a load the viewer already read (the FILL side reads the CUT organisation's row by name). */
async function ticketDocument(db: DbOrTx, load: Pick<LoadRow, 'ticketDocumentId'>) {
  if (!load.ticketDocumentId) return undefined;
  const id = load.ticketDocumentId;
  const [row] = await asSystem('load-ticket', () =>
    db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), isNull(documents.deletedAt))),
  );
  return row;
}

export async function loadTicketFile(db: DbOrTx, load: Pick<LoadRow, 'ticketDocumentId'>): Promise<LoadTicketFile | null> {
  const row = await ticketDocument(db, load);
  return row ? { fileName: row.fileName, mimeType: row.mimeType, size: row.size, uploadedAt: row.createdAt.toISOString() } : null;
}

/** GET /loads/{id}: the load with its ticket file. */
export async function answerLoad(db: DbOrTx, viewer: Viewer, loadId: string) {
  const { load, transfer } = await readableLoad(db, viewer, loadId);
  return { ...toLoad(load, viewer, transfer), ticketFile: await loadTicketFile(db, load) };
}

/**
 * Records an already stored (and checked) ticket file on the load, under the locks, the rule
 * checked again. The former ticket's document stays (nothing is deleted); the audit line names both.
 */
export async function attachLoadTicket(db: DbOrTx, viewer: Viewer, loadId: string, upload: { fileName: string; stored: StoredFile }) {
  const { load: read } = await readableLoad(db, viewer, loadId);
  return db.transaction(async (tx) => {
    const transfer = await readableTransfer(tx, viewer, read.transferId, { lock: 'no key update' });
    const [load] = await tx.select().from(loads).where(eq(loads.id, read.id)).for('update');
    const refusal = uploadRefusal(viewer, load!, transfer);
    if (refusal) refuse(refusal);
    const [match] = await tx.select({ cutInquiryId: matches.cutInquiryId }).from(matches).where(eq(matches.id, transfer.matchId));
    const fileName = [...cleanFileName(upload.fileName)].slice(0, 255).join('');
    const [document] = await tx
      .insert(documents)
      .values({
        inquiryId: match!.cutInquiryId,
        organizationId: transfer.cutOrganizationId,
        uploadedByUserId: viewer.userId,
        kind: LOAD_TICKET_DOCUMENT_KIND,
        source: 'ADVERTISER',
        fileName,
        mimeType: FILE_TYPES[fileExtension(fileName) as AllowedFileExtension].mimeTypes[0]!,
        size: upload.stored.size,
        sha256: upload.stored.sha256,
        storageKey: upload.stored.storageKey,
      })
      .returning();
    const [row] = await tx
      .update(loads)
      .set({ ticketDocumentId: document!.id, updatedAt: new Date() })
      .where(eq(loads.id, load!.id))
      .returning();
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: 'load.ticket-attached',
      targetType: 'load',
      targetId: load!.id,
      details: { documentId: document!.id, replaced: load!.ticketDocumentId },
    });
    return {
      ...toLoad(row!, viewer, transfer),
      ticketFile: { fileName: document!.fileName, mimeType: document!.mimeType, size: document!.size, uploadedAt: document!.createdAt.toISOString() },
    };
  });
}

/** The ticket's document for a download by a party or an admin; 404 when the load has none. */
export async function readableTicket(db: DbOrTx, viewer: Viewer, loadId: string) {
  const { load } = await readableLoad(db, viewer, loadId);
  const row = await ticketDocument(db, load);
  if (!row) throw problem(404, m.loadTicketFileNotFound);
  return row;
}
