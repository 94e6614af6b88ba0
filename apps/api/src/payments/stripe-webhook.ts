// What a verified Stripe event does (CONTRACT §9). Everything happens in ONE transaction that
// starts by recording the event id: a redelivery waits on that row and then sees it, so an
// event counts once; the purchase row lock and the ledger's unique reference make a session
// count once whatever the event (completed, async_payment_succeeded) and the order. Events
// that must not credit (unpaid, not in euros, unknown or archived organisation, amounts that
// disagree with the purchase) are recorded and acknowledged: redelivering them changes nothing.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/index.js';
import { creditPackages, purchases, stripeEvents } from '../db/schema.js';
import type { Seller } from '../services/invoices.js';
import { isUuid } from '../http/ids.js';
import { findInputFault } from '../http/text-guard.js';
import { amountsFromExclTax } from '../services/packages.js';
import { fulfilPurchase, lockOrganization, lockPurchaseBySession, type PurchaseRow } from '../services/purchases.js';
import type { CheckoutSession, StripeEvent } from './stripe.js';

export const CREDITING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export type WebhookOutcome =
  | 'credited'
  | 'already_credited'
  | 'duplicate_event'
  | 'ignored_event_type'
  | 'not_paid'
  | 'not_eur'
  | 'bad_metadata'
  | 'unknown_organization'
  | 'archived_organization'
  | 'mismatch';

function positiveInteger(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** The purchase this session pays, locked; created from the session's metadata if unknown. */
async function purchaseOf(tx: Tx, session: CheckoutSession, organizationId: string, credits: number, packageId: string): Promise<PurchaseRow | null> {
  const [bySession] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, 'STRIPE'), eq(purchases.providerSessionId, session.id)))
    .for('update');
  if (bySession) return bySession;

  // The checkout redirect may have failed between Stripe's answer and our update of the row.
  const purchaseId = session.metadata?.purchase_id;
  if (typeof purchaseId === 'string' && isUuid(purchaseId)) {
    const [byId] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.provider, 'STRIPE'), or(isNull(purchases.providerSessionId), eq(purchases.providerSessionId, session.id))))
      .for('update');
    if (byId) {
      if (byId.providerSessionId === null) {
        await tx.update(purchases).set({ providerSessionId: session.id }).where(eq(purchases.id, byId.id));
      }
      return { ...byId, providerSessionId: session.id };
    }
  }

  // No row of ours (e.g. lost): the metadata were set by this server, so they are trusted.
  if (!isUuid(packageId)) return null;
  const [pack] = await tx.select().from(creditPackages).where(eq(creditPackages.id, packageId));
  // Still, it must be that pack at that pack's price.
  if (!pack || pack.credits !== credits || typeof session.amount_total !== 'number' || session.amount_total !== amountsFromExclTax(pack.priceCents).inclTaxCents) return null;
  return lockPurchaseBySession(tx, {
    organizationId,
    packageId,
    credits,
    amountCents: session.amount_total ?? 0,
    provider: 'STRIPE',
    providerSessionId: session.id,
  });
}

/** An event we can record: string `id` and `type` of a sane length, no U+0000 anywhere. */
export function isStorableEvent(event: unknown): event is StripeEvent {
  if (typeof event !== 'object' || event === null) return false;
  const { id, type } = event as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) return false;
  if (typeof type !== 'string' || type.length === 0 || type.length > 255) return false;
  return findInputFault(event) === null;
}

export async function handleStripeEvent(db: Db, event: StripeEvent, seller: Seller, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing({ target: stripeEvents.eventId })
      .returning({ eventId: stripeEvents.eventId });
    if (recorded.length === 0) return 'duplicate_event';
    if (!CREDITING_EVENTS.has(event.type)) return 'ignored_event_type';

    const session = event.data?.object as CheckoutSession | undefined;
    if (!session || typeof session !== 'object' || typeof session.id !== 'string') return 'bad_metadata';
    if (session.payment_status !== 'paid') return 'not_paid';
    if (typeof session.currency !== 'string' || session.currency.toLowerCase() !== 'eur') return 'not_eur';
    // Read as untrusted JSON (a signed body may still carry any shape): strings or nothing.
    const metadata = typeof session.metadata === 'object' && session.metadata !== null ? session.metadata : {};
    const organizationId = typeof session.client_reference_id === 'string' ? session.client_reference_id : '';
    const credits = positiveInteger(typeof metadata.credits === 'string' ? metadata.credits : undefined);
    const packageId = typeof metadata.package_id === 'string' ? metadata.package_id : '';
    if (!isUuid(organizationId) || credits === null || !packageId) return 'bad_metadata';

    // Locked before any purchase insert (see lockOrganization).
    const organization = await lockOrganization(tx, organizationId);
    if (!organization) return 'unknown_organization';
    if (organization.archivedAt) return 'archived_organization';

    const purchase = await purchaseOf(tx, session, organizationId, credits, packageId);
    if (!purchase) return 'bad_metadata';
    if (
      purchase.organizationId !== organizationId ||
      purchase.credits !== credits ||
      purchase.packageId !== packageId ||
      session.amount_total !== purchase.amountCents
    ) {
      log.warn({ eventId: event.id, sessionId: session.id, purchaseId: purchase.id }, 'stripe session disagrees with its purchase: not credited');
      return 'mismatch';
    }

    const result = await fulfilPurchase(tx, { purchaseId: purchase.id, seller, paidAt: new Date() });
    if (result.status === 'organization_archived') return 'archived_organization';
    if (result.status !== 'paid') return 'unknown_organization';
    return result.created ? 'credited' : 'already_credited';
  });
}
