import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { AppLink, useDomainForm } from '@terres/app-kit';
import { fillTemplate, formatCubicMetres, formatDateTime, LOAD_FIELD_LABELS, LOAD_STATUS_LABELS, RECEPTION_OUTCOME_LABELS, type LoadStatus, type TransportMode } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { TextArea } from '@terres/ui/text-area';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useMemo, useRef, useState } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { useConfirmReception } from '../api/confirm-reception';
import { loadQueryOptions, transferQueryOptions } from '../api/queries';
import { localDateTimeNow, receptionBody, receptionFormSchema } from '../model/forms';
import { newEntryKey } from '../model/outbox';
import { texts } from '../texts';
import { ChoiceGroup } from './choice-group';
import { OutboxPanel, transferHref } from './shared';

/**
 * /user/transfers/{id}/loads/{loadId}/reception (FILL side, on a phone): accepted or refused
 * (a refusal needs its reason, the domain's rule), the date and time prefilled to now, and the
 * received volume or weight only when it differs. Without network the entry waits in the outbox.
 */
export function ReceptionPage({ transferId, loadId }: { transferId: string; loadId: string }) {
  const { data: transfer } = useSuspenseQuery(transferQueryOptions(transferId));
  const { data: load } = useSuspenseQuery(loadQueryOptions(loadId));
  const toast = useToast();
  const navigate = useNavigate();
  const confirm = useConfirmReception();
  const keyRef = useRef(newEntryKey());
  const [queued, setQueued] = useState(false);
  const schema = useMemo(
    () => receptionFormSchema({ departedAt: load.departedAt, transportMode: load.carrier.transportMode as TransportMode }),
    [load.departedAt, load.carrier.transportMode],
  );
  const form = useDomainForm(schema, { receivedAt: localDateTimeNow(), outcome: '', refusalReason: '', receivedVolumeM3: '', receivedWeightTonnes: '' });

  const submit = async () => {
    const reception = form.validate();
    if (!reception) return;
    try {
      const result = await confirm.mutateAsync({ transferId, loadId, loadNumber: load.number, body: receptionBody(reception), idempotencyKey: keyRef.current });
      if (result.status === 'queued') {
        setQueued(true);
        return;
      }
      toast.success(fillTemplate(texts.receptionRecorded, { number: load.number }));
      void navigate({ to: transferHref(transferId) });
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(texts.receptionFailed, parseProblem(error)?.detail);
    }
  };

  const lead = fillTemplate(texts.receptionLead, {
    number: load.number,
    volume: formatCubicMetres(load.volumeM3),
    code: load.wasteCode,
    departedAt: formatDateTime(load.departedAt),
    plate: load.vehiclePlate,
    carrier: load.carrier.name,
  });
  const reason = form.field('refusalReason');
  return (
    <PortalShell title={texts.receptionTitle}>
      <div className="transfers-site">
        <p className="transfers-site__lead">
          {transfer.cut.projectName} → {transfer.fill.projectName}. {lead}
        </p>
        <OutboxPanel transferId={transferId} />
        {queued ? (
          <p role="status" className="transfers-site__done">
            {texts.queued}
          </p>
        ) : load.status !== 'IN_TRANSIT' ? (
          <p role="status" className="transfers-site__done">
            {fillTemplate(texts.notInTransit, { status: LOAD_STATUS_LABELS[load.status as LoadStatus] ?? load.status })}
          </p>
        ) : (
          <form
            noValidate
            className="transfers-site__form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <ChoiceGroup
              label={LOAD_FIELD_LABELS.outcome}
              name="outcome"
              required
              columns
              value={form.values.outcome}
              error={form.errors.outcome}
              onChange={(value) => form.setValue('outcome', value)}
              options={[
                { value: 'ACCEPTED', label: RECEPTION_OUTCOME_LABELS.ACCEPTED },
                { value: 'REFUSED', label: RECEPTION_OUTCOME_LABELS.REFUSED },
              ]}
            />
            {form.values.outcome === 'REFUSED' ? (
              <TextArea
                label={LOAD_FIELD_LABELS.refusalReason}
                required
                rows={3}
                name={reason.name}
                value={reason.value}
                error={reason.error}
                onChange={(event) => form.setValue('refusalReason', event.target.value)}
                onBlur={reason.onBlur}
              />
            ) : null}
            <TextField label={LOAD_FIELD_LABELS.receivedAt} type="datetime-local" required inputClassName="transfers-touch" {...form.field('receivedAt')} />
            <fieldset className="transfers-site__weighed">
              <legend>{texts.differs}</legend>
              <TextField label={LOAD_FIELD_LABELS.receivedVolumeM3} inputMode="decimal" inputClassName="transfers-touch" {...form.field('receivedVolumeM3')} />
              <TextField label={LOAD_FIELD_LABELS.receivedWeightTonnes} inputMode="decimal" inputClassName="transfers-touch" {...form.field('receivedWeightTonnes')} />
            </fieldset>
            <Button type="submit" size="lg" fullWidth className="transfers-touch" loading={confirm.isPending} loadingLabel={texts.sending}>
              {texts.sendReception}
            </Button>
          </form>
        )}
        <Button asChild variant="ghost" fullWidth className="transfers-touch">
          <AppLink href={transferHref(transferId)}>{texts.backToTransfer}</AppLink>
        </Button>
      </div>
    </PortalShell>
  );
}
