import * as v from 'valibot';
import { normalizeRole, type Role } from '../auth/roles';
import { formatDateTime } from '../format/format';
import { parseWasteCode, type WasteCode } from '../inquiry/soil-quality';
import { fillTemplate } from '../util';
import { calendarDayInParis, readNow, type Now } from '../validators/date';
import { formObject } from '../validators/object';
import { hasControlCharacters } from '../validators/text';
import type { TransportMode } from './carrier';
import { transferMessages as m } from './messages';

// A load: one truck (or barge, wagon) of soil between the two sites of an accepted match. The CUT
// side records it at departure and may correct it until the FILL side confirms its reception
// (accepted or refused); after that it can only be cancelled, with a reason. Nothing is deleted:
// each correction is a new version of the load (see README, Transfers, for the tables).

// ---------------------------------------------------------------------------------------------
// Vehicle plate.

export type PlateKind = 'SIV' | 'FNI' | 'FOREIGN';

// SIV (since 2009): AA-123-AA, letters without I, O and U, SS never used, 000 never issued.
const SIV = /^([A-HJ-NP-TV-Z]{2})(\d{3})([A-HJ-NP-TV-Z]{2})$/;
// FNI (before 2009, still on the road): 1 to 4 digits, 1 to 3 letters, the department.
const FNI = /^(\d{1,4})([A-Z]{1,3})(\d{2}|2A|2B|97[1-6])$/;
// Foreign plates: letters (accented ones too: MÜ, ÖVP), digits, spaces and hyphens.
const FOREIGN = /^[\p{Lu}\d][\p{Lu}\d -]*[\p{Lu}\d]$/u;
/** TD's transported register: a plate has 4 to 12 characters (`transportPlatesSchema`). */
export const PLATE_LENGTH = { min: 4, max: 12 } as const;

/**
 * A plate as the load records it, or null when it cannot be one. French plates are rewritten in
 * their printed form ('ab 123 cd' -> 'AB-123-CD', '1234ab56' -> '1234 AB 56'); others are kept,
 * uppercased, with single spaces, 4 to 12 characters. Control characters are refused, not stripped.
 */
