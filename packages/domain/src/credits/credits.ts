import * as v from 'valibot';
import { formObject } from '../validators/object';
import { CREDITS_TOP_UP_MAX, CREDITS_TOP_UP_MIN } from '../constants';
import { requiredText } from '../validators/text';
import { paymentMessages } from '../messages/payments';

/** Admin credits dialog: an integer from 1 to 999 (spec §5). */
export const creditsAmountSchema = v.pipe(
  v.number(paymentMessages.creditsAmount),
  v.integer(paymentMessages.creditsAmount),
  v.minValue(CREDITS_TOP_UP_MIN, paymentMessages.creditsAmount),
  v.maxValue(CREDITS_TOP_UP_MAX, paymentMessages.creditsAmount),
);

/** Why the admin grants credits (issue 21): required, on one line, shown in both ledgers. */
export const creditsGrantReasonSchema = requiredText(undefined, paymentMessages.creditsGrantReason);

/** Body of POST /organizations/{id}/credits. */
export const addCreditsSchema = formObject({ credits: creditsAmountSchema, reason: creditsGrantReasonSchema });

/** The dialog's input ('12', 12) as an amount, or null when outside 1..999 or not an integer. */
export function parseCreditsAmount(input: unknown): number | null {
  const value = typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number(input) : input;
  const result = v.safeParse(creditsAmountSchema, value);
  return result.success ? result.output : null;
}

/** A balance as the header shows it: anything that is not a finite number counts as 0 (spec §4). */
export function toCreditBalance(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function hasEnoughCredits(balance: unknown, cost: number | null): boolean {
  return cost !== null && toCreditBalance(balance) >= cost;
}

/**
 * The browser event that tells a page an organisation's balance changed (spec §4): its detail
 * carries `organisationId` and `creditBalance`.
 */
export const ORGANIZATION_CREDITS_UPDATED_EVENT = 'organizationCreditsUpdated';

export interface OrganizationCreditsUpdatedDetail {
  organisationId: string;
  creditBalance: number;
}

/** The event's detail when it names an organisation; its balance read as the header reads it (a non-number is 0). */
export function readCreditsUpdatedDetail(detail: unknown): OrganizationCreditsUpdatedDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { organisationId, creditBalance } = detail as Record<string, unknown>;
  if (typeof organisationId !== 'string' || organisationId === '') return null;
  return { organisationId, creditBalance: toCreditBalance(creditBalance) };
}

/** The kinds of credit ledger lines (CONTRACT §8: purchase, admin grant, listing validation). */
export const CREDIT_TRANSACTION_KINDS = ['PURCHASE', 'ADMIN_GRANT', 'LISTING_VALIDATION'] as const;
export type CreditTransactionKind = (typeof CREDIT_TRANSACTION_KINDS)[number];

const CREDIT_TRANSACTION_KIND_LABELS: Record<CreditTransactionKind, string> = {
  PURCHASE: 'Achat de crédits',
  ADMIN_GRANT: 'Crédits ajoutés par la plateforme',
  LISTING_VALIDATION: "Validation d'une annonce",
};

/** A ledger line's kind in French; an unknown kind reads 'Autre mouvement'. */
export function creditTransactionKindLabel(kind: string): string {
  return CREDIT_TRANSACTION_KIND_LABELS[kind as CreditTransactionKind] ?? 'Autre mouvement';
}
