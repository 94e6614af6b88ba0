import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstError } from '../validators/field-errors';
import {
  canTransition,
  isDeletableByAdvertiser,
  isEditableByAdvertiser,
  nextStatuses,
  transitionEffect,
  transitionError,
} from './machine';
import { refusalReasonSchema } from './refusal';
import { INQUIRY_STATUSES, type InquiryStatus } from './status';

const ROLES = ['ADMIN', 'OWNER', 'EMPLOYEE'] as const;

/** The contract's table, written out independently of the machine. */
const ALLOWED: ReadonlyArray<[InquiryStatus, InquiryStatus, readonly string[]]> = [
  ['DRAFT', 'PENDING_VALIDATION', ['OWNER', 'EMPLOYEE']],
  ['PENDING_VALIDATION', 'APPROVED', ['ADMIN']],
  ['PENDING_VALIDATION', 'REJECTED', ['ADMIN']],
  ['REJECTED', 'PENDING_VALIDATION', ['OWNER', 'EMPLOYEE']],
  ['APPROVED', 'DOUBT_CLEARED', ['ADMIN']],
  ['DOUBT_CLEARED', 'SITE_FOUND', ['ADMIN']],
  ['SITE_FOUND', 'PRE_CONTRACT_SIGNED', ['ADMIN']],
  ['PRE_CONTRACT_SIGNED', 'PROCESSED', ['ADMIN']],
];

function expected(from: InquiryStatus, to: InquiryStatus, role: string): boolean {
  return ALLOWED.some(([f, t, roles]) => f === from && t === to && roles.includes(role));
}

describe('status machine', () => {
  const cases = INQUIRY_STATUSES.flatMap((from) =>
    INQUIRY_STATUSES.flatMap((to) => ROLES.map((role) => [from, to, role] as const)),
  );

  it.each(cases)('%s -> %s by %s', (from, to, role) => {
    const allowed = expected(from, to, role);
    expect(canTransition(from, to, role)).toBe(allowed);
    expect(canTransition(from, to, role.toLowerCase())).toBe(allowed);
    expect(transitionError(from, to, role) === null).toBe(allowed);
  });

  it('refuses unknown statuses and roles', () => {
    expect(canTransition('DRAFT', 'PENDING_VALIDATION', 'guest')).toBe(false);
    expect(canTransition('DRAFT', 'PENDING_VALIDATION', undefined)).toBe(false);
    expect(canTransition('NOPE', 'APPROVED', 'ADMIN')).toBe(false);
    expect(transitionError('PENDING_VALIDATION', 'NOPE', 'ADMIN')).toBe('Statut inconnu : « NOPE ».');
  });

  it('explains refusals in French', () => {
    expect(transitionError('DRAFT', 'APPROVED', 'ADMIN')).toBe(
      'Impossible de passer une annonce du statut « Brouillon » au statut « Validée ».',
    );
    expect(transitionError('PENDING_VALIDATION', 'APPROVED', 'OWNER')).toBe(
      'Seul un administrateur peut effectuer ce changement de statut.',
    );
    expect(transitionError('DRAFT', 'PENDING_VALIDATION', 'ADMIN')).toBe(
      "Seuls les utilisateurs de l'organisation peuvent soumettre une annonce.",
    );
    expect(transitionError('APPROVED', 'APPROVED', 'ADMIN')).toBe("L'annonce a déjà le statut « Validée ».");
  });

  it('lists the next statuses a role may choose', () => {
    expect(nextStatuses('PENDING_VALIDATION', 'admin')).toEqual(['APPROVED', 'REJECTED']);
    expect(nextStatuses('PENDING_VALIDATION', 'OWNER')).toEqual([]);
    expect(nextStatuses('PROCESSED', 'ADMIN')).toEqual([]);
  });

  it('validation debits the cost; refusal needs a reason; submission needs the rules and the balance', () => {
    expect(transitionEffect('PENDING_VALIDATION', 'APPROVED')).toMatchObject({ debitsCost: true, requiresReason: false });
    expect(transitionEffect('PENDING_VALIDATION', 'REJECTED')).toMatchObject({ debitsCost: false, requiresReason: true });
    for (const from of ['DRAFT', 'REJECTED']) {
      expect(transitionEffect(from, 'PENDING_VALIDATION')).toEqual({
        requiresSubmissionRules: true,
        requiresBalance: true,
        debitsCost: false,
        requiresReason: false,
      });
    }
    expect(transitionEffect('APPROVED', 'DOUBT_CLEARED').debitsCost).toBe(false);
    expect(transitionEffect('DRAFT', 'APPROVED').debitsCost).toBe(false);
  });

  it('advertisers edit DRAFT and REJECTED only, delete drafts only', () => {
    expect(INQUIRY_STATUSES.filter(isEditableByAdvertiser)).toEqual(['DRAFT', 'REJECTED']);
    expect(INQUIRY_STATUSES.filter(isDeletableByAdvertiser)).toEqual(['DRAFT']);
  });
});

describe('refusal reason', () => {
  it('is required and not only spaces', () => {
    expect(firstError(v.safeParse(refusalReasonSchema, '   '))).toBe('Le motif du refus est requis.');
    expect(firstError(v.safeParse(refusalReasonSchema, undefined))).toBe('Le motif du refus est requis.');
    expect(v.parse(refusalReasonSchema, '  Parcelles incohérentes ')).toBe('Parcelles incohérentes');
  });
});