export function normalizePlate(input: unknown): { plate: string; kind: PlateKind } | null {
  if (typeof input !== 'string' || hasControlCharacters(input)) return null;
  const spaced = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const compact = spaced.replace(/[\s.\-_]/g, '');
  const siv = SIV.exec(compact);
  if (siv && siv[2] !== '000' && siv[1] !== 'SS' && siv[3] !== 'SS') return { plate: `${siv[1]}-${siv[2]}-${siv[3]}`, kind: 'SIV' };
  const fni = FNI.exec(compact);
  if (fni && Number(fni[1]) > 0) return { plate: `${fni[1]} ${fni[2]} ${fni[3]}`, kind: 'FNI' };
  const foreign = spaced.replace(/[._]/g, ' ').replace(/ {2,}/g, ' ');
  if (foreign.length >= PLATE_LENGTH.min && foreign.length <= PLATE_LENGTH.max && FOREIGN.test(foreign)) return { plate: foreign, kind: 'FOREIGN' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Quantities.

/**
 * Largest volume one load may carry, m³ in place, by mode. Road: a 5-axle articulated tipper
 * runs at 44 t gross (Code de la route, art. R. 312-4), about 30 t of payload, 18 m³ at 1.7 t/m³;
 * 50 leaves room for light soil and still catches a typo (120 for 12). Other modes: TD's limit of
 * one register line (10 000).
 */
export const MAX_LOAD_VOLUME_M3: Readonly<Record<TransportMode, number>> = {
  ROAD: 50,
  RAIL: 10_000,
  AIR: 10_000,
  RIVER: 10_000,
  SEA: 10_000,
};
/** Largest weighed tonnage of one load, by mode (44 t gross on the road; TD's line limit otherwise). */
export const MAX_LOAD_WEIGHT_T: Readonly<Record<TransportMode, number>> = {
  ROAD: 44,
  RAIL: 10_000,
  AIR: 10_000,
  RIVER: 10_000,
  SEA: 10_000,
};

/** At most 3 decimals (TD: `multipleOf(0.001)`), checked without floating-point noise. */
export function hasAtMostThreeDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;
}

function quantity(required: string, max: number, tooLarge: string, decimals: string) {
  return v.pipe(
    v.number(required),
    v.finite(required),
    v.gtValue(0, required),
    v.maxValue(max, fillTemplate(tooLarge, { max: String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') })),
    v.check(hasAtMostThreeDecimals, decimals),
  );
}

// ---------------------------------------------------------------------------------------------
// Date-times.

// ISO 8601 with an offset: the phone sends `toISOString()`; a time without offset is ambiguous.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of an ISO date-time with its offset ('2027-03-09T07:42:00+01:00'), or null. */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A phone's clock may run ahead of the server's: a date-time up to 5 minutes ahead is "now". */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

function instant(required: string, invalid: string, future: string, now: Now | undefined) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.check((value) => parseInstant(value) !== null, invalid),
    v.check((value) => {
      const at = parseInstant(value);
      return at === null || at.getTime() <= readNow(now).getTime() + CLOCK_SKEW_MS;
    }, future),
    v.transform((value) => (parseInstant(value) as Date).toISOString()),
  );
}

const REASON_MAX = 500;

function reason(required: string) {
  return v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(REASON_MAX, m.loadReasonTooLong));
}

// ---------------------------------------------------------------------------------------------
// Departure (creation and correction).

/** Field labels of the load screens, keyed by the schemas' field names. */
export const LOAD_FIELD_LABELS = {
  number: 'N° du bon',
  departedAt: 'Départ (date et heure)',
  carrierId: 'Transporteur',
  vehiclePlate: 'Immatriculation',
  wasteCode: 'Code déchet',
  volumeM3: 'Volume (m³)',
  weightTonnes: 'Poids pesé (t)',
  weighbridgeTicket: 'N° du ticket de pesée',
  ticketFile: 'Photo ou PDF du ticket de pesée',
  receivedAt: 'Réception (date et heure)',
  outcome: 'Décision',
  refusalReason: 'Motif du refus',
  receivedVolumeM3: 'Volume reçu (m³), s’il diffère',
  receivedWeightTonnes: 'Poids reçu (t), s’il diffère',
  cancelReason: 'Motif de l’annulation',
  correctionNote: 'Commentaire de correction',
} as const;

export interface LoadDepartureOptions {
  /** The CUT listing's waste codes: a load carries one of them. */
  wasteCodes: readonly WasteCode[];
  /** The chosen carrier's mode (bounds the volume and weight); road when unknown. */
  transportMode?: TransportMode;
  now?: Now;
}

const WEIGHBRIDGE_TICKET_MAX = 50;

/**
 * A load at departure, as the CUT side's phone sends it (camelCase): departure date-time (ISO with
 * offset, not in the future), carrier id, plate, waste code (one of the listing's), volume in m³,
 * and when weighed the tonnes and the weighbridge ticket number. Output normalised: the instant
 * in UTC ISO, the plate in its printed form, the code as the register spells it.
 */
export function createLoadDepartureSchema(options: LoadDepartureOptions) {
  const mode = options.transportMode ?? 'ROAD';
  const codes = options.wasteCodes;
  return v.pipe(
    formObject({
      departedAt: instant(m.loadDepartedAtRequired, m.loadDepartedAtInvalid, m.loadDepartedAtFuture, options.now),
      carrierId: v.pipe(v.string(m.loadCarrierRequired), v.trim(), v.nonEmpty(m.loadCarrierRequired), v.maxLength(64, m.loadCarrierRequired)),
      vehiclePlate: v.pipe(
        v.string(m.loadPlateRequired),
        v.trim(),
        v.nonEmpty(m.loadPlateRequired),
        v.check((value) => normalizePlate(value) !== null, m.loadPlateInvalid),
        v.transform((value) => (normalizePlate(value) as { plate: string }).plate),
      ),
      wasteCode: v.pipe(
        v.string(m.loadWasteCodeRequired),
        v.trim(),
        v.nonEmpty(m.loadWasteCodeRequired),
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return;
          const code = parseWasteCode(dataset.value);
          if (code === null || !codes.includes(code)) {
            addIssue({ message: fillTemplate(m.loadWasteCodeNotInListing, { code: dataset.value, codes: codes.join(', ') || '—' }) });
          }
        }),
        v.transform((value) => parseWasteCode(value) as WasteCode),
      ),
      volumeM3: quantity(m.loadVolumeRequired, MAX_LOAD_VOLUME_M3[mode], m.loadVolumeTooLarge, m.loadVolumeDecimals),
      weightTonnes: v.nullish(quantity(m.loadWeightInvalid, MAX_LOAD_WEIGHT_T[mode], m.loadWeightTooLarge, m.loadWeightDecimals)),
      weighbridgeTicket: v.nullish(
        v.pipe(
          v.string(),
          v.trim(),
          v.check((value) => !hasControlCharacters(value), m.carrierTextControlCharacters),
          v.maxLength(WEIGHBRIDGE_TICKET_MAX, m.loadTicketTooLong),
        ),
      ),
      correctionNote: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(REASON_MAX, m.loadCorrectionNoteTooLong))),
    }),
    v.forward(
      v.partialCheck(
        [['weightTonnes'], ['weighbridgeTicket']],
        (input) => !(input.weighbridgeTicket && input.weightTonnes == null),
        m.loadTicketWithoutWeight,
      ),
      ['weightTonnes'],
    ),
    v.transform((input) => ({
      ...input,
      weightTonnes: input.weightTonnes ?? null,
      weighbridgeTicket: input.weighbridgeTicket ? input.weighbridgeTicket.toUpperCase() : null,
      correctionNote: input.correctionNote ? input.correctionNote : null,
    })),
  );
}
export type LoadDeparture = v.InferOutput<ReturnType<typeof createLoadDepartureSchema>>;

