import { normalizeRole, type Role } from '../auth/roles';
import { isInquiryStatus, STATUS_LABELS, type InquiryStatus } from './status';

/** A named guard: who may take a transition. */
type Guard = { name: string; allows: (role: Role) => boolean; denied: string };

const byAdvertiser: Guard = {
  name: 'byAdvertiser',
  allows: (role) => role === 'OWNER' || role === 'EMPLOYEE',
  denied: "Seuls les utilisateurs de l'organisation peuvent soumettre une annonce.",
};

const byAdmin: Guard = {
  name: 'byAdmin',
  allows: (role) => role === 'ADMIN',
  denied: 'Seul un administrateur peut effectuer ce changement de statut.',
};

/** What a transition demands or causes, for the API to enforce in the same transaction. */
export interface TransitionEffect {
  /** Every wizard rule must hold (`validateInquiryForSubmission`) and the balance cover the cost. */
  requiresSubmissionRules: boolean;
  /** The organisation's balance must be at least the listing's cost. */
  requiresBalance: boolean;
  /** The listing's cost is debited from the organisation's ledger. */
  debitsCost: boolean;
  /** A non-empty refusal reason is required (`refusalReasonSchema`). */
  requiresReason: boolean;
}

const NO_EFFECT: TransitionEffect = {
  requiresSubmissionRules: false,
  requiresBalance: false,
  debitsCost: false,
  requiresReason: false,
};
const SUBMISSION: TransitionEffect = { ...NO_EFFECT, requiresSubmissionRules: true, requiresBalance: true };

type Transition = { guard: Guard; effect: TransitionEffect };

/**
 * Every allowed move, keyed by the current status (CONTRACT §8). Anything not listed is a
 * 409. Submission checks the balance without debiting it; validation debits.
 */
export const inquiryMachine: Readonly<Record<InquiryStatus, Partial<Record<InquiryStatus, Transition>>>> = {
  DRAFT: {
    PENDING_VALIDATION: { guard: byAdvertiser, effect: SUBMISSION },
  },
  PENDING_VALIDATION: {
    APPROVED: { guard: byAdmin, effect: { ...NO_EFFECT, requiresBalance: true, debitsCost: true } },
    REJECTED: { guard: byAdmin, effect: { ...NO_EFFECT, requiresReason: true } },
  },
  REJECTED: {
    PENDING_VALIDATION: { guard: byAdvertiser, effect: SUBMISSION },
  },
  APPROVED: { DOUBT_CLEARED: { guard: byAdmin, effect: NO_EFFECT } },
  DOUBT_CLEARED: { SITE_FOUND: { guard: byAdmin, effect: NO_EFFECT } },
  SITE_FOUND: { PRE_CONTRACT_SIGNED: { guard: byAdmin, effect: NO_EFFECT } },
  PRE_CONTRACT_SIGNED: { PROCESSED: { guard: byAdmin, effect: NO_EFFECT } },
  PROCESSED: {},
};

function findTransition(from: unknown, to: unknown): Transition | undefined {
  if (!isInquiryStatus(from) || !isInquiryStatus(to)) return undefined;
  return inquiryMachine[from][to];
}

/** Whether `role` (any case) may move a listing from `from` to `to`. */
export function canTransition(from: unknown, to: unknown, role: unknown): boolean {
  const transition = findTransition(from, to);
  const normalized = normalizeRole(role);
  return transition !== undefined && normalized !== null && transition.guard.allows(normalized);
}

/** Statuses `role` may move a listing to from `from`: the admin selector's enabled options. */
export function nextStatuses(from: unknown, role: unknown): InquiryStatus[] {
  if (!isInquiryStatus(from)) return [];
  return (Object.keys(inquiryMachine[from]) as InquiryStatus[]).filter((to) => canTransition(from, to, role));
}

function quoted(status: unknown): string {
  return isInquiryStatus(status) ? `« ${STATUS_LABELS[status]} »` : `« ${String(status)} »`;
}

/** The French detail of the 409 for a refused move, or null when the move is allowed. */
export function transitionError(from: unknown, to: unknown, role: unknown): string | null {
  if (canTransition(from, to, role)) return null;
  if (!isInquiryStatus(to)) return `Statut inconnu : ${quoted(to)}.`;
  if (from === to) return `L'annonce a déjà le statut ${quoted(to)}.`;
  const transition = findTransition(from, to);
  if (transition) return transition.guard.denied;
  return `Impossible de passer une annonce du statut ${quoted(from)} au statut ${quoted(to)}.`;
}

/** What the move implies; NO_EFFECT-like flags for a move that does not exist. */
export function transitionEffect(from: unknown, to: unknown): TransitionEffect {
  return findTransition(from, to)?.effect ?? NO_EFFECT;
}

/** Advertisers edit only DRAFT and REJECTED listings (CONTRACT §8). */
export function isEditableByAdvertiser(status: unknown): boolean {
  return status === 'DRAFT' || status === 'REJECTED';
}

/** Advertisers delete only drafts (CONTRACT §5). */
export function isDeletableByAdvertiser(status: unknown): boolean {
  return status === 'DRAFT';
}
