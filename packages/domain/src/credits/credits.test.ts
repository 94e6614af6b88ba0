import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstError } from '../validators/field-errors';
import {
  addCreditsSchema,
  creditsAmountSchema,
  creditTransactionKindLabel,
  hasEnoughCredits,
  parseCreditsAmount,
  toCreditBalance,
} from './credits';

describe('credits amount', () => {
  it('accepts integers from 1 to 999', () => {
    for (const ok of [1, 500, 999]) expect(v.safeParse(creditsAmountSchema, ok).success).toBe(true);
  });

  it('refuses 0, 1000, decimals and non-numbers with the spec message', () => {
    for (const bad of [0, 1000, 1.5, -3, Number.NaN, '12', undefined]) {
      expect(firstError(v.safeParse(creditsAmountSchema, bad))).toBe('Le montant de crédits doit être entre 1 et 999');
    }
    expect(firstError(v.safeParse(addCreditsSchema, { reason: 'Geste commercial' }))).toBe('Le montant de crédits doit être entre 1 et 999');
  });

  it('asks a reason for every grant', () => {
    for (const bad of [{ credits: 10 }, { credits: 10, reason: '' }, { credits: 10, reason: '   ' }]) {
      expect(firstError(v.safeParse(addCreditsSchema, bad))).toBe('Le motif de l’ajout de crédits est requis');
    }
    expect(v.parse(addCreditsSchema, { credits: 10, reason: ' Geste commercial ' })).toEqual({ credits: 10, reason: 'Geste commercial' });
  });

  it('reads dialog input', () => {
    expect(parseCreditsAmount(' 12 ')).toBe(12);
    expect(parseCreditsAmount('0')).toBeNull();
    expect(parseCreditsAmount('1.5')).toBeNull();
    expect(parseCreditsAmount(999)).toBe(999);
  });

  it('balance: a non-number counts as 0', () => {
    expect(toCreditBalance('12')).toBe(0);
    expect(toCreditBalance(42)).toBe(42);
    expect(hasEnoughCredits(80, 80)).toBe(true);
    expect(hasEnoughCredits(79, 80)).toBe(false);
    expect(hasEnoughCredits(100, null)).toBe(false);
  });
});

describe('organizationCreditsUpdated', () => {
  it('reads the detail the spec describes; a non-number balance is 0', async () => {
    const { ORGANIZATION_CREDITS_UPDATED_EVENT, readCreditsUpdatedDetail } = await import('./credits');
    expect(ORGANIZATION_CREDITS_UPDATED_EVENT).toBe('organizationCreditsUpdated');
    expect(readCreditsUpdatedDetail({ organisationId: 'o1', creditBalance: 42 })).toEqual({ organisationId: 'o1', creditBalance: 42 });
    expect(readCreditsUpdatedDetail({ organisationId: 'o1', creditBalance: '42' })).toEqual({ organisationId: 'o1', creditBalance: 0 });
    expect(readCreditsUpdatedDetail({ creditBalance: 42 })).toBeNull();
    expect(readCreditsUpdatedDetail(null)).toBeNull();
  });
});

describe('ledger line kinds', () => {
  it('reads each kind in French, and an unknown one as another movement', () => {
    expect(creditTransactionKindLabel('PURCHASE')).toBe('Achat de crédits');
    expect(creditTransactionKindLabel('ADMIN_GRANT')).toBe('Crédits ajoutés par la plateforme');
    expect(creditTransactionKindLabel('LISTING_VALIDATION')).toBe("Validation d'une annonce");
    expect(creditTransactionKindLabel('REFUND')).toBe('Autre mouvement');
  });
});
