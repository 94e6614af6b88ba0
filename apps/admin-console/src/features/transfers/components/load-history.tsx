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
  const rows = [...query.data.map(fromVersion), current(load)];
  return (
    <div className="transfers-admin__table-wrap">
      <table className="transfers-admin__table">
        <caption className="terres-visually-hidden">{fillTemplate(texts.historyCaption, { number: load.number })}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.historyColumns.version}</th>
            <th scope="col">{texts.historyColumns.departedAt}</th>
            <th scope="col">{texts.historyColumns.carrier}</th>
            <th scope="col">{texts.historyColumns.plate}</th>
            <th scope="col">{texts.historyColumns.wasteCode}</th>
            <th scope="col">{texts.historyColumns.volume}</th>
            <th scope="col">{texts.historyColumns.weight}</th>
            <th scope="col">{texts.historyColumns.replaced}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.version}>
              <th scope="row">{fillTemplate(row.replaced ? texts.historyVersion : texts.historyCurrent, { version: String(row.version) })}</th>
              <td>{formatDateTime(row.departedAt)}</td>
              <td>{row.carrier.name}</td>
              <td>{row.vehiclePlate}</td>
              <td>{row.wasteCode}</td>
              <td>{formatCubicMetres(row.volumeM3)}</td>
              <td>
                {row.weightTonnes != null ? `${formatNumber(row.weightTonnes, 3)} t` : '-'}
                {row.weighbridgeTicket ? ` · ${fillTemplate(texts.historyTicket, { ticket: row.weighbridgeTicket })}` : ''}
              </td>
              <td>
                {row.replaced
                  ? fillTemplate(texts.historyReplaced, { date: formatDateTime(row.replaced.at), who: row.replaced.by ?? texts.historyUnknownUser })
                  : '-'}
                {row.replaced?.note ? <span className="transfers-admin__note">{fillTemplate(texts.historyNote, { note: row.replaced.note })}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A load's history (issue 18: "corrections keep their history and who made them"): 'Historique'
 * opens its departure's versions, the oldest first, each with who replaced it and when, then the
 * version in force. A load never corrected has no button: it is as it was recorded.
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