// ---------------------------------------------------------------------------------------------
// Reception and cancellation.

export const RECEPTION_OUTCOMES = ['ACCEPTED', 'REFUSED'] as const;
export type ReceptionOutcome = (typeof RECEPTION_OUTCOMES)[number];
export const RECEPTION_OUTCOME_LABELS: Readonly<Record<ReceptionOutcome, string>> = { ACCEPTED: 'Accepté', REFUSED: 'Refusé' };

/**
 * The FILL side's confirmation: date-time (not before the departure, not in the future), accepted
 * or refused (then with a reason), and the received volume or weight when it differs from the
 * departure's. A reason sent with an acceptance is dropped.
 */
export function createLoadReceptionSchema(options: { departedAt: string; transportMode?: TransportMode; now?: Now }) {
  const mode = options.transportMode ?? 'ROAD';
  const departed = parseInstant(options.departedAt);
  return v.pipe(
    formObject({
      receivedAt: instant(m.loadReceivedAtRequired, m.loadReceivedAtInvalid, m.loadReceivedAtFuture, options.now),
      outcome: v.picklist(RECEPTION_OUTCOMES, m.loadOutcomeRequired),
      refusalReason: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(REASON_MAX, m.loadReasonTooLong))),
      receivedVolumeM3: v.nullish(quantity(m.loadVolumeRequired, MAX_LOAD_VOLUME_M3[mode], m.loadVolumeTooLarge, m.loadVolumeDecimals)),
      receivedWeightTonnes: v.nullish(quantity(m.loadWeightInvalid, MAX_LOAD_WEIGHT_T[mode], m.loadWeightTooLarge, m.loadWeightDecimals)),
    }),
    v.forward(
      v.partialCheck(
        [['receivedAt']],
        (input) => departed === null || new Date(input.receivedAt).getTime() >= departed.getTime(),
        fillTemplate(m.loadReceivedBeforeDeparture, { departedAt: formatDateTime(departed ?? undefined) }),
      ),
      ['receivedAt'],
    ),
    v.forward(
      v.partialCheck([['outcome'], ['refusalReason']], (input) => input.outcome !== 'REFUSED' || !!input.refusalReason, m.loadRefusalReasonRequired),
      ['refusalReason'],
    ),
    v.transform((input) => ({
      receivedAt: input.receivedAt,
      outcome: input.outcome,
      refusalReason: input.outcome === 'REFUSED' ? (input.refusalReason as string) : null,
      receivedVolumeM3: input.receivedVolumeM3 ?? null,
      receivedWeightTonnes: input.receivedWeightTonnes ?? null,
    })),
  );
}
export type LoadReception = v.InferOutput<ReturnType<typeof createLoadReceptionSchema>>;

/** A cancellation: its reason (required, at most 500 characters). */
export const loadCancelSchema = formObject({ reason: reason(m.loadCancelReasonRequired) });

// ---------------------------------------------------------------------------------------------
// Status machine.

