import { downloadFile, getExportRegisterUrl, problemMessage, saveFile, type ExportRegisterParams } from '@terres/api-client';
import { DateField } from '@terres/ui/date-field';
import { Select } from '@terres/ui/select';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';

// The register download of both apps (issue 19): a period, the register (outgoing or incoming)
// and the format, then GET /register/exports saved under the API's file name. The portal asks
// for its organisation's own lines; the console may add a declaring SIRET (else a ZIP).

export const registerExportTexts = {
  from: 'Du',
  to: 'Au',
  register: 'Registre',
  format: 'Format',
  xlsx: 'XLSX (à importer)',
  csv: 'CSV',
  periodInvalid: 'Choisissez une période : la fin ne peut pas précéder le début.',
  downloaded: 'Registre téléchargé.',
  downloadFailed: 'Le registre n’a pas été téléchargé.',
} as const;

type Register = NonNullable<ExportRegisterParams['register']>;
type Format = NonNullable<ExportRegisterParams['format']>;

/** The form's state and the download (the toast says how it went). */
export function useRegisterExport(initialFrom: string, today: string) {
  const toast = useToast();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(today);
  const [register, setRegister] = useState<Register>('outgoing');
  // XLSX first: the file to import (values exact, one sheet).
  const [format, setFormat] = useState<Format>('xlsx');
  const [busy, setBusy] = useState(false);
  const periodInvalid = !from || !to || to < from;

  async function download(extra: Pick<ExportRegisterParams, 'siret'>, fallbackFileName: string) {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadFile(getExportRegisterUrl({ from, to, register, format, ...extra }), { fallbackFileName });
      saveFile(blob, fileName);
      toast.success(registerExportTexts.downloaded, fileName);
    } catch (error) {
      toast.error(registerExportTexts.downloadFailed, problemMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  return { from, setFrom, to, setTo, register, setRegister, format, setFormat, busy, periodInvalid, download };
}

export type RegisterExportState = ReturnType<typeof useRegisterExport>;

/** The period, register and format fields; each app names the two registers its own way. */
export function RegisterExportFields({ state, labels }: { state: RegisterExportState; labels: { outgoing: string; incoming: string } }) {
  const t = registerExportTexts;
  return (
    <>
      <DateField label={t.from} value={state.from} onValueChange={state.setFrom} hint="" />
      <DateField
        label={t.to}
        value={state.to}
        onValueChange={state.setTo}
        hint=""
        error={state.periodInvalid && state.from && state.to ? t.periodInvalid : undefined}
      />
      <Select
        label={t.register}
        value={state.register}
        onValueChange={(value) => state.setRegister(value as Register)}
        options={[
          { value: 'outgoing', label: labels.outgoing },
          { value: 'incoming', label: labels.incoming },
        ]}
      />
      <Select
        label={t.format}
        value={state.format}
        onValueChange={(value) => state.setFormat(value as Format)}
        options={[
          { value: 'xlsx', label: t.xlsx },
          { value: 'csv', label: t.csv },
        ]}
      />
    </>
  );
}
