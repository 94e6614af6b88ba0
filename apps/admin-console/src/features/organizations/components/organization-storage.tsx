import { useQuery } from '@tanstack/react-query';
import { parseProblem } from '@terres/api-client';
import { fillTemplate, formatNumber, storageUsePercent, storageUseText } from '@terres/domain';
import { Card } from '@terres/ui/card';
import { storageQueryOptions } from '../api/queries';
import { texts } from '../texts';

function documentsText(count: number): string {
  if (count === 0) return texts.storageNoDocument;
  if (count === 1) return texts.storageOneDocument;
  return fillTemplate(texts.storageDocuments, { count: formatNumber(count, 0) });
}

/**
 * What the organisation's own uploads take in storage against its quota (issue 20): the figures
 * in the domain's words ('12,5 Mo utilisés sur 500 Mo (2 %)'), a meter, and a notice once full.
 */
export function OrganizationStorage({ organisationId }: { organisationId: string }) {
  const query = useQuery(storageQueryOptions(organisationId));
  const use = query.data;
  return (
    <Card title={texts.storageTitle}>
      {use ? (
        <div className="console-org__storage">
          <p className="console-org__storage-text">{storageUseText(use.usedBytes, use.quotaBytes)}</p>
          <meter className="console-org__storage-meter" aria-label={texts.storageUse} min={0} max={100} value={storageUsePercent(use.usedBytes, use.quotaBytes)} />
          <p className="app-muted">{documentsText(use.documentCount)}</p>
          {use.usedBytes >= use.quotaBytes ? <p role="status">{texts.storageFull}</p> : null}
        </div>
      ) : query.isError ? (
        <p role="alert">{parseProblem(query.error)?.detail ?? texts.storageLoadFailed}</p>
      ) : (
        <p className="app-muted">{texts.loading}</p>
      )}
    </Card>
  );
}
