import { useQuery } from '@tanstack/react-query';
import { getGetLoadHistoryQueryOptions, parseProblem, type Load, type LoadCarrier, type LoadVersion } from '@terres/api-client';
import { fillTemplate, formatCubicMetres, formatDateTime, formatNumber } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Dialog } from '@terres/ui/dialog';
import { ErrorState } from '@terres/ui/error-state';
import { texts } from '../texts';

/** One version of a departure as a row: the load now, or a former version from `GET /loads/{id}/history`. */
interface VersionRow {
  version: number;
  departedAt: string;
  carrier: LoadCarrier;
  vehiclePlate: string;
  wasteCode: string;
  volumeM3: number;
  weightTonnes: number | null;
  weighbridgeTicket: string | null;
  /** Who replaced it and when; null for the version in force. */
  replaced: { at: string; by: string | null; note: string | null } | null;
}

const fromVersion = (version: LoadVersion): VersionRow => ({
  ...version,
  replaced: { at: version.correctedAt, by: version.correctedByName, note: version.note },
});

const current = (load: Load): VersionRow => ({
  version: load.version,
  departedAt: load.departedAt,
  carrier: load.carrier,
  vehiclePlate: load.vehiclePlate,
  wasteCode: load.wasteCode,
  volumeM3: load.volumeM3,
  weightTonnes: load.weightTonnes,
  weighbridgeTicket: load.weighbridgeTicket,
  replaced: null,
});

type Field = 'departedAt' | 'carrier' | 'plate' | 'wasteCode' | 'volume' | 'weight';
const FIELDS: readonly Field[] = ['departedAt', 'carrier', 'plate', 'wasteCode', 'volume', 'weight'];

/** A version's values as shown (the carrier by name; the weight with its ticket). */
function shown(row: VersionRow): Record<Field, string> {
  return {
    departedAt: formatDateTime(row.departedAt),
    carrier: row.carrier.name,
    plate: row.vehiclePlate,
    wasteCode: row.wasteCode,
    volume: formatCubicMetres(row.volumeM3),
    weight:
      (row.weightTonnes != null ? `${formatNumber(row.weightTonnes, 3)} t` : '-') +
      (row.weighbridgeTicket ? ` · ${fillTemplate(texts.historyTicket, { ticket: row.weighbridgeTicket })}` : ''),
  };
}

function Versions({ load }: { load: Load }) {
  const query = useQuery(getGetLoadHistoryQueryOptions(load.id));
  if (query.isPending) {
    return (
      <p role="status" className="app-muted">
        {texts.historyLoading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title={texts.historyLoadFailed}
        message={parseProblem(query.error)?.detail}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const rows = [...query.data.map(fromVersion), current(load)].map((row) => ({ row, values: shown(row) }));
  return (
    <ol className="transfers-history" aria-label={fillTemplate(texts.historyCaption, { number: load.number })}>
      {rows.map(({ row, values }, index) => {
        const before = index > 0 ? rows[index - 1]!.values : null;
        return (
          <li key={row.version} className="transfers-history__version">
            <p className="transfers-history__head">
              <strong>{fillTemplate(row.replaced ? texts.historyVersion : texts.historyCurrent, { version: String(row.version) })}</strong>
              {row.replaced
                ? ` · ${fillTemplate(texts.historyReplaced, { date: formatDateTime(row.replaced.at), who: row.replaced.by ?? texts.historyUnknownUser })}`
                : null}
            </p>
            {row.replaced?.note ? <p className="transfers-history__note">{fillTemplate(texts.historyNote, { note: row.replaced.note })}</p> : null}
            <dl className="transfers-history__values">
              {FIELDS.map((field) => {
                const changed = before !== null && before[field] !== values[field];
                return (
                  <div key={field} className="transfers-history__value" data-changed={changed || undefined}>
                    <dt>{texts.historyColumns[field]}</dt>
                    <dd>
                      {values[field]}
                      {changed ? <span className="transfers-history__changed"> {texts.historyChanged}</span> : null}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A load's history (issue 18: "corrections keep their history and who made them"): 'Historique'
 * opens its departure's versions, the oldest first, each with who replaced it and when (and the
 * correction's comment), then the version in force; a value a correction changed is marked. A load never corrected has no button: it is as it was recorded.
 */
export function LoadHistory({ load }: { load: Load }) {
  if (load.version <= 1) return <span className="app-muted">{texts.historyNone}</span>;
  const corrections = load.version - 1;
  return (
    <Dialog
      size="lg"
      title={fillTemplate(texts.historyTitle, { number: load.number })}
      description={texts.historyDescription}
      trigger={
        <Button variant="ghost" size="sm">
          {fillTemplate(corrections > 1 ? texts.historyButtonMany : texts.historyButtonOne, { count: String(corrections) })}
          <span className="terres-visually-hidden"> {fillTemplate(texts.historyOf, { number: load.number })}</span>
        </Button>
      }
    >
      <Versions load={load} />
    </Dialog>
  );
}
