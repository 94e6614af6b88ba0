import { downloadFile, getExportRegisterUrl, problemMessage, saveFile, type ExportRegisterParams } from '@terres/api-client';
import { matchingMessages, todayInParis } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { DateField } from '@terres/ui/date-field';
import { Select } from '@terres/ui/select';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
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
  const toast = useToast();
  const today = todayInParis();
  const [from, setFrom] = useState(previousMonthStart(today));
  const [to, setTo] = useState(today);
  const [register, setRegister] = useState<NonNullable<ExportRegisterParams['register']>>('outgoing');
  const [format, setFormat] = useState<NonNullable<ExportRegisterParams['format']>>('xlsx');
  const [busy, setBusy] = useState(false);
  const invalid = !from || !to || to < from;

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadFile(getExportRegisterUrl({ from, to, register, format }), {
        fallbackFileName: `registre-terres-excavees.${format}`,
      });
      saveFile(blob, fileName);
      toast.success(texts.downloaded, fileName);
    } catch (error) {
      toast.error(texts.downloadFailed, problemMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={texts.title} description={texts.description}>
      <div className="register-download">
        <DateField label={texts.from} value={from} onValueChange={setFrom} hint="" />
        <DateField label={texts.to} value={to} onValueChange={setTo} hint="" error={invalid && from && to ? texts.periodInvalid : undefined} />
        <Select
          label={texts.register}
          value={register}
          onValueChange={(value) => setRegister(value as typeof register)}
          options={[
            { value: 'outgoing', label: texts.outgoing },
            { value: 'incoming', label: texts.incoming },
          ]}
        />
        <Select
          label={texts.format}
          value={format}
          onValueChange={(value) => setFormat(value as typeof format)}
          options={[
            { value: 'xlsx', label: texts.xlsx },
            { value: 'csv', label: texts.csv },
          ]}
        />
      </div>
      <p className="register-download__advice">{matchingMessages.registerFileAdvice}</p>
      <p className="register-download__advice">{matchingMessages.registerOutsidePlatform}</p>
      <p className="register-download__advice">{matchingMessages.registerOneFilePerDeclarant}</p>
      <Button onClick={() => void download()} disabled={invalid} loading={busy}>
        {busy ? texts.downloading : texts.download}
      </Button>
    </Card>
  );
}
