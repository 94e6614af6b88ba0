// The audit log: who did what to which record (admin actions, status changes, credit grants,
// archiving...). Append-only; written in the same transaction as the change it records, so a
// change never exists without its line (and a rolled-back change leaves none).
import type { DbOrTx } from '../db/index.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  /** Null for the system (webhooks, seeds). */
  actorUserId: string | null;
  /** Dotted verb, e.g. `organization.verified`, `inquiry.status_changed`, `credits.granted`. */
  action: string;
  targetType: 'organization' | 'user' | 'inquiry' | 'document' | 'purchase' | 'invoice' | (string & {});
  targetId: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? null,
  });
}


