import { useSuspenseQuery } from '@tanstack/react-query';
import { parseProblem, type Carrier } from '@terres/api-client';
import { AppLink, useAuth, useDomainForm } from '@terres/app-kit';
import { exceedsRemaining, fillTemplate, formatCubicMetres, isProblemOfType, PROBLEM_TYPES, type LoadDeparture, type TransportMode } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { useToast } from '@terres/ui/toast';
import { useMemo, useRef, useState } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { carriersQueryOptions, transferQueryOptions } from '../api/queries';
import { useRecordLoad } from '../api/record-load';
import { useUploadTicket } from '../api/upload-ticket';
import { departureBody, departureFormSchema, localDateTimeNow, type DepartureValues } from '../model/forms';
import { readLastUsed, saveLastUsed } from '../model/last-used';
import { newEntryKey } from '../model/outbox';
import { texts } from '../texts';
import { DepartureFields, OverRemainingDialog, type TicketFileState } from './departure-fields';
import { OutboxPanel, transferHref } from './shared';

function initialValues(carriers: readonly Carrier[], wasteCodes: readonly string[], organizationId: string | null | undefined): DepartureValues {
  const last = readLastUsed(organizationId);
  const lastCarrier = last ? carriers.find((carrier) => carrier.id === last.carrierId && carrier.usable) : undefined;
  return {
    departedAt: localDateTimeNow(),
    carrierId: lastCarrier?.id ?? '',
    vehiclePlate: last?.vehiclePlate ?? '',
    wasteCode: wasteCodes.length === 1 ? (wasteCodes[0] ?? '') : '',
    volumeM3: '',
    weightTonnes: '',
    weighbridgeTicket: '',
  };
}

/**
 * /user/transfers/{id}/departure (CUT side, on a phone): one screen per truck. Date and time
 * prefilled to now, the carrier among the organisation's (those the domain refuses shown disabled
 * with its reason), the plate in its printed form, the waste code among the listing's, the volume
 * and, when weighed, the weight and ticket. The last carrier and plate come back for the next
 * truck; a load over the remaining volume is confirmed first; without network the entry waits in
 * the outbox.
 */
export function DeparturePage({ id }: { id: string }) {
  const { user } = useAuth();
  const organizationId = user?.organizationId ?? '';
  const { data: transfer } = useSuspenseQuery(transferQueryOptions(id));
  const { data: carrierPage } = useSuspenseQuery(carriersQueryOptions(organizationId));
  const carriers = carrierPage.items.filter((carrier) => !carrier.archived);
  const toast = useToast();
  const recordLoad = useRecordLoad();
  const uploadTicket = useUploadTicket();
  const [ticket, setTicket] = useState<TicketFileState>({ file: null, error: null });
  const keyRef = useRef(newEntryKey());
  const [over, setOver] = useState<LoadDeparture | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const [transportMode, setTransportMode] = useState<TransportMode | undefined>(undefined);
  const schema = useMemo(() => departureFormSchema({ wasteCodes: transfer.wasteCodes, transportMode }), [transfer.wasteCodes, transportMode]);
  const form = useDomainForm(schema, initialValues(carriers, transfer.wasteCodes, organizationId));

  const remaining = transfer.balance.remainingVolumeM3;

  const send = async (load: LoadDeparture, confirmOverRemaining: boolean) => {
    setDone(null);
    try {
      const result = await recordLoad.mutateAsync({ transferId: transfer.id, body: departureBody(load, confirmOverRemaining), idempotencyKey: keyRef.current });
      saveLastUsed(organizationId, { carrierId: load.carrierId, vehiclePlate: load.vehiclePlate });
      let message = result.status === 'sent' ? fillTemplate(texts.recorded, { number: result.load.number }) : texts.queued;
      if (ticket.file) {
        // The file is not kept offline (localStorage holds text): the load page takes it later.
        if (result.status === 'queued') message = `${message} ${texts.ticketNotKept}`;
        else {
          try {
            await uploadTicket.mutateAsync({ loadId: result.load.id, file: ticket.file });
          } catch (error) {
            toast.error(texts.ticketFailed, parseProblem(error)?.detail);
          }
        }
      }
      // Said once, on the screen (no toast as well): the next truck's entry starts below it.
      setDone(message);
      setTicket({ file: null, error: null });
      // The next truck: a new entry, the same carrier and plate.
      keyRef.current = newEntryKey();
      form.reset(initialValues(carriers, transfer.wasteCodes, organizationId));
      setOver(null);
    } catch (error) {
      const problem = parseProblem(error);
      if (problem?.status === 409 && isProblemOfType(problem, PROBLEM_TYPES.overRemainingVolume) && !confirmOverRemaining) {
        setOver(load);
        return;
      }
      setOver(null);
      if (!form.showServerErrors(error)) toast.error(texts.sendFailed, problem?.detail);
    }
  };

  const submit = () => {
    const load = form.validate();
    if (!load) return;
    if (exceedsRemaining(transfer.balance, load.volumeM3)) {
      setOver(load);
      return;
    }
    void send(load, false);
  };

  return (
    <PortalShell title={texts.departureTitle}>
      <div className="transfers-site">
        <p className="transfers-site__lead">
          {transfer.cut.projectName} → {transfer.fill.projectName}. {fillTemplate(texts.departureLead, { remaining: formatCubicMetres(remaining) })}
        </p>
        <OutboxPanel transferId={transfer.id} />
        {done ? (
          <p role="status" className="transfers-site__done">
            {done}
          </p>
        ) : null}
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
            lastCarrierId={readLastUsed(organizationId)?.carrierId}
            canAddCarrier={user?.role === 'OWNER'}
            onCarrierChange={setTransportMode}
            ticket={ticket}
            onTicketChange={setTicket}
          />
          <Button type="submit" size="lg" fullWidth className="transfers-touch" loading={recordLoad.isPending || uploadTicket.isPending} loadingLabel={texts.sending}>
            {texts.send}
          </Button>
          <Button asChild variant="ghost" fullWidth className="transfers-touch">
            <AppLink href={transferHref(transfer.id)}>{texts.backToTransfer}</AppLink>
          </Button>
        </form>
        <OverRemainingDialog over={over} remaining={remaining} sending={recordLoad.isPending} onClose={() => setOver(null)} onConfirm={(departure) => send(departure, true)} />
      </div>
    </PortalShell>
  );
}
