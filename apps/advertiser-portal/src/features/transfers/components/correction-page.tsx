import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { AppLink, useAuth, useDomainForm } from '@terres/app-kit';
import {
  exceedsRemaining,
  fillTemplate,
  isProblemOfType,
  LOAD_FIELD_LABELS,
  LOAD_STATUS_LABELS,
  PROBLEM_TYPES,
  remainingVolumeOf,
  type LoadDeparture,
  type LoadStatus,
  type TransportMode,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { TextArea } from '@terres/ui/text-area';
import { useToast } from '@terres/ui/toast';
import { useMemo, useState } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { useCorrectLoad } from '../api/correct-load';
import { carriersQueryOptions, loadQueryOptions, transferQueryOptions } from '../api/queries';
import { useUploadTicket } from '../api/upload-ticket';
import { correctionBody, correctionFormSchema, correctionValues } from '../model/forms';
import { texts } from '../texts';
import { DepartureFields, OverRemainingDialog, type TicketFileState } from './departure-fields';
import { loadHref } from './shared';

/**
 * /user/transfers/{id}/loads/{loadId}/correct (CUT side, before the reception; one screen, on a
 * phone): the departure's form filled with the load as it is, the same rules (the domain's
 * `createLoadDepartureSchema`), a comment, and the ticket's photo or PDF. The API keeps the former
 * version in the load's history; `expected_version` makes a correction made meanwhile a 409.
 */
export function CorrectionPage({ transferId, loadId }: { transferId: string; loadId: string }) {
  const { user } = useAuth();
  const organizationId = user?.organizationId ?? '';
  const { data: transfer } = useSuspenseQuery(transferQueryOptions(transferId));
  const { data: load } = useSuspenseQuery(loadQueryOptions(loadId));
  const { data: carrierPage } = useSuspenseQuery(carriersQueryOptions(organizationId));
  // The load's carrier stays listed even when archived since (shown disabled, with its reason).
  const carriers = carrierPage.items.filter((carrier) => !carrier.archived || carrier.id === load.carrier.id);
  const toast = useToast();
  const navigate = useNavigate();
  const correct = useCorrectLoad();
  const uploadTicket = useUploadTicket();
  const [ticket, setTicket] = useState<TicketFileState>({ file: null, error: null });
  const [over, setOver] = useState<LoadDeparture | null>(null);
  const [transportMode, setTransportMode] = useState<TransportMode | undefined>(load.carrier.transportMode as TransportMode);
  const schema = useMemo(() => correctionFormSchema({ wasteCodes: transfer.wasteCodes, transportMode }), [transfer.wasteCodes, transportMode]);
  const form = useDomainForm(schema, correctionValues(load));

  const remaining = remainingVolumeOf(transfer.balance, { replacingVolumeM3: load.status === 'IN_TRANSIT' ? load.volumeM3 : 0 });

  const send = async (departure: LoadDeparture, confirmOverRemaining: boolean) => {
    try {
      const corrected = await correct.mutateAsync({ transferId, loadId, body: correctionBody(departure, { confirmOverRemaining, expectedVersion: load.version }) });
      if (ticket.file) {
        try {
          await uploadTicket.mutateAsync({ loadId, file: ticket.file });
        } catch (error) {
          toast.error(texts.ticketFailed, parseProblem(error)?.detail);
        }
      }
      setOver(null);
      toast.success(fillTemplate(texts.corrected, { number: corrected.number, version: String(corrected.version) }));
      void navigate({ to: loadHref(transferId, loadId) });
    } catch (error) {
      const problem = parseProblem(error);
      if (problem?.status === 409 && isProblemOfType(problem, PROBLEM_TYPES.overRemainingVolume) && !confirmOverRemaining) {
        setOver(departure);
        return;
      }
      setOver(null);
      if (!form.showServerErrors(error)) toast.error(texts.correctionFailed, problem?.detail);
    }
  };

  const submit = () => {
    const departure = form.validate();
    if (!departure) return;
    if (exceedsRemaining(transfer.balance, departure.volumeM3, { replacingVolumeM3: load.volumeM3 })) {
      setOver(departure);
      return;
    }
    void send(departure, false);
  };

  const note = form.field('correctionNote');
  const correctable = load.availableActions.includes('CORRECT');
  return (
    <PortalShell title={texts.correctionTitle}>
      <div className="transfers-site">
        <p className="transfers-site__lead">
          {transfer.cut.projectName} → {transfer.fill.projectName}. {fillTemplate(texts.correctionLead, { number: load.number, version: String(load.version) })}
        </p>
        {!correctable ? (
          <p role="status" className="transfers-site__done">
            {fillTemplate(texts.notCorrectable, { status: LOAD_STATUS_LABELS[load.status as LoadStatus] ?? load.status })}
          </p>
        ) : (
          <form
            noValidate
            className="transfers-site__form"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <DepartureFields
              form={form}
              carriers={carriers}
              wasteCodes={transfer.wasteCodes}
              canAddCarrier={user?.role === 'OWNER'}
              onCarrierChange={setTransportMode}
              ticket={ticket}
              onTicketChange={setTicket}
              currentTicket={load.ticketFile?.fileName}
            />
            <TextArea
              label={LOAD_FIELD_LABELS.correctionNote}
              rows={2}
              name={note.name}
              value={note.value}
              error={note.error}
              onChange={(event) => form.setValue('correctionNote', event.target.value)}
              onBlur={note.onBlur}
            />
            <Button type="submit" size="lg" fullWidth className="transfers-touch" loading={correct.isPending || uploadTicket.isPending} loadingLabel={texts.sending}>
              {texts.sendCorrection}
            </Button>
          </form>
        )}
        <Button asChild variant="ghost" fullWidth className="transfers-touch">
          <AppLink href={loadHref(transferId, loadId)}>{texts.backToLoad}</AppLink>
        </Button>
        <OverRemainingDialog over={over} remaining={remaining} sending={correct.isPending} onClose={() => setOver(null)} onConfirm={(departure) => send(departure, true)} />
      </div>
    </PortalShell>
  );
}
