// Buying credits as a browser does: read the packs, follow a pack's link, post the pay page's
// form (simulator or Stripe); and reading the outcome in the database (balance, ledger, invoices) and in a PDF.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditLedger, invoices, organizations } from '../../src/db/schema.js';
import { expectResponseMatches } from './openapi.js';
import { httpRequest, type ApiResponse, type TestApi } from './session.js';

export interface PackWithLink {
  id: string;
  credits: number;
  price: number;
  priceExcludingTax: number;
  vatRate: number;
  recommended: boolean;
  link: string;
}

/** GET /credits/packages as this owner (checked against openapi.yaml). */
export async function packsOf(api: TestApi, token: string): Promise<PackWithLink[]> {
  const res = await api.request<PackWithLink[]>('GET', '/credits/packages', { token });
  expect(res.status).toBe(200);
  expectResponseMatches('GET', '/credits/packages', 200, res.body);
  return res.body;
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The simulator form post, as the pay page's buttons send it. */
export function postSimulatorForm(api: TestApi, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return httpRequest(`${api.url}/api/v1/payments/simulator/checkout`, 'POST', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The Stripe pay page's form post ('Payer par carte' is `action: 'pay'`). */
export function postStripeForm(api: TestApi, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return httpRequest(`${api.url}/api/v1/payments/stripe/checkout`, 'POST', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export async function balanceOf(api: TestApi, organizationId: string): Promise<number> {
  const [row] = await api.database.db
    .select({ creditBalance: organizations.creditBalance })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!.creditBalance;
}

/** Sum of the organisation's ledger lines, and how many PURCHASE lines it has. */
export async function ledgerOf(api: TestApi, organizationId: string): Promise<{ sum: number; purchases: number }> {
  const { rows } = await api.database.db.execute<{ sum: string | null; purchases: string }>(
    sql`select coalesce(sum(${creditLedger.amount}), 0) as sum, count(*) filter (where ${creditLedger.kind} = 'PURCHASE') as purchases
        from ${creditLedger} where ${creditLedger.organizationId} = ${organizationId}`,
  );
  return { sum: Number(rows[0]!.sum), purchases: Number(rows[0]!.purchases) };
}

export function invoicesOf(api: TestApi, organizationId: string) {
  return api.database.db.select().from(invoices).where(eq(invoices.organizationId, organizationId));
}

/** Pays a pack through the simulator; answers the redirect's Location. */
export async function payWithSimulator(api: TestApi, link: string): Promise<string> {
  const res = await postSimulatorForm(api, { token: tokenOf(link), action: 'pay' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** GET a binary body (PDFs). */
export async function fetchBytes(url: string, token?: string): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

