// Demo data's files (DEMO_DATA=1): a document stored exactly as an upload would be (same
// storage, same content rule, same row), attributed to the listing's author.
import { Readable } from 'node:stream';
import { fileContentMatchesExtension, type DocumentKind } from '@terres/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { inquiries } from '../db/schema.js';
import { insertDocument, type DocumentRow } from '../services/documents.js';
import type { FileStorage } from './storage.js';

export interface DemoDocument {
  inquiryId: string;
  kind: DocumentKind;
  /** The name shown and sent back on download, e.g. 'etude-de-sol-G2-AVP.pdf'. */
  name: string;
  bytes: Uint8Array;
}

/**
 * Stores `bytes` in `storage` (local disk or the S3 bucket) and inserts its `documents` row through `db` (the seed's
 * transaction, or the database; if that rolls back, the file stays behind unreferenced). Throws when the
 * name and bytes break the upload rule, so demo files are files the API itself would accept.
 */
export async function storeDemoDocument(db: DbOrTx, storage: FileStorage, document: DemoDocument): Promise<DocumentRow> {
  if (!fileContentMatchesExtension(document.name, document.bytes)) {
    throw new Error(`demo document ${document.name}: its bytes do not match its extension`);
  }
  const [inquiry] = await db
    .select({ id: inquiries.id, organizationId: inquiries.organizationId, userId: inquiries.userId })
    .from(inquiries)
    .where(eq(inquiries.id, document.inquiryId));
  if (!inquiry) throw new Error(`demo document ${document.name}: no listing ${document.inquiryId}`);
  const stored = await storage.save(Readable.from([Buffer.from(document.bytes)]));
  return db.transaction((tx) =>
    insertDocument(tx, {
      inquiry,
      uploadedByUserId: inquiry.userId,
      kind: document.kind,
      fileName: document.name,
      stored,
      actorUserId: null,
    }),
  );
}
