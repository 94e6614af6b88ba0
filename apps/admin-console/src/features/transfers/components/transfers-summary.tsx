import { useQuery } from '@tanstack/react-query';
import { getGetMatchSavingsQueryOptions, problemMessage } from '@terres/api-client';
import { RegisterExportFields, useRegisterExport } from '@terres/app-kit';
import { fillTemplate, formatCo2, matchingMessages, formatCubicMetres, formatKilometres, formatNumber, todayInParis } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { DescriptionList } from '@terres/ui/description-list';
import { ErrorState } from '@terres/ui/error-state';
import { TextField } from '@terres/ui/text-field';
import { useState } from 'react';
import { texts } from '../texts';
import './transfers-summary.css';

/** The transfers done: how many, the volume reused, the CO2e and truck-km avoided; the register export. */
export function TransfersSummary() {
  return (
    <div className="transfers-summary">
      <Savings />
      <RegisterExport />
    </div>
  );
}

function Savings() {
  // The API sums every DONE match (GET /matches/savings): one answer, whatever their number.
  const query = useQuery(getGetMatchSavingsQueryOptions());
  if (query.isPending) {
    return (
      <Card title={texts.title}>
        <p role="status">{texts.loading}</p>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={texts.title}>
        <ErrorState title={texts.loadFailed} message={problemMessage(query.error, texts.loadFailed)} onRetry={() => void query.refetch()} headingLevel={3} />
      </Card>
    );
  }
  // Each transfer's savings as the API counts them, with its configured baseline and factor.
  const total = query.data;
  return (
    <Card title={texts.title} description={texts.description}>
      {total.matches === 0 ? (
        <p className="app-muted">{texts.none}</p>
      ) : (
        <DescriptionList
          items={[
            { term: texts.transfers, description: formatNumber(total.matches, 0) },
            { term: texts.volumeReused, description: formatCubicMetres(total.volumeM3) },
            { term: texts.co2Saved, description: formatCo2(total.co2SavedKg) },
            { term: texts.truckKmSaved, description: formatKilometres(total.truckKmSaved) },
          ]}
        />
      )}
      {total.matches > 0 ? (
        <p className="app-muted">
          {fillTemplate(texts.basis, { disposal: formatKilometres(total.disposalDistanceKm), co2: String(total.co2KgPerM3Km).replace('.', ',') })}
        </p>
      ) : null}
    </Card>
  );
}

/** The first day of the current month, 'YYYY-MM-DD'. */
function monthStart(today: string): string {
  return `${today.slice(0, 8)}01`;
}

function RegisterExport() {
  const today = todayInParis();
  const state = useRegisterExport(monthStart(today), today);
  const [siret, setSiret] = useState('');
  const declarant = siret.replace(/\s+/g, '');
  const siretInvalid = declarant !== '' && !/^\d{14}$/.test(declarant);
  const invalid = state.periodInvalid || siretInvalid;

  return (
    <Card title={texts.exportTitle} description={texts.exportDescription}>
      <div className="register-export">
        <RegisterExportFields state={state} labels={texts} />
        <TextField
          label={texts.declarant}
          hint={texts.declarantHint}
          inputMode="numeric"
          value={siret}
          onChange={(event) => setSiret(event.target.value)}
          error={siretInvalid ? matchingMessages.registerDeclarantInvalid : undefined}
        />
      </div>
      <p className="register-export-advice">{matchingMessages.registerFileAdvice}</p>
      <p className="register-export-advice">{matchingMessages.registerOutsidePlatform}</p>
      <Button
        onClick={() =>
          void state.download(declarant ? { siret: declarant } : {}, declarant ? `registre-terres-excavees.${state.format}` : 'registres-terres-excavees.zip')
        }
        disabled={invalid}
        loading={state.busy}
      >
        {state.busy ? texts.downloading : texts.download}
      </Button>
    </Card>
  );
}
