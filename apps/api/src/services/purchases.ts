// Purchases of credit packs and their fulfilment, the one code path both payment providers use
// (the simulator's 'Payer' and Stripe's webhook): mark the purchase paid once, append the
// PURCHASE ledger line (reference `purchase:<id>`, unique), issue the invoice, all inside the
// caller's transaction, so either everything commits or nothing does.
import { messages } from '@terres/domain';
import { and, desc, eq, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.js';
import { creditLedger, invoices, organizations, purchases } from '../db/schema.js';
import { problem } from '../http/problem.js';
import type { CheckoutClaims } from '../payments/checkout-token.js';
import { recordAudit } from './audit.js';
import { appendLedgerLine } from './credits.js';
import { issueInvoice, type InvoiceRow, type Seller } from './invoices.js';
import { findOrganization } from './organizations.js';
import { amountsFromExclTax, findActivePack, type CreditPackRow, type PackAmounts } from './packages.js';

export type PurchaseRow = typeof purchases.$inferSelect;
type OrganizationRow = typeof organizations.$inferSelect;
export type PaymentProviderName = 'SIMULATOR' | 'STRIPE';

export function purchaseReference(purchaseId: string): string {
  return `purchase:${purchaseId}`;
}

export interface NewPurchase {
  organizationId: string;
  packageId: string;
  credits: number;
  /** What the buyer pays, VAT included, in euro cents. */
  amountCents: number;
  provider: PaymentProviderName;
  /** Simulator: the link's nonce (a link pays once). Stripe: the Checkout Session id. */
  providerSessionId?: string | null;
  id?: string;
}

export async function insertPurchase(tx: Tx, input: NewPurchase): Promise<PurchaseRow> {
  const [row] = await tx
    .insert(purchases)
    .values({ ...input, currency: 'eur', status: 'PENDING' })
    .returning();
  return row!;
}

/**
 * The organisation's newest Stripe purchase of this pack that may still be paid: PENDING with a
 * Checkout Session made less than `sessionSeconds` ago, or PENDING without one yet but made less
 * than `inFlightSeconds` ago (a parallel click still talking to Stripe). Call it under
 * `lockOrganization`, so that two clicks cannot both find none.
 */
export async function findOpenStripePurchase(
  tx: Tx,
  input: { organizationId: string; packageId: string; excluding: string[]; sessionSeconds: number; inFlightSeconds: number },
): Promise<PurchaseRow | undefined> {
  const youngerThan = (seconds: number) => sql`${purchases.createdAt} > now() - make_interval(secs => ${seconds})`;
  const [row] = await tx
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.organizationId, input.organizationId),
        eq(purchases.packageId, input.packageId),
        eq(purchases.provider, 'STRIPE'),
        eq(purchases.status, 'PENDING'),
        input.excluding.length > 0 ? notInArray(purchases.id, input.excluding) : undefined,
        or(
          and(isNotNull(purchases.providerSessionId), youngerThan(input.sessionSeconds)),
          and(isNull(purchases.providerSessionId), youngerThan(input.inFlightSeconds)),
        ),
      ),
    )
    .orderBy(desc(purchases.createdAt))
    .limit(1);
  return row;
}

/** Marks a purchase that can no longer be paid (its session expired, or was never made). */
export async function cancelPendingPurchase(db: Db | Tx, purchaseId: string, options: { onlyWithoutSession?: boolean } = {}): Promise<void> {
  await db
    .update(purchases)
    .set({ status: 'CANCELLED' })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'PENDING'), options.onlyWithoutSession ? isNull(purchases.providerSessionId) : undefined));
}

/**
 * The purchase of this provider session, created PENDING if there is none yet, and locked
 * (`for update`) until the transaction ends. Parallel callers on one session get one row.
 */
export async function lockPurchaseBySession(
  tx: Tx,
  input: NewPurchase & { providerSessionId: string },
): Promise<PurchaseRow> {
  await tx
    .insert(purchases)
    .values({ ...input, currency: 'eur', status: 'PENDING' })
    .onConflictDoNothing({ target: [purchases.provider, purchases.providerSessionId] });
  const [row] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, input.provider), eq(purchases.providerSessionId, input.providerSessionId)))
    .for('update');
  return row!;
}

export type FulfilResult =
  | { status: 'paid'; created: boolean; purchase: PurchaseRow; balanceAfter: number; invoice: InvoiceRow }
  | { status: 'organization_archived' | 'organization_missing' | 'purchase_missing' };

export interface FulfilInput {
  purchaseId: string;
  seller: Seller;
  /** The paying user when known (simulator: none, the link is the capability). */
  actorUserId?: string | null;
  paidAt?: Date;
}