export const LOAD_STATUSES = ['IN_TRANSIT', 'ACCEPTED', 'REFUSED', 'CANCELLED'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

export const LOAD_STATUS_LABELS: Readonly<Record<LoadStatus, string>> = {
  IN_TRANSIT: 'En route',
  ACCEPTED: 'Accepté',
  REFUSED: 'Refusé',
  CANCELLED: 'Annulé',
};

/** What may happen to a recorded load (its creation is `RECORD`, see `loadCreationError`). */
export const LOAD_ACTIONS = ['CORRECT', 'ACCEPT', 'REFUSE', 'CANCEL'] as const;
export type LoadAction = (typeof LOAD_ACTIONS)[number];

const LOAD_ACTION_PAST: Readonly<Record<LoadAction, string>> = {
  CORRECT: 'corrigé',
  ACCEPT: 'accepté',
  REFUSE: 'refusé',
  CANCEL: 'annulé',
};

/** The two parties of a transfer; null for an organisation that is neither (a 404 for it). */
export type TransferSide = 'CUT' | 'FILL';

export interface LoadActor {
  role: Role | string;
  /** The actor's organisation's side in this transfer, null when not a party (or an admin). */
  side: TransferSide | null;
}

/** A named guard: who may take a move. */
export interface LoadGuard {
  name: string;
  allows: (actor: { role: Role | null; side: TransferSide | null }) => boolean;
  denied: string;
}

const isMember = (role: Role | null) => role === 'OWNER' || role === 'EMPLOYEE';

export const byCutMember: LoadGuard = {
  name: 'byCutMember',
  allows: ({ role, side }) => isMember(role) && side === 'CUT',
  denied: m.loadByCutMember,
};
export const byFillMember: LoadGuard = {
  name: 'byFillMember',
  allows: ({ role, side }) => isMember(role) && side === 'FILL',
  denied: m.loadByFillMember,
};
export const byCutMemberOrAdmin: LoadGuard = {
  name: 'byCutMemberOrAdmin',
  allows: ({ role, side }) => role === 'ADMIN' || (isMember(role) && side === 'CUT'),
  denied: m.loadByCutMemberOrAdmin,
};

/** What a move demands or causes, for the API to enforce in the same transaction. */
export interface LoadEffect {
  /** The body is a departure (`createLoadDepartureSchema`); the API writes a new version row. */
  newVersion: boolean;
  /** The body is a reception (`createLoadReceptionSchema`). */
  requiresReception: boolean;
  /** A non-empty reason is required (refusal reason, cancellation reason). */
  requiresReason: boolean;
  /** Mailed at once to the CUT organisation and the admins (issue 18: a refused load). */
  notifiesAtOnce: boolean;
}

const NO_EFFECT: LoadEffect = { newVersion: false, requiresReception: false, requiresReason: false, notifiesAtOnce: false };

export interface LoadTransition {
  to: LoadStatus;
  guard: LoadGuard;
  effect: LoadEffect;
}

/**
 * Every move of a load, keyed by its status then the action. Anything not listed is a 409.
 * Correction keeps the status (a new version of the departure); cancelling is allowed in transit
 * too (a load recorded twice by mistake, a truck that never left), and after the reception, with
 * a reason; a cancelled load is final and stays visible, out of every total.
 */
export const loadMachine: Readonly<Record<LoadStatus, Partial<Record<LoadAction, LoadTransition>>>> = {
  IN_TRANSIT: {
    CORRECT: { to: 'IN_TRANSIT', guard: byCutMember, effect: { ...NO_EFFECT, newVersion: true } },
    ACCEPT: { to: 'ACCEPTED', guard: byFillMember, effect: { ...NO_EFFECT, requiresReception: true } },
    REFUSE: { to: 'REFUSED', guard: byFillMember, effect: { ...NO_EFFECT, requiresReception: true, requiresReason: true, notifiesAtOnce: true } },
    CANCEL: { to: 'CANCELLED', guard: byCutMemberOrAdmin, effect: { ...NO_EFFECT, requiresReason: true } },
  },
  ACCEPTED: {
    CANCEL: { to: 'CANCELLED', guard: byCutMemberOrAdmin, effect: { ...NO_EFFECT, requiresReason: true } },
  },
  REFUSED: {
    CANCEL: { to: 'CANCELLED', guard: byCutMemberOrAdmin, effect: { ...NO_EFFECT, requiresReason: true } },
  },
  CANCELLED: {},
};

/** Who records a new load: a member of the CUT organisation, while the transfer is open. */
export const LOAD_CREATION_GUARD = byCutMember;

export function isLoadStatus(value: unknown): value is LoadStatus {
  return (LOAD_STATUSES as readonly unknown[]).includes(value);
}

export function isLoadAction(value: unknown): value is LoadAction {
  return (LOAD_ACTIONS as readonly unknown[]).includes(value);
}

/** A refused request: NOT_FOUND (404: not a party), FORBIDDEN (403: wrong role or side), CONFLICT (409). */
export interface Refusal {
  kind: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT';
  message: string;
}

function actorOf(actor: LoadActor) {
  const role = normalizeRole(actor.role);
  return { role, side: role === 'ADMIN' ? null : actor.side };
}

function partyCheck(actor: { role: Role | null; side: TransferSide | null }): Refusal | null {
  if (actor.role === null) return { kind: 'FORBIDDEN', message: m.transferActionForbidden };
  // A third organisation learns nothing: the transfer does not exist for it.
  if (actor.role !== 'ADMIN' && actor.side === null) return { kind: 'NOT_FOUND', message: m.transferNotFound };
  return null;
}

/** Null when `actor` may record a load on a transfer in `transferStatus`, else the refusal. */
export function loadCreationError(actor: LoadActor, transferStatus: string): Refusal | null {
  const who = actorOf(actor);
  const party = partyCheck(who);
  if (party) return party;
  if (transferStatus !== 'OPEN') return { kind: 'CONFLICT', message: m.loadTransferClosed };
  return LOAD_CREATION_GUARD.allows(who) ? null : { kind: 'FORBIDDEN', message: LOAD_CREATION_GUARD.denied };
}

/** The move, or null when the table has none. */
export function loadTransition(from: unknown, action: unknown): LoadTransition | null {
  if (!isLoadStatus(from) || !isLoadAction(action)) return null;
  return loadMachine[from][action] ?? null;
}

/**
 * Null when `actor` may take `action` on a load in `status` of a transfer in `transferStatus`,
 * else the refusal (checked in this order: party, known action, transfer open, table, guard).
 */
export function loadActionError(status: unknown, action: unknown, actor: LoadActor, transferStatus: string): Refusal | null {
  const who = actorOf(actor);
  const party = partyCheck(who);
  if (party) return party;
  if (!isLoadStatus(status)) return { kind: 'CONFLICT', message: m.loadStatusUnknown };
  if (!isLoadAction(action)) return { kind: 'CONFLICT', message: m.loadActionUnknown };
  if (transferStatus !== 'OPEN') return { kind: 'CONFLICT', message: m.loadTransferClosed };
  const transition = loadMachine[status][action];
  if (!transition) {
    if (action === 'CORRECT' && (status === 'ACCEPTED' || status === 'REFUSED')) return { kind: 'CONFLICT', message: m.loadCorrectOnlyBeforeReception };
    return {
      kind: 'CONFLICT',
      message: fillTemplate(m.loadActionRefused, { status: LOAD_STATUS_LABELS[status].toLowerCase(), action: LOAD_ACTION_PAST[action] }),
    };
  }
  return transition.guard.allows(who) ? null : { kind: 'FORBIDDEN', message: transition.guard.denied };
}

/** The actions `actor` may take now on a load in `status`: the buttons a screen shows. */
export function availableLoadActions(status: unknown, actor: LoadActor, transferStatus: string): LoadAction[] {
  return LOAD_ACTIONS.filter((action) => loadActionError(status, action, actor, transferStatus) === null);
}

// ---------------------------------------------------------------------------------------------
// Load number.

export const LOAD_NUMBER_PREFIX = 'BT';
const LOAD_NUMBER = /^BT-(\d{4})-(\d{6,})$/;

/**
 * The printable number of a load: 'BT-2026-000123' (« bon de transport »), the year and a sequence
 * padded to 6 digits (a 7th digit appears past 999 999 and the numbers stay unique). Pure
 * formatting: uniqueness is the caller's, which draws `sequence` from one sequence per year (the
 * API's `terres_next_load_number(year)`, migration 0023, writes this same format in SQL; a test
 * pins the two equal) and keeps a UNIQUE constraint on the number. A rolled-back insert leaves a
 * gap, never a duplicate.
 */
export function formatLoadNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError('year must be a 4-digit integer');
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('sequence must be a positive integer');
  return `${LOAD_NUMBER_PREFIX}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** 'bt-2026-000123' -> { year: 2026, sequence: 123 }; null for anything else. */
export function parseLoadNumber(value: unknown): { year: number; sequence: number } | null {
  if (typeof value !== 'string') return null;
  const match = LOAD_NUMBER.exec(value.trim().toUpperCase());
  if (!match) return null;
  const sequence = Number(match[2]);
  return sequence >= 1 && Number.isSafeInteger(sequence) ? { year: Number(match[1]), sequence } : null;
}

/** The year a load's number carries: the Europe/Paris year of its recording. */
export function loadNumberYear(recordedAt: Date): number {
  return Number(calendarDayInParis(recordedAt).slice(0, 4));
}
