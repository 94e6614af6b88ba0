// Invoices: one per paid purchase, numbered FA-YYYY-NNNNNN without gaps per calendar year
// (Europe/Paris). The number comes from `invoice_counters`, incremented by an upsert that holds
// the year's row lock until the purchase's transaction ends: a rolled-back purchase gives its
// number back, parallel purchases queue on the row, so the sequence never has a hole.
import { messages } from '@terres/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ListCount, Paging } from '../http/list-query.js';
import type { Db, DbOrTx, Tx } from '../db/index.js';
import { problem } from '../http/problem.js';
import { invoiceCounters, invoices, purchases, type organizations } from '../db/schema.js';
import { VAT_RATE_BASIS_POINTS } from './packages.js';
import { isUuid } from '../http/ids.js';

export type InvoiceRow = typeof invoices.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;
type OrganizationRow = typeof organizations.$inferSelect;

/** The seller printed on invoices (`config.seller`). */
export interface Seller {
  name: string;
  address: string;
  siret: string;
  vatNumber: string;
}

/** Frozen copy of the buyer at issue time (an organisation may move or rename later). */
export interface Buyer {
  name: string;
  legalForm: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  siret: string;
}

const yearFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' });

/** The invoice year: the calendar year in France at `date`. */
export function invoiceYear(date: Date): number {
  return Number(yearFormat.format(date));
}

export function invoiceNumber(year: number, sequence: number): string {
  return `FA-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The downloaded PDF's file name (here, not beside the renderer: routes never load pdfkit). */
export function invoiceFileName(invoice: Pick<InvoiceRow, 'number'>): string {
  return `facture-${invoice.number}.pdf`;
}

/**
 * HT and TVA from the amount paid (TTC), at 20 %: HT = TTC / 1.2 rounded to the cent, TVA the
 * rest, so HT + TVA always equals what was paid.
 */
export function splitInclTax(inclTaxCents: number, vatBasisPoints = VAT_RATE_BASIS_POINTS): { exclTaxCents: number; vatCents: number } {
  const exclTaxCents = Math.round((inclTaxCents * 10_000) / (10_000 + vatBasisPoints));
  return { exclTaxCents, vatCents: inclTaxCents - exclTaxCents };
}

async function nextSequence(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` } })
    .returning({ lastSequence: invoiceCounters.lastSequence });
  return row!.lastSequence;
}

/** Issues the purchase's invoice inside the caller's transaction (once: the purchase is unique). */
export async function issueInvoice(
  tx: Tx,
  input: { purchase: PurchaseRow; organization: OrganizationRow; seller: Seller; issuedAt: Date },
): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.purchaseId, input.purchase.id));
  if (existing) return existing;
  const year = invoiceYear(input.issuedAt);
  const sequence = await nextSequence(tx, year);
  const { exclTaxCents, vatCents } = splitInclTax(input.purchase.amountCents);
  const { organization: org } = input;
  const buyer: Buyer = {
    name: org.name,
    legalForm: org.legalForm,
    street: org.street,
    postcode: org.postcode,
    city: org.city,
    country: org.country,
    siret: org.registrationNumber,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber(year, sequence),
      year,
      sequence,
      organizationId: org.id,
      purchaseId: input.purchase.id,
      seller: { ...input.seller },
      buyer: { ...buyer },
      credits: input.purchase.credits,
      amountExclTaxCents: exclTaxCents,
      vatRateBasisPoints: VAT_RATE_BASIS_POINTS,
      vatCents,
      totalCents: input.purchase.amountCents,
      issuedAt: input.issuedAt,
    })
    .returning();
  return row!;
}

/** One page, newest first, and the count; `organizationId` null: every organisation's (admins).
 * The page and the count are read at once on two pooled connections: a `Db`, never a
 * transaction's handle (one connection runs one statement at a time).
 */
export async function listInvoices(db: Db, organizationId: string | null, paging: Paging): Promise<{ rows: InvoiceRow[]; count: ListCount }> {
  const where = organizationId === null ? undefined : eq(invoices.organizationId, organizationId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.year), desc(invoices.sequence), desc(invoices.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { rows, count: { total: counted?.total ?? 0, capped: false } };
}

/** The invoice if it exists and, unless `organizationId` is null (admins), belongs to it. */
/** Whose invoices a viewer reads: null for admins (every organisation), else their own. */
export type InvoiceScope = string | null;

/**
 * An invoice the viewer may read, with the day its purchase was paid (what its PDF prints);
 * another organisation's, or an unknown id, is a 404.
 */
export async function readableInvoice(db: DbOrTx, id: string, organizationId: InvoiceScope): Promise<{ invoice: InvoiceRow; paidAt: Date }> {
  const invoice = await findInvoice(db, id, organizationId);
  if (!invoice) throw problem(404, messages.invoiceNotFound);
  const [purchase] = await db.select({ paidAt: purchases.paidAt }).from(purchases).where(eq(purchases.id, invoice.purchaseId));
  return { invoice, paidAt: purchase?.paidAt ?? invoice.issuedAt };
}

export async function findInvoice(db: DbOrTx, id: string, organizationId: string | null): Promise<InvoiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(organizationId === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));
  return row;
}

/** The wire shape (openapi `Invoice`): euros, VAT rate as a fraction. */
export function toInvoice(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    amountExclTax: row.amountExclTaxCents / 100,
    vatRate: row.vatRateBasisPoints / 10_000,
    vatAmount: row.vatCents / 100,
    amountInclTax: row.totalCents / 100,
    credits: row.credits,
    organizationId: row.organizationId,
  };
}
