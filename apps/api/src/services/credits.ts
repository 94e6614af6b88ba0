// The credit ledger (CONTRACT §8): append-only lines (purchase, admin grant, listing
// validation), each with a unique reference so a retried request never counts twice. The
// organisation's `credit_balance` caches the sum of its lines: it changes only here, in the
// same transaction as the line, under a row lock on the organisation, and a CHECK keeps it >= 0.
import { messages, PROBLEM_TYPES, type CreditTransactionKind } from '@terres/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ListCount, Paging } from '../http/list-query.js';
import type { Db, DbOrTx, Tx } from '../db/index.js';
import { creditLedger, inquiries, invoices, organizations, users } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { fullNameOf } from './users.js';

export interface LedgerLineInput {
  organizationId: string;
  kind: CreditTransactionKind;
  /** Signed, non-zero integer: credits added (> 0) or debited (< 0). */
  amount: number;
  /**
   * Unique across the ledger and stable across retries of the same operation, e.g.
   * `purchase:<purchaseId>`, `inquiry-validation:<inquiryId>`, `admin-grant:<requestKey>`.
   */
  reference: string;
  inquiryId?: string | null;
  actorUserId?: string | null;
  /** The admin's reason for an ADMIN_GRANT (issue 21). */
  reason?: string | null;
}

export type LedgerLine = typeof creditLedger.$inferSelect;

export interface LedgerResult {
  line: LedgerLine;
  /** The organisation's balance after this line (or after the earlier line of the same reference). */
  balance: number;
  /** False when a line with this reference already existed: nothing was added. */
  created: boolean;
}

/**
 * Appends one line and moves the balance, inside the caller's transaction (so the line commits
 * or rolls back with the change it pays for). Locks the organisation row first: concurrent
 * callers on one organisation run one after the other and each sees the others' lines.
 * Throws a 409 problem `Solde de crédits insuffisant.` when a debit would go below 0, a 404
 * when the organisation does not exist.
 */
export async function appendLedgerLine(tx: Tx, input: LedgerLineInput): Promise<LedgerResult> {
  if (!Number.isInteger(input.amount) || input.amount === 0) {
    throw new Error(`ledger amount must be a non-zero integer, got ${input.amount}`);
  }
  const [organization] = await tx
    .select({ id: organizations.id, creditBalance: organizations.creditBalance })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
    .for('update');
  if (!organization) throw problem(404, messages.organizationNotFound);

  const [existing] = await tx.select().from(creditLedger).where(eq(creditLedger.reference, input.reference));
  if (existing) {
    if (existing.organizationId !== input.organizationId) {
      throw new Error(`ledger reference ${input.reference} belongs to another organisation`);
    }
    return { line: existing, balance: organization.creditBalance, created: false };
  }

  const balance = organization.creditBalance + input.amount;
  if (balance < 0) throw problem(409, messages.insufficientBalance, { type: PROBLEM_TYPES.insufficientBalance });

  const [line] = await tx
    .insert(creditLedger)
    .values({
      organizationId: input.organizationId,
      kind: input.kind,
      amount: input.amount,
      balanceAfter: balance,
      reference: input.reference,
      // The statement's order: now() is the transaction's start, the same for every line of
      // one transaction; clock_timestamp() keeps lines written together in their real order.
      createdAt: sql`clock_timestamp()`,
      inquiryId: input.inquiryId ?? null,
      actorUserId: input.actorUserId ?? null,
      reason: input.reason ?? null,
    })
    .returning();
  await tx
    .update(organizations)
    .set({ creditBalance: balance, updatedAt: new Date() })
    .where(eq(organizations.id, input.organizationId));
  return { line: line!, balance, created: true };
}

/**
 * A ledger line with what its reference stands for, for people (issue 21: the console showed
 * the raw key): a purchase's invoice number, a validation's listing title; and `grantedBy`, the
 * admin who granted, for admins only (issue 21): the organisation sees the reason, not the name.
 */
export type LedgerRow = LedgerLine & { invoiceNumber: string | null; inquiryProjectName: string | null; grantedBy?: string | null };

/** A ledger line as GET /organizations/{id}/credit-transactions answers it. */
export function toCreditTransaction(line: LedgerRow) {
  return {
    id: line.id,
    organizationId: line.organizationId,
    kind: line.kind,
    amount: line.amount,
    balanceAfter: line.balanceAfter,
    reference: line.reference,
    inquiryId: line.inquiryId,
    invoiceNumber: line.invoiceNumber,
    inquiryProjectName: line.inquiryProjectName,
    reason: line.reason,
    grantedBy: line.grantedBy ?? null,
    createdAt: line.createdAt.toISOString(),
  };
}

/** The admins' names (else e-mail) on the grants among `lines`: what the console's ledger shows. */
export async function withGrantors<T extends LedgerLine>(db: DbOrTx, lines: T[]): Promise<Array<T & { grantedBy: string | null }>> {
  const ids = [...new Set(lines.filter((line) => line.kind === 'ADMIN_GRANT' && line.actorUserId).map((line) => line.actorUserId!))];
  const actors = ids.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, ids));
  const names = new Map(actors.map((actor) => [actor.id, fullNameOf(actor) ?? actor.email]));
  return lines.map((line) => ({ ...line, grantedBy: line.kind === 'ADMIN_GRANT' && line.actorUserId ? (names.get(line.actorUserId) ?? null) : null }));
}

/** The organisation's lines, newest first. */
export function listLedgerLines(db: DbOrTx, organizationId: string): Promise<LedgerLine[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.organizationId, organizationId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id));
}

/** One page of the organisation's lines, newest first, and their count (GET .../credit-transactions).
 * The page and the count are read at once on two pooled connections: a `Db`, never a
 * transaction's handle (one connection runs one statement at a time).
 */
export async function ledgerPage(db: Db, organizationId: string, paging: Paging): Promise<{ rows: LedgerRow[]; count: ListCount }> {
  const where = eq(creditLedger.organizationId, organizationId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ line: creditLedger, invoiceNumber: invoices.number, inquiryProjectName: inquiries.projectName })
      .from(creditLedger)
      // A purchase's line is `purchase:<purchaseId>` (purchases.ts), its invoice that purchase's.
      .leftJoin(
        invoices,
        and(eq(invoices.organizationId, creditLedger.organizationId), sql`${creditLedger.reference} = 'purchase:' || ${invoices.purchaseId}::text`),
      )
      .leftJoin(inquiries, and(eq(inquiries.id, creditLedger.inquiryId), eq(inquiries.organizationId, creditLedger.organizationId)))
      .where(where)
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
    db.select({ total: count() }).from(creditLedger).where(where),
  ]);
  return {
    rows: rows.map(({ line, invoiceNumber, inquiryProjectName }) => ({ ...line, invoiceNumber, inquiryProjectName })),
    count: { total: counted?.total ?? 0, capped: false },
  };
}
