import { normalizeRole, type Role } from '../auth/roles';
import type { MatchStatus } from '../matching/proposals';
import { fillTemplate } from '../util';
import type { TransferClosing } from './balance';
import type { Refusal, TransferSide } from './load';
import { transferMessages as m } from './messages';

// The transfer of an ACCEPTED match (issue 18): opened with the acceptance, run load by load by
// both organisations, closed by an admin, which makes the match DONE with the volume its accepted
// loads moved. A match closed with the old DONE body (a volume typed by an admin) is marked as run
// outside the platform.

export const TRANSFER_STATUSES = ['OPEN', 'CLOSED', 'WITHDRAWN'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_STATUS_LABELS: Readonly<Record<TransferStatus, string>> = {
  OPEN: 'En cours',
  CLOSED: 'Clôturé',
  WITHDRAWN: 'Abandonné',
};

export function isTransferStatus(value: unknown): value is TransferStatus {
  return (TRANSFER_STATUSES as readonly unknown[]).includes(value);
}

/** A named guard on the transfer's own moves. */
export interface TransferGuard {
  name: string;
  allows: (role: Role) => boolean;
  denied: string;
}

export const transferByAdmin: TransferGuard = { name: 'byAdmin', allows: (role) => role === 'ADMIN', denied: m.transferByAdmin };

export interface TransferEffect {
  /** The match moves to this status in the same transaction. */
  matchBecomes: MatchStatus;
  /** `transferClosing` must succeed; its figures are written on the match. */
  requiresClosing: boolean;
  /** No load may count (every load cancelled, or none). */
  requiresNoLoads: boolean;
}

export interface TransferTransition {
  guard: TransferGuard;
  effect: TransferEffect;
}

/**
 * The transfer's moves, keyed by status. OPEN -> CLOSED: an admin closes it (the match becomes
 * DONE); OPEN -> WITHDRAWN: the match is declined after acceptance (a party withdrew), only while no
 * load counts. CLOSED and WITHDRAWN are final.
 */
export const transferMachine: Readonly<Record<TransferStatus, Partial<Record<TransferStatus, TransferTransition>>>> = {
  OPEN: {
    CLOSED: { guard: transferByAdmin, effect: { matchBecomes: 'DONE', requiresClosing: true, requiresNoLoads: false } },
    WITHDRAWN: { guard: transferByAdmin, effect: { matchBecomes: 'DECLINED', requiresClosing: false, requiresNoLoads: true } },
  },
  CLOSED: {},
  WITHDRAWN: {},
};

/** A transfer opens when its match becomes ACCEPTED (one transfer per match). */
export function transferOpensWith(matchStatus: unknown): boolean {
  return matchStatus === 'ACCEPTED';
}

/**
 * Whether each party sees the other's name, contact and site address: from the acceptance on
 * (before it, figures only).
 */
export function partiesVisible(matchStatus: unknown): boolean {
  return matchStatus === 'ACCEPTED' || matchStatus === 'DONE';
}

/** Null when `role` may move the transfer; else the French 409/403 detail. */
export function transferTransitionError(
  from: unknown,
  to: unknown,
  role: unknown,
  facts: { countedLoadCount?: number } = {},
): Refusal | null {
  if (!isTransferStatus(from) || !isTransferStatus(to)) return { kind: 'CONFLICT', message: m.transferStatusUnknown };
  if (from === to) return { kind: 'CONFLICT', message: fillTemplate(m.transferAlreadyInStatus, { status: TRANSFER_STATUS_LABELS[to].toLowerCase() }) };
  const transition = transferMachine[from][to];
  if (!transition) {
    return {
      kind: 'CONFLICT',
      message: fillTemplate(m.transferTransitionRefused, { from: TRANSFER_STATUS_LABELS[from].toLowerCase(), to: TRANSFER_STATUS_LABELS[to].toLowerCase() }),
    };
  }
  const normalized = normalizeRole(role);
  if (normalized === null || !transition.guard.allows(normalized)) return { kind: 'FORBIDDEN', message: transition.guard.denied };
  if (transition.effect.requiresNoLoads && (facts.countedLoadCount ?? 0) > 0) return { kind: 'CONFLICT', message: m.transferWithdrawHasLoads };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Who may do what.

export const TRANSFER_ACTIONS = [
  'VIEW',
  'RECORD_LOAD',
  'CORRECT_LOAD',
  'CANCEL_LOAD',
  'CONFIRM_RECEPTION',
  'CLOSE',
  'WITHDRAW',
] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

export interface TransferPermission {
  label: string;
  /** Roles of the CUT organisation's members allowed. */
  cut: readonly Role[];
  /** Roles of the FILL organisation's members allowed. */
  fill: readonly Role[];
  admin: boolean;
  /** Only while the transfer is OPEN. */
  whileOpen: boolean;
}

/**
 * The table of issue 18: the CUT side creates, corrects and cancels loads, the FILL side confirms
 * them, an admin sees everything, cancels a load and closes the transfer; a third organisation
 * gets a 404. Per-load states are `loadMachine`'s.
 */
export const TRANSFER_PERMISSIONS: Readonly<Record<TransferAction, TransferPermission>> = {
  VIEW: { label: 'Voir le transfert', cut: ['OWNER', 'EMPLOYEE'], fill: ['OWNER', 'EMPLOYEE'], admin: true, whileOpen: false },
  RECORD_LOAD: { label: 'Enregistrer un départ', cut: ['OWNER', 'EMPLOYEE'], fill: [], admin: false, whileOpen: true },
  CORRECT_LOAD: { label: 'Corriger un chargement', cut: ['OWNER', 'EMPLOYEE'], fill: [], admin: false, whileOpen: true },
  CANCEL_LOAD: { label: 'Annuler un chargement', cut: ['OWNER', 'EMPLOYEE'], fill: [], admin: true, whileOpen: true },
  CONFIRM_RECEPTION: { label: 'Confirmer une réception', cut: [], fill: ['OWNER', 'EMPLOYEE'], admin: false, whileOpen: true },
  CLOSE: { label: 'Clôturer le transfert', cut: [], fill: [], admin: true, whileOpen: true },
  WITHDRAW: { label: 'Abandonner le transfert', cut: [], fill: [], admin: true, whileOpen: true },
};

export interface TransferParties {
  status: string;
  cutOrganizationId: string;
  fillOrganizationId: string;
}

/** The actor's organisation's side in the transfer, or null when it is neither. */
export function transferSideOf(organizationId: string | null | undefined, transfer: Pick<TransferParties, 'cutOrganizationId' | 'fillOrganizationId'>): TransferSide | null {
  if (!organizationId) return null;
  if (organizationId === transfer.cutOrganizationId) return 'CUT';
  if (organizationId === transfer.fillOrganizationId) return 'FILL';
  return null;
}

/**
 * Null when the actor may take `action` on the transfer; else NOT_FOUND for an organisation that
 * is not a party (never reveal the transfer), FORBIDDEN for the wrong role or side, CONFLICT when
 * the transfer is no longer open.
 */
export function transferActionError(action: TransferAction, actor: { role: unknown; organizationId?: string | null }, transfer: TransferParties): Refusal | null {
  const role = normalizeRole(actor.role);
  if (role === null) return { kind: 'FORBIDDEN', message: m.transferActionForbidden };
  const permission = TRANSFER_PERMISSIONS[action];
  let allowed: boolean;
  if (role === 'ADMIN') allowed = permission.admin;
  else {
    const side = transferSideOf(actor.organizationId, transfer);
    if (side === null) return { kind: 'NOT_FOUND', message: m.transferNotFound };
    allowed = (side === 'CUT' ? permission.cut : permission.fill).includes(role);
  }
  if (!allowed) return { kind: 'FORBIDDEN', message: m.transferActionForbidden };
  if (permission.whileOpen && transfer.status !== 'OPEN') return { kind: 'CONFLICT', message: m.transferNotOpen };
  return null;
}

// ---------------------------------------------------------------------------------------------
// The match's DONE.

/** How a DONE match's volume was established. */
export const MATCH_DONE_SOURCES = ['PLATFORM_TRANSFER', 'OUTSIDE_PLATFORM'] as const;
export type MatchDoneSource = (typeof MATCH_DONE_SOURCES)[number];

export const MATCH_DONE_SOURCE_LABELS: Readonly<Record<MatchDoneSource, string>> = {
  PLATFORM_TRANSFER: 'Transfert suivi sur la plateforme (chargements)',
  OUTSIDE_PLATFORM: 'Transfert réalisé hors plateforme (volume saisi par un administrateur)',
};

/** What the match records when the transfer closes. */
export interface MatchDoneRecord {
  movedVolumeM3: number;
  /** The day the soil first left the excavation site ('YYYY-MM-DD'). */
  transferDate: string;
  /** The day the last accepted load was received ('YYYY-MM-DD'); `transferDate` for a one-day transfer. */
  transferEndDate: string;
  source: MatchDoneSource;
}

/** The match's DONE figures from a successful `transferClosing`: moved volume and the first and last load. */
export function matchDoneFromClosing(closing: TransferClosing): MatchDoneRecord {
  return {
    movedVolumeM3: closing.movedVolumeM3,
    transferDate: closing.firstLoadDate,
    transferEndDate: closing.lastReceptionDate,
    source: 'PLATFORM_TRANSFER',
  };
}

/**
 * Whether the current DONE body (`createMatchDoneSchema`: a volume and a day typed by an admin)
 * may close the match: yes when it has no transfer (matches accepted before transfers existed) or
 * when no load of its transfer counts; then it is marked OUTSIDE_PLATFORM (and the transfer,
 * when open, closes with it). When loads count, the admin closes the transfer instead.
 */
export function outsidePlatformDoneError(transfer: { status: string; countedLoadCount: number } | null): string | null {
  if (transfer === null) return null;
  if (transfer.countedLoadCount > 0) return m.matchDoneHasLoads;
  if (transfer.status !== 'OPEN') return m.transferNotOpen;
  return null;
}
