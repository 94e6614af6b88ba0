import { useSuspenseQuery } from '@tanstack/react-query';
import { downloadFile, getDownloadLoadTicketUrl, parseProblem, saveFile, type Load, type Transfer } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import {
  fieldErrors,
  fillTemplate,
  formatCubicMetres,
  formatDateTime,
  formatNumber,
  LOAD_FIELD_LABELS,
  loadCancelSchema,
  RECEIPT_EXEMPTIONS,
  RECEPTION_OUTCOME_LABELS,
  type ReceiptExemption,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { TextArea } from '@terres/ui/text-area';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import * as v from 'valibot';
import { PortalShell } from '../../../components/portal-shell';
import { useCancelLoad } from '../api/cancel-load';
import { loadHistoryQueryOptions, loadQueryOptions, transferQueryOptions } from '../api/queries';
import { loadHistoryEntries } from '../model/history';
import { texts } from '../texts';
import { correctionHref, LoadStatusTag, OutboxPanel, receptionHref, transferHref } from './shared';

const tonnes = (value: number | null | undefined) => (value == null ? null : `${formatNumber(value, 3)} t`);

function carrierText(carrier: Load['carrier']): string {
  const id = carrier.siret ? `SIRET ${carrier.siret}` : carrier.identifier ? `${carrier.countryCode} ${carrier.identifier}` : null;
  return [carrier.name, id].filter(Boolean).join(' · ');
}

function receiptText(carrier: Load['carrier']): string | null {
  if (carrier.receiptNumber) {
    return [carrier.receiptNumber, carrier.receiptDepartment ? `(${carrier.receiptDepartment})` : null, carrier.receiptValidUntil ? `→ ${carrier.receiptValidUntil.split('-').reverse().join('/')}` : null]
      .filter(Boolean)
      .join(' ');
  }
  return carrier.exemption ? fillTemplate(texts.exempt, { exemption: RECEIPT_EXEMPTIONS[carrier.exemption as ReceiptExemption]?.label ?? carrier.exemption }) : null;
}

/** The facts of the slip, printed as they are shown (label, value); empty values are left out. */
function slipFacts(load: Load, transfer: Transfer): [string, string][] {
  const facts: [string, string | null][] = [
    [LOAD_FIELD_LABELS.departedAt, formatDateTime(load.departedAt)],
    [texts.from, [transfer.cut.projectName, transfer.cut.siteAddress].filter(Boolean).join(', ')],
    [texts.to, [transfer.fill.projectName, transfer.fill.siteAddress].filter(Boolean).join(', ')],
    [LOAD_FIELD_LABELS.carrierId, carrierText(load.carrier)],
    [texts.carrierReceipt, receiptText(load.carrier)],
    [LOAD_FIELD_LABELS.vehiclePlate, load.vehiclePlate],
    [LOAD_FIELD_LABELS.wasteCode, load.wasteCode],
    [LOAD_FIELD_LABELS.volumeM3, formatCubicMetres(load.volumeM3)],
    [LOAD_FIELD_LABELS.weightTonnes, tonnes(load.weightTonnes)],
    [LOAD_FIELD_LABELS.weighbridgeTicket, load.weighbridgeTicket],
  ];
  if (load.receivedAt && load.outcome) {
    facts.push([texts.reception, fillTemplate(texts.receptionAt, { outcome: RECEPTION_OUTCOME_LABELS[load.outcome], date: formatDateTime(load.receivedAt) })]);
    facts.push([LOAD_FIELD_LABELS.refusalReason, load.refusalReason]);
    const received = [load.receivedVolumeM3 != null ? formatCubicMetres(load.receivedVolumeM3) : null, tonnes(load.receivedWeightTonnes)].filter(Boolean).join(' · ');
    facts.push([texts.receivedQuantity, received || null]);
  }
  if (load.cancelledAt) {
    facts.push([texts.cancellation, fillTemplate(texts.cancelledAt, { date: formatDateTime(load.cancelledAt) })]);
    facts.push([LOAD_FIELD_LABELS.cancelReason, load.cancelReason]);
  }
  return facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

function CancelLoad({ load }: { load: Load }) {
  const toast = useToast();
  const cancel = useCancelLoad();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const confirm = async () => {
    const parsed = v.safeParse(loadCancelSchema, { reason });
    if (!parsed.success) {
      setError(fieldErrors(parsed).reason);
      throw new Error('invalid');
    }
    try {
      await cancel.mutateAsync({ transferId: load.transferId, loadId: load.id, reason: parsed.output.reason });
      toast.success(fillTemplate(texts.cancelled, { number: load.number }));
    } catch (failure) {
      toast.error(texts.cancelFailed, parseProblem(failure)?.detail);
      throw failure;
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(undefined);
        }
      }}
      trigger={
        <Button variant="secondary" className="transfers-touch transfers-danger">
          {texts.cancelLoad}
        </Button>
      }
      title={fillTemplate(texts.cancelTitle, { number: load.number })}
      description={texts.cancelLead}
      confirmLabel={texts.cancelConfirm}
      cancelLabel={texts.keepLoad}
      loadingLabel={texts.cancelling}
      variant="danger"
      onConfirm={confirm}
    >
      <TextArea
        label={LOAD_FIELD_LABELS.cancelReason}
        required
        rows={3}
        name="reason"
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}

function TicketDownload({ load }: { load: Load }) {
  const toast = useToast();
  if (!load.ticketFile) return null;
  const { fileName } = load.ticketFile;
  return (
    <Button
      variant="secondary"
      className="transfers-touch"
      onClick={() => {
        downloadFile(getDownloadLoadTicketUrl(load.id), { fallbackFileName: fileName })
          .then(({ blob, fileName: name }) => saveFile(blob, name))
          .catch((error: unknown) => toast.error(texts.downloadFailed, parseProblem(error)?.detail));
      }}
    >
      {texts.ticketDownload}
      <span className="terres-visually-hidden"> {fileName}</span>
    </Button>
  );
}

function LoadHistory({ load }: { load: Load }) {
  const { data: versions } = useSuspenseQuery(loadHistoryQueryOptions(load.id));
  const entries = loadHistoryEntries(load, versions);
  return (
    <section className="transfers-card transfers-no-print" aria-labelledby="load-history">
      <h2 id="load-history" className="transfers-card__title">
        {texts.history}
      </h2>
      {versions.length === 0 ? <p className="app-muted">{texts.historyEmpty}</p> : null}
      <ol className="transfers-history">
        {[...entries].reverse().map((entry) => (
          <li key={entry.version} className="transfers-history__entry">
            <p className="transfers-history__title">
              {entry.version === 1
                ? fillTemplate(texts.historyRecorded, { date: formatDateTime(entry.at) })
                : fillTemplate(texts.historyCorrected, { version: String(entry.version), date: formatDateTime(entry.at), name: entry.by ?? texts.someone })}
            </p>
            {entry.note ? <p className="transfers-history__note">{fillTemplate(texts.historyNote, { note: entry.note })}</p> : null}
            {entry.version > 1 ? (
              entry.changes.length === 0 ? (
                <p className="app-muted">{texts.noChange}</p>
              ) : (
                <ul className="transfers-history__changes">
                  {entry.changes.map((change) => (
                    <li key={change.label}>
                      <span className="transfers-history__label">{change.label}</span> : <del>{change.before}</del> → <ins>{change.after}</ins>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * /user/transfers/{id}/loads/{loadId}: one load for either side: its number large and its facts
 * as a printable slip ('Imprimer le bon'), its status, the ticket's photo or PDF, its history
 * (each version, who, when, what changed) and the actions the API says the viewer may take
 * (`availableActions`): correct or cancel it (CUT side), confirm its reception (FILL side).
 */
export function LoadPage({ transferId, loadId }: { transferId: string; loadId: string }) {
  const { data: transfer } = useSuspenseQuery(transferQueryOptions(transferId));
  const { data: load } = useSuspenseQuery(loadQueryOptions(loadId));
  const actions = new Set(load.availableActions);
  return (
    <PortalShell title={fillTemplate(texts.loadTitle, { number: load.number })}>
      <div className="transfers-page transfers-load">
        {load.overRemaining ? (
          <p className="transfers-page__meta transfers-no-print">
            <span className="transfers-flag">⚑ {texts.flagged}</span>
          </p>
        ) : null}
        <OutboxPanel transferId={transferId} />
        <section className="transfers-slip" aria-labelledby="load-slip">
          <p className="transfers-slip__kind">{texts.slip}</p>
          <p id="load-slip" className="transfers-slip__number">
            {load.number}
          </p>
          <p className="transfers-slip__transfer">{fillTemplate(texts.slipTransfer, { cut: transfer.cut.organizationName ?? transfer.cut.projectName, fill: transfer.fill.organizationName ?? transfer.fill.projectName })}</p>
          <dl className="transfers-details transfers-slip__facts" aria-label={texts.loadFacts}>
            <div>
              <dt>{texts.loadStatus}</dt>
              <dd>
                <LoadStatusTag status={load.status} />
              </dd>
            </div>
            {slipFacts(load, transfer).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {load.ticketFile ? (
              <div>
                <dt>{texts.ticketFile}</dt>
                <dd>{load.ticketFile.fileName}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <div className="transfers-load__actions transfers-no-print">
          {actions.has('CORRECT') ? (
            <Button asChild size="lg" className="transfers-touch">
              <AppLink href={correctionHref(transferId, load.id)}>{texts.correct}</AppLink>
            </Button>
          ) : null}
          {actions.has('ACCEPT') ? (
            <Button asChild size="lg" className="transfers-touch">
              <AppLink href={receptionHref(transferId, load.id)}>{texts.confirmReception}</AppLink>
            </Button>
          ) : null}
          <TicketDownload load={load} />
          <Button variant="secondary" className="transfers-touch" onClick={() => window.print()}>
            {texts.print}
          </Button>
          {actions.has('CANCEL') ? <CancelLoad load={load} /> : null}
          <Button asChild variant="ghost" className="transfers-touch">
            <AppLink href={transferHref(transferId)}>{texts.backToTransfer}</AppLink>
          </Button>
        </div>
        <LoadHistory load={load} />
      </div>
    </PortalShell>
  );
}
