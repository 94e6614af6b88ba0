// A load's history as the load page shows it: each version, who made it, when, and what changed
// from the version before. The API answers the former versions (`getLoadHistory`, oldest first,
// each with who replaced it); the current version is the load itself.
import type { Load, LoadVersion } from '@terres/api-client';
import { formatCubicMetres, formatDateTime, formatNumber, LOAD_FIELD_LABELS } from '@terres/domain';

type Departure = Pick<LoadVersion, 'departedAt' | 'carrier' | 'vehiclePlate' | 'wasteCode' | 'volumeM3' | 'weightTonnes' | 'weighbridgeTicket'>;

export interface Change {
  label: string;
  before: string;
  after: string;
}

export interface HistoryEntry {
  version: number;
  at: string;
  /** Who made this version; null for the first (the recording). */
  by: string | null;
  note: string | null;
  /** What differs from the version before (none for the first). */
  changes: Change[];
}

const tonnes = (value: number | null) => (value == null ? '-' : `${formatNumber(value, 3)} t`);

/** The departure's values as the screens print them, by label. */
const SHOWN: readonly [string, (departure: Departure) => string][] = [
  [LOAD_FIELD_LABELS.departedAt, (d) => formatDateTime(d.departedAt)],
  [LOAD_FIELD_LABELS.carrierId, (d) => d.carrier.name],
  [LOAD_FIELD_LABELS.vehiclePlate, (d) => d.vehiclePlate],
  [LOAD_FIELD_LABELS.wasteCode, (d) => d.wasteCode],
  [LOAD_FIELD_LABELS.volumeM3, (d) => formatCubicMetres(d.volumeM3)],
  [LOAD_FIELD_LABELS.weightTonnes, (d) => tonnes(d.weightTonnes)],
  [LOAD_FIELD_LABELS.weighbridgeTicket, (d) => d.weighbridgeTicket ?? '-'],
];

export function departureChanges(before: Departure, after: Departure): Change[] {
  return SHOWN.flatMap(([label, show]) => (show(before) === show(after) ? [] : [{ label, before: show(before), after: show(after) }]));
}

/** Every version, the oldest first: the recording, then one entry per correction. */
export function loadHistoryEntries(load: Load, versions: readonly LoadVersion[]): HistoryEntry[] {
  const sorted = [...versions].sort((a, b) => a.version - b.version);
  const first: HistoryEntry = { version: 1, at: load.createdAt, by: null, note: null, changes: [] };
  return [
    first,
    ...sorted.map((former, index) => ({
      version: former.version + 1,
      at: former.correctedAt,
      by: former.correctedByName,
      note: former.note,
      changes: departureChanges(former, sorted[index + 1] ?? load),
    })),
  ];
}