/**
 * Locks the organisation row (`for update`) for the rest of the transaction. Take it BEFORE
 * inserting a purchase in the same transaction: the insert's foreign-key check holds a KEY SHARE
 * lock on the organisation, and two transactions each holding one would then deadlock on the
 * ledger's `for update`.
 */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
  return row;
}

/**
 * Fulfils a purchase inside `tx`: idempotent (a paid purchase answers `created: false` with the
 * balance right after its own ledger line). Locks, in this order everywhere: the organisation
 * row, the purchase row, the year's invoice counter.
 */
export async function fulfilPurchase(tx: Tx, input: FulfilInput): Promise<FulfilResult> {
  const [owner] = await tx.select({ organizationId: purchases.organizationId }).from(purchases).where(eq(purchases.id, input.purchaseId));
  if (!owner) return { status: 'purchase_missing' };
  const organization = await lockOrganization(tx, owner.organizationId);
  const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, input.purchaseId)).for('update');
  if (!purchase) return { status: 'purchase_missing' };

  if (purchase.status === 'PAID') {
    const [line] = await tx.select().from(creditLedger).where(eq(creditLedger.reference, purchaseReference(purchase.id)));
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.purchaseId, purchase.id));
    if (!line || !invoice) throw new Error(`paid purchase ${purchase.id} has no ledger line or invoice`);
    return { status: 'paid', created: false, purchase, balanceAfter: line.balanceAfter, invoice };
  }

  if (!organization) return { status: 'organization_missing' };
  if (organization.archivedAt) return { status: 'organization_archived' };

  const paidAt = input.paidAt ?? new Date();
  const [paid] = await tx
    .update(purchases)
    .set({ status: 'PAID', paidAt })
    .where(eq(purchases.id, purchase.id))
    .returning();
  const ledger = await appendLedgerLine(tx, {
    organizationId: purchase.organizationId,
    kind: 'PURCHASE',
    amount: purchase.credits,
    reference: purchaseReference(purchase.id),
    actorUserId: input.actorUserId ?? null,
  });
  const invoice = await issueInvoice(tx, { purchase: paid!, organization, seller: input.seller, issuedAt: paidAt });
  await recordAudit(tx, {
    actorUserId: input.actorUserId ?? null,
    action: 'credits.purchased',
    targetType: 'purchase',
    targetId: purchase.id,
    details: {
      organizationId: purchase.organizationId,
      credits: purchase.credits,
      amountCents: purchase.amountCents,
      provider: purchase.provider,
      invoiceNumber: invoice.number,
    },
  });
  return { status: 'paid', created: true, purchase: paid!, balanceAfter: ledger.balance, invoice };
}

/** What a pack's signed link leads to: the pack, its amounts and the buying organisation. */
export interface Checkout {
  claims: CheckoutClaims;
  pack: CreditPackRow;
  amounts: PackAmounts;
  organization: OrganizationRow;
}

/** The link's pack and organisation, or a 400 (pack withdrawn, organisation unknown or archived). */
export async function readCheckout(db: Db, claims: CheckoutClaims): Promise<Checkout> {
  const pack = await findActivePack(db, claims.packageId);
  const organization = await findOrganization(db, claims.organizationId);
  if (!pack || !organization) throw problem(400, messages.invalidPaymentLink);
  if (organization.archivedAt) throw problem(400, messages.archivedOrganizationPayment);
  return { claims, pack, amounts: amountsFromExclTax(pack.priceCents), organization };
}

/** Whether the simulator already paid this link (a link pays once). */
export async function simulatorLinkPaid(db: Db, claims: CheckoutClaims): Promise<boolean> {
  const [paid] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.provider, 'SIMULATOR'), eq(purchases.providerSessionId, claims.nonce), eq(purchases.status, 'PAID')));
  return paid !== undefined;
}

/**
 * The simulator's 'Payer': the purchase keyed by the link's nonce, fulfilled by the same code as
 * Stripe's (organisation row, then purchase row). A 400 when it cannot be paid (archived since).
 */
export async function payWithSimulator(db: Db, checkout: Pick<Checkout, 'claims' | 'pack' | 'amounts'>, seller: Seller) {
  const { claims, pack, amounts } = checkout;
  const result = await db.transaction(async (tx) => {
    await lockOrganization(tx, claims.organizationId);
    const purchase = await lockPurchaseBySession(tx, {
      organizationId: claims.organizationId,
      packageId: pack.id,
      credits: pack.credits,
      amountCents: amounts.inclTaxCents,
      provider: 'SIMULATOR',
      providerSessionId: claims.nonce,
    });
    return fulfilPurchase(tx, { purchaseId: purchase.id, seller });
  });
  if (result.status !== 'paid') throw problem(400, messages.archivedOrganizationPayment);
  return result;
}
