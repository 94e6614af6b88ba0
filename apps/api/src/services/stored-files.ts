// Stored files' lifecycle and the organisations' storage quota (issue 20: 20 uploads of 5 MiB, each
// deleted at once, left 100 MiB on disk and nothing listed).
//
// A file is referenced by exactly one `documents` row (its `storage_key`, unique), and that row by
// loads (`loads.ticket_document_id`); listings, soil studies, generated documents and transfers
// read documents through their rows, never a deleted one. So a file may go once its document is
// deleted and no load names it: `releaseDocumentFile` then sets `file_released_at` and queues the
// key in `file_removals`, in the deletion's transaction. After the commit the request removes the
// file (`removeQueuedFiles`); a crash or a storage outage in between leaves the queue line, which
// the sweep (`sweepFileRemovals`, every few minutes) finishes. No file is ever removed while an
// unreleased document names it (checked under the queue line's lock), and a load cannot name a
// released document (trigger `loads_ticket_document_kept`, migration 0022).
//
// Uploads go the other way round: `reserveStorageKey` queues the key (due in an hour) BEFORE the
// file is stored, and the upload's transaction takes the line back (`claimStorageKey`) when it
// records the document. A crash between storage and database leaves at worst an orphan file whose
// line the sweep finds; a sweep that got there first (an upload stalled for an hour) makes the
// claim fail (503), so a document never names a removed file.
//
// Quota: an organisation's own uploads (source ADVERTISER) whose file is kept count against
// `STORAGE_QUOTA_MB`; platform documents (sendings, generated letters and contracts) are the
// platform's and never refused. `assertStorageRoom` runs in the upload's transaction under a
// per-organisation advisory lock, so parallel uploads are counted one after the other: never over.
//
// Locks: the listing's row (recordUpload, removeDocument), then the organisation's storage
// advisory lock (uploads only), then the document's row; a queue line is locked alone (SKIP LOCKED).
import { messages, PROBLEM_TYPES, storageQuotaMessage } from '@terres/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/index.js';
import { asSystem } from '../db/scope.js';
import type { FileStorage } from '../files/storage.js';
import { problem } from '../http/problem.js';

/** A reserved key not claimed after this long belonged to an upload that will never be recorded. */
export const RESERVATION_MS = 60 * 60_000;

export interface StorageUse {
  usedBytes: number;
  quotaBytes: number;
  documentCount: number;
}

/** What the organisation's own uploads take in storage (files kept), and its quota. */
export async function storageUse(db: DbOrTx, organizationId: string, quotaBytes: number): Promise<StorageUse> {
  const result = await db.execute<{ used: string | number; count: string | number }>(sql`
    select coalesce(sum(size), 0) as "used", count(*) as "count" from documents
    where organization_id = ${organizationId} and file_released_at is null and source = 'ADVERTISER'`);
  const row = result.rows[0];
  return { usedBytes: Number(row?.used ?? 0), quotaBytes, documentCount: Number(row?.count ?? 0) };
}

/**
 * 413 (`storage-quota`) when `addedBytes` more would take the organisation past its quota. Inside
 * the upload's transaction: the organisation's advisory lock makes parallel uploads count one
 * after the other (the next one's sum, a new statement, sees the previous one's committed row).
 */
export async function assertStorageRoom(tx: Tx, organizationId: string, addedBytes: number, quotaBytes: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storage-quota'), hashtext(${organizationId}))`);
  const use = await storageUse(tx, organizationId, quotaBytes);
  if (use.usedBytes + addedBytes > quotaBytes) {
    throw problem(413, storageQuotaMessage(use.usedBytes, quotaBytes), { type: PROBLEM_TYPES.storageQuota });
  }
}

