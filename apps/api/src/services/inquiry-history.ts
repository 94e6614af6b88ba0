// A listing's dated history for the admins (issue 21, "The admins' day"): who submitted it, who
// validated or refused it and why, the credits debited, the documents uploaded, sent and removed,
// the matches proposed and what became of them. Read from the audit log (src/services/audit.ts),
// which every one of these changes writes in its own transaction: nothing here is stored twice.
// The listing's own lines are `target_type = 'inquiry'`; a match's lines name the match, so the
// listing's matches are looked up first (both sides of a pair see the same match lines).
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { auditLog, documents, inquiries, matches, users } from '../db/schema.js';
import { fullNameOf } from './users.js';

/** The newest events answered (a listing gathers a few dozen in its life). */
export const HISTORY_LIMIT = 200;

const KINDS = {
  'inquiry.submitted': 'SUBMITTED',
  'inquiry.status_changed': 'STATUS_CHANGED',
  'document.uploaded': 'DOCUMENT_UPLOADED',
  'document.sent': 'DOCUMENT_SENT',
  'document.deleted': 'DOCUMENT_DELETED',
  'match.proposed': 'MATCH_PROPOSED',
  'match.status_changed': 'MATCH_STATUS_CHANGED',
  'inquiry.contract_facts_updated': 'CONTRACT_FACTS_UPDATED',
} as const;

type AuditAction = keyof typeof KINDS;
export type InquiryHistoryKind = (typeof KINDS)[AuditAction];

const INQUIRY_ACTIONS = Object.keys(KINDS).filter((action) => !action.startsWith('match.'));
const MATCH_ACTIONS = Object.keys(KINDS).filter((action) => action.startsWith('match.'));

export interface InquiryHistoryEvent {
  id: string;
  at: string;
  kind: InquiryHistoryKind;
  actorName: string | null;
  actorRole: 'ADMIN' | 'OWNER' | 'EMPLOYEE' | null;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  credits: number | null;
  documentKind: string | null;
  fileName: string | null;
  matchId: string | null;
  otherInquiryId: string | null;
  otherProjectName: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null);
const ROLES = new Set(['ADMIN', 'OWNER', 'EMPLOYEE']);

/** The listing's events, newest first (the listing itself is checked by the caller). */
export async function inquiryHistory(db: DbOrTx, inquiryId: string): Promise<InquiryHistoryEvent[]> {
  const pairs = await db
    .select({ id: matches.id, cutInquiryId: matches.cutInquiryId, fillInquiryId: matches.fillInquiryId })
    .from(matches)
    .where(or(eq(matches.cutInquiryId, inquiryId), eq(matches.fillInquiryId, inquiryId)));
  const lines = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      actorRole: users.role,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      or(
        and(eq(auditLog.targetType, 'inquiry'), eq(auditLog.targetId, inquiryId), inArray(auditLog.action, INQUIRY_ACTIONS)),
        pairs.length
          ? and(eq(auditLog.targetType, 'match'), inArray(auditLog.targetId, pairs.map((pair) => pair.id)), inArray(auditLog.action, MATCH_ACTIONS))
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(HISTORY_LIMIT);

  // The documents' names (a removed one keeps its row) and the other listings' titles.
  const documentIds = [...new Set(lines.map((line) => text(line.details?.documentId)).filter((id): id is string => id !== null))];
  const files = documentIds.length
    ? await db.select({ id: documents.id, fileName: documents.fileName }).from(documents).where(inArray(documents.id, documentIds))
    : [];
  const fileNames = new Map(files.map((file) => [file.id, file.fileName]));
  const others = new Map(pairs.map((pair) => [pair.id, pair.cutInquiryId === inquiryId ? pair.fillInquiryId : pair.cutInquiryId]));
  const otherIds = [...new Set(others.values())];
  const titles = otherIds.length
    ? await db.select({ id: inquiries.id, projectName: inquiries.projectName }).from(inquiries).where(inArray(inquiries.id, otherIds))
    : [];
  const projectNames = new Map(titles.map((row) => [row.id, row.projectName]));

  return lines.map((line) => {
    const details = line.details ?? {};
    const kind = KINDS[line.action as AuditAction];
    const isMatch = kind === 'MATCH_PROPOSED' || kind === 'MATCH_STATUS_CHANGED';
    const matchId = isMatch ? line.targetId : null;
    const otherInquiryId = matchId ? (others.get(matchId) ?? null) : null;
    const documentId = text(details.documentId);
    const actorName = line.actorEmail === null ? null : (fullNameOf({ firstName: line.actorFirstName, lastName: line.actorLastName }) ?? line.actorEmail);
    return {
      id: line.id,
      at: line.createdAt.toISOString(),
      kind,
      actorName,
      actorRole: line.actorRole && ROLES.has(line.actorRole) ? (line.actorRole as InquiryHistoryEvent['actorRole']) : null,
      fromStatus: kind === 'MATCH_PROPOSED' ? null : text(details.from),
      toStatus: kind === 'MATCH_PROPOSED' ? 'PROPOSED' : text(details.to),
      reason: kind === 'STATUS_CHANGED' ? text(details.reason) : null,
      // Debited at validation; at submission, what the listing will cost.
      credits: kind === 'STATUS_CHANGED' ? integer(details.debited) : kind === 'SUBMITTED' ? integer(details.cost) : null,
      documentKind: text(details.kind),
      fileName: text(details.fileName) ?? (documentId ? (fileNames.get(documentId) ?? null) : null),
      matchId,
      otherInquiryId,
      otherProjectName: otherInquiryId ? (projectNames.get(otherInquiryId) ?? null) : null,
    };
  });
}
