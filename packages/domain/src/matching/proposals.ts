import * as v from 'valibot';
import { fillTemplate } from '../util';
import { readNow, todayInParis, toCalendarDate, type Now } from '../validators/date';
import { formObject } from '../validators/object';
import { matchingMessages } from './messages';

// A match proposed by the platform between a CUT and a FILL listing, and its life:
// PROPOSED -> ACCEPTED or DECLINED; ACCEPTED -> DONE (the transfer took place: the volume
// actually moved is recorded) or DECLINED (a party withdrew before the transfer). DECLINED and
// DONE are final. The API enforces it under the match's row lock; the console shows the labels.

export const MATCH_STATUSES = ['PROPOSED', 'ACCEPTED', 'DECLINED', 'DONE'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_STATUS_LABELS: Readonly<Record<MatchStatus, string>> = {
  PROPOSED: 'Proposée',
  ACCEPTED: 'Acceptée',
  DECLINED: 'Refusée',
  DONE: 'Réalisée',
};

/** Statuses that hold the pair: a second proposal of the same pair is refused meanwhile. */
export const OPEN_MATCH_STATUSES: readonly MatchStatus[] = ['PROPOSED', 'ACCEPTED'];

const MATCH_MOVES: Readonly<Record<MatchStatus, readonly MatchStatus[]>> = {
  PROPOSED: ['ACCEPTED', 'DECLINED'],
  ACCEPTED: ['DONE', 'DECLINED'],
  DECLINED: [],
  DONE: [],
};

export function isMatchStatus(value: unknown): value is MatchStatus {
  return (MATCH_STATUSES as readonly unknown[]).includes(value);
}

/** The statuses a match may move to from `from`. */
export function nextMatchStatuses(from: unknown): MatchStatus[] {
  return isMatchStatus(from) ? [...MATCH_MOVES[from]] : [];
}

/** Null when the move is allowed, else the French 409 detail. */
export function matchTransitionError(from: unknown, to: unknown): string | null {
  if (!isMatchStatus(to)) return matchingMessages.matchStatusUnknown;
  if (!isMatchStatus(from)) return matchingMessages.matchStatusUnknown;
  if (from === to) return fillTemplate(matchingMessages.matchAlreadyInStatus, { status: MATCH_STATUS_LABELS[to].toLowerCase() });
  if (MATCH_MOVES[from].includes(to)) return null;
  return fillTemplate(matchingMessages.matchTransitionRefused, {
    from: MATCH_STATUS_LABELS[from].toLowerCase(),
    to: MATCH_STATUS_LABELS[to].toLowerCase(),
  });
}

/** Largest volume a transfer may record, m³ (a sanity bound far above any site). */
export const MAX_MOVED_VOLUME_M3 = 10_000_000;

/**
 * What closes a match as DONE: the volume actually moved (m³, above 0) and the day the soil left
 * the excavation site (today by default; never in the future).
 */
export function createMatchDoneSchema(options: { now?: Now } = {}) {
  return formObject({
    movedVolumeM3: v.pipe(
      v.number(matchingMessages.movedVolumeRequired),
      v.finite(matchingMessages.movedVolumeRequired),
      v.gtValue(0, matchingMessages.movedVolumeRequired),
      v.maxValue(MAX_MOVED_VOLUME_M3, matchingMessages.movedVolumeTooLarge),
    ),
    transferDate: v.optional(
      v.pipe(
        v.string(matchingMessages.transferDateInvalid),
        v.check((value) => toCalendarDate(value) !== null, matchingMessages.transferDateInvalid),
        v.transform((value) => toCalendarDate(value) as string),
        v.check((day) => day <= todayInParis(readNow(options.now)), matchingMessages.transferDateInFuture),
      ),
    ),
  });
}

/**
 * Listings that take part in matching: validated and not yet processed. A listing pending
 * validation, refused or processed is neither searched for nor offered.
 */
export const MATCHABLE_STATUSES = ['APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED'] as const;

export function isMatchableStatus(status: unknown): boolean {
  return (MATCHABLE_STATUSES as readonly unknown[]).includes(status);
}