/** The same check without the lock, before an upload is read: an organisation already full is refused at once. */
export async function assertStorageNotFull(db: DbOrTx, organizationId: string, quotaBytes: number): Promise<void> {
  const use = await storageUse(db, organizationId, quotaBytes);
  if (use.usedBytes >= quotaBytes) throw problem(413, storageQuotaMessage(use.usedBytes, quotaBytes), { type: PROBLEM_TYPES.storageQuota });
}

/** A key for a file about to be stored, queued for removal in an hour unless its document claims it. */
export async function reserveStorageKey(db: DbOrTx): Promise<string> {
  const key = randomUUID();
  await db.execute(sql`insert into file_removals (storage_key, due_at) values (${key}, now() + ${`${RESERVATION_MS} milliseconds`}::interval)`);
  return key;
}

/** In the transaction that records the document: the key's reservation is taken back (503 if the sweep removed its file). */
export async function claimStorageKey(tx: Tx, key: string): Promise<void> {
  const claimed = await tx.execute(sql`delete from file_removals where storage_key = ${key} returning storage_key`);
  if (claimed.rows.length === 0) throw problem(503, messages.storageUnavailable, { headers: { 'retry-after': '5' } });
}

/** After an upload that was not recorded had its file removed: its reservation has nothing left to do. */
export async function dropReservation(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from file_removals where storage_key = ${key}`);
}

/**
 * In the deletion's transaction (the document's row already locked and marked deleted): releases
 * its file unless a load's ticket names it. Returns the key to remove after the commit, or null.
 */
export async function releaseDocumentFile(tx: Tx, document: { id: string; storageKey: string }): Promise<string | null> {
  const released = await tx.execute<{ storage_key: string }>(sql`
    update documents set file_released_at = now()
    where id = ${document.id} and deleted_at is not null and file_released_at is null
      and not exists (select 1 from loads where ticket_document_id = ${document.id})
    returning storage_key`);
  if (released.rows.length === 0) return null;
  await tx.execute(sql`insert into file_removals (storage_key) values (${document.storageKey}) on conflict (storage_key) do update set due_at = now()`);
  return document.storageKey;
}

export interface RemovalLog {
  error(object: object, message: string): void;
}

/**
 * Removes the due files of `keys` from storage, each under its queue line's lock, then drops the
 * line. A file an unreleased document still names is never removed (its line is dropped). A
 * failure leaves the line for the next sweep. Returns how many files went.
 */
export async function removeQueuedFiles(db: DbOrTx, storage: FileStorage, keys: readonly string[], log?: RemovalLog): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    try {
      const gone = await asSystem('file-sweep', () =>
        db.transaction(async (tx) => {
          const line = await tx.execute(sql`
            select storage_key from file_removals where storage_key = ${key} and due_at <= now() for update skip locked`);
          if (line.rows.length === 0) return false;
          const named = await tx.execute(sql`select 1 from documents where storage_key = ${key} and file_released_at is null limit 1`);
          if (named.rows.length === 0) await storage.remove(key);
          await tx.execute(sql`delete from file_removals where storage_key = ${key}`);
          return named.rows.length === 0;
        }),
      );
      if (gone) removed += 1;
    } catch (error) {
      log?.error({ err: error, storageKey: key }, 'stored file not removed (the sweep will try again)');
      await asSystem('file-sweep', () => db.execute(sql`update file_removals set attempts = attempts + 1 where storage_key = ${key}`)).catch(() => undefined);
    }
  }
  return removed;
}

/** Removes every due file of the queue (oldest first, `limit` at most); answers how many went. */
export async function sweepFileRemovals(db: DbOrTx, storage: FileStorage, options: { limit?: number; log?: RemovalLog } = {}): Promise<number> {
  const due = await asSystem('file-sweep', () =>
    db.execute<{ storage_key: string }>(sql`
      select storage_key from file_removals where due_at <= now() order by attempts, due_at limit ${options.limit ?? 500}`),
  );
  return removeQueuedFiles(
    db,
    storage,
    due.rows.map((row) => row.storage_key),
    options.log,
  );
}
