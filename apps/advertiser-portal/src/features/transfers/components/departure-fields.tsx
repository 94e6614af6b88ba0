import type { Carrier } from '@terres/api-client';
import { AppLink, type DomainForm } from '@terres/app-kit';
import {
  carrierUsableOn,
  checkLoadTicketFile,
  fillTemplate,
  formatCubicMetres,
  LOAD_FIELD_LABELS,
  LOAD_TICKET_ACCEPT,
  normalizePlate,
  overRemainingMessage,
  type LoadDeparture,
  type ReceiptExemption,
  type TransportMode,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { TextField } from '@terres/ui/text-field';
import { useEffect, useId, useRef } from 'react';
import { readLocalDateTime, type DepartureField } from '../model/forms';
import { texts } from '../texts';
import { ChoiceGroup } from './choice-group';

/** Whether the carrier may carry this load (the domain's rule, on the departure's day and code). */
export function carrierUsability(carrier: Carrier, departedAt: string, wasteCode: string) {
  const receipt =
    carrier.receiptNumber && carrier.receiptDepartment && carrier.receiptValidUntil
      ? { number: carrier.receiptNumber, department: carrier.receiptDepartment, validUntil: carrier.receiptValidUntil }
      : null;
  return carrierUsableOn(
    { name: carrier.name, countryCode: carrier.countryCode, receipt, exemption: (carrier.exemption as ReceiptExemption | null) ?? null, archived: carrier.archived },
    readLocalDateTime(departedAt),
    { wasteCode: wasteCode || null },
  );
}

type FieldProps = ReturnType<DomainForm<DepartureField, unknown>['field']>;

/** What the fields use of a form that may have more (the correction's comment): its departure's fields. */
interface DepartureForm {
  values: DomainForm<DepartureField, unknown>['values'];
  errors: DomainForm<DepartureField, unknown>['errors'];
  setValue(name: DepartureField, value: string): void;
  field(name: DepartureField): Omit<FieldProps, 'name'> & { name: string };
}

export interface TicketFileState {
  file: File | null;
  error: string | null;
}

/**
 * The weighbridge ticket's photo or PDF (optional): a native file input, so a phone offers its
 * camera (`capture`) as well as its files; the domain's `checkLoadTicketFile` refuses a file that
 * is no ticket before anything is sent.
 */
export function TicketFileInput({ value, onChange, current }: { value: TicketFileState; onChange: (next: TicketFileState) => void; current?: string | null | undefined }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Emptied by the form (the next truck, a sent correction): the native input forgets its file too.
  useEffect(() => {
    if (!value.file && !value.error && input.current) input.current.value = '';
  }, [value.file, value.error]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="transfers-ticket">
      <label htmlFor={id} className="transfers-ticket__label">
        {LOAD_FIELD_LABELS.ticketFile}
      </label>
      <p id={hintId} className="transfers-ticket__hint">
        {current ? `${fillTemplate(texts.ticketCurrent, { name: current })} ` : ''}
        {texts.ticketHint}
      </p>
      <input
        ref={input}
        id={id}
        name="ticketFile"
        type="file"
        accept={LOAD_TICKET_ACCEPT}
        capture="environment"
        className="transfers-ticket__input transfers-touch"
        aria-describedby={value.error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={value.error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          if (!file) return onChange({ file: null, error: null });
          const check = checkLoadTicketFile(file);
          onChange(check.ok ? { file, error: null } : { file: null, error: check.message });
          if (!check.ok) event.target.value = '';
        }}
      />
      {value.file ? <p className="transfers-ticket__chosen">{fillTemplate(texts.ticketChosen, { name: value.file.name })}</p> : null}
      {value.error ? (
        <p id={errorId} className="transfers-ticket__error" role="alert">
          {value.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The departure's inputs, shared by the recording and the correction (one set of rules: the
 * domain's `createLoadDepartureSchema`): date and time, the carrier among the organisation's
 * (those the domain refuses shown disabled with its reason), the plate in its printed form, the
 * waste code among the listing's, the volume and, when weighed, the weight, ticket number and
 * ticket file.
 */
export function DepartureFields({
  form,
  carriers,
  wasteCodes,
  lastCarrierId,
  canAddCarrier,
  onCarrierChange,
  ticket,
  onTicketChange,
  currentTicket,
}: {
  /** The departure's fields of a form that may have more (the correction's comment). */
  form: DepartureForm;
  carriers: readonly Carrier[];
  wasteCodes: readonly string[];
  lastCarrierId?: string | null | undefined;
  canAddCarrier: boolean;
  onCarrierChange: (mode: TransportMode | undefined) => void;
  ticket: TicketFileState;
  onTicketChange: (next: TicketFileState) => void;
  currentTicket?: string | null | undefined;
}) {
  const f = form;
  const plate = f.field('vehiclePlate');
  return (
    <>
      <TextField label={LOAD_FIELD_LABELS.departedAt} type="datetime-local" required inputClassName="transfers-touch" {...f.field('departedAt')} />
      {carriers.length === 0 ? (
        <div className="transfers-site__empty">
          <p>{texts.noCarrier}</p>
          {canAddCarrier ? (
            <Button asChild variant="secondary" className="transfers-touch">
              <AppLink href="/user/account/carriers">{texts.addCarrier}</AppLink>
            </Button>
          ) : (
            <p>{texts.askOwner}</p>
          )}
        </div>
      ) : (
        <ChoiceGroup
          label={LOAD_FIELD_LABELS.carrierId}
          name="carrierId"
          required
          value={f.values.carrierId}
          error={f.errors.carrierId}
          onChange={(value) => {
            f.setValue('carrierId', value);
            onCarrierChange(carriers.find((carrier) => carrier.id === value)?.transportMode as TransportMode | undefined);
          }}
          options={carriers.map((carrier) => {
            const usability = carrierUsability(carrier, f.values.departedAt, f.values.wasteCode);
            const reason = usability.usable ? (carrier.usable ? null : carrier.unusableReason) : usability.message;
            return {
              value: carrier.id,
              label: carrier.name,
              description: reason ?? (lastCarrierId === carrier.id ? texts.lastUsed : carrier.city),
              disabled: reason !== null,
            };
          })}
        />
      )}
      <TextField
        label={LOAD_FIELD_LABELS.vehiclePlate}
        required
        autoCapitalize="characters"
        autoComplete="off"
        inputClassName="transfers-touch"
        {...plate}
        onBlur={() => {
          const normalized = normalizePlate(f.values.vehiclePlate);
          if (normalized && normalized.plate !== f.values.vehiclePlate) f.setValue('vehiclePlate', normalized.plate);
          plate.onBlur();
        }}
      />
      <ChoiceGroup
        label={LOAD_FIELD_LABELS.wasteCode}
        name="wasteCode"
        required
        value={f.values.wasteCode}
        error={f.errors.wasteCode}
        onChange={(value) => f.setValue('wasteCode', value)}
        options={wasteCodes.map((code) => ({ value: code, label: code }))}
      />
      <TextField label={LOAD_FIELD_LABELS.volumeM3} required inputMode="decimal" inputClassName="transfers-touch" {...f.field('volumeM3')} />
      <fieldset className="transfers-site__weighed">
        <legend>{texts.weighed}</legend>
        <TextField label={LOAD_FIELD_LABELS.weightTonnes} inputMode="decimal" inputClassName="transfers-touch" {...f.field('weightTonnes')} />
        <TextField label={LOAD_FIELD_LABELS.weighbridgeTicket} autoComplete="off" inputClassName="transfers-touch" {...f.field('weighbridgeTicket')} />
        <TicketFileInput value={ticket} onChange={onTicketChange} current={currentTicket} />
      </fieldset>
    </>
  );
}

/**
 * The confirmation a load over the transfer's remaining volume asks for (the departure and the
 * correction screens): `over` is the departure waiting for it, `remaining` the volume still expected.
 */
export function OverRemainingDialog({
  over,
  remaining,
  sending,
  onClose,
  onConfirm,
}: {
  over: LoadDeparture | null;
  remaining: number;
  sending: boolean;
  onClose: () => void;
  onConfirm: (departure: LoadDeparture) => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={over !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={texts.overTitle}
      description={over ? overRemainingMessage(formatCubicMetres(over.volumeM3), formatCubicMetres(remaining)) : ''}
      confirmLabel={texts.overConfirm}
      cancelLabel={texts.cancel}
      loading={sending}
      loadingLabel={texts.sending}
      onConfirm={() => (over ? onConfirm(over) : undefined)}
    />
  );
}
