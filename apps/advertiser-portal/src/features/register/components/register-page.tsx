import { RegisterExportFields, useRegisterExport } from '@terres/app-kit';
import { matchingMessages, todayInParis } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { texts } from '../texts';
import '../register.css';

/** The first day of the month before `today` ('YYYY-MM-DD'): registers are declared month by month. */
function previousMonthStart(today: string): string {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return `${previous.year}-${String(previous.month).padStart(2, '0')}-01`;
}

/**
 * /user/account/register: the organisation's own register lines for a period (owners and
 * employees): outgoing as producer, incoming as receiver; one file per declaring SIRET (a ZIP
 * when several), answered by GET /register/exports, which keeps to the caller's organisation.
 */
export function RegisterPage() {
  const today = todayInParis();
  const state = useRegisterExport(previousMonthStart(today), today);

  return (
    <Card title={texts.title} description={texts.description}>
      <div className="register-download">
        <RegisterExportFields state={state} labels={texts} />
      </div>
      <p className="register-download__advice">{matchingMessages.registerFileAdvice}</p>
      <p className="register-download__advice">{matchingMessages.registerOutsidePlatform}</p>
      <p className="register-download__advice">{matchingMessages.registerOneFilePerDeclarant}</p>
      <Button onClick={() => void state.download({}, `registre-terres-excavees.${state.format}`)} disabled={state.periodInvalid} loading={state.busy}>
        {state.busy ? texts.downloading : texts.download}
      </Button>
    </Card>
  );
}
