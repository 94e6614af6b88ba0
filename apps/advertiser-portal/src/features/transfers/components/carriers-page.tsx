import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, type Carrier } from '@terres/api-client';
import { useAuth, useDomainForm, useRouteRetry } from '@terres/app-kit';
import {
  CARRIER_FIELD_LABELS,
  calendarDateToDisplay,
  fillTemplate,
  RECEIPT_EXEMPTIONS,
  SOIL_RECEIPT_EXEMPTIONS,
  TRANSPORT_MODE_LABELS,
  TRANSPORT_MODES,
  type ReceiptExemption,
  type TransportMode,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useRef, useState, type ReactNode } from 'react';
import { carriersQueryOptions } from '../api/queries';
import { useSaveCarrier } from '../api/save-carrier';
import { carrierBody, carrierFormSchema, carrierValues, type CarrierField } from '../model/carrier-form';
import { newEntryKey } from '../model/outbox';
import { texts } from '../texts';
import '../transfers.css';

function receiptText(carrier: Carrier): string {
  if (carrier.exemption) return fillTemplate(texts.exempt, { exemption: RECEIPT_EXEMPTIONS[carrier.exemption as ReceiptExemption]?.label ?? carrier.exemption });
  if (carrier.receiptNumber && carrier.receiptValidUntil) {
    return fillTemplate(texts.receipt, {
      number: carrier.receiptNumber,
      department: carrier.receiptDepartment ?? '-',
      date: calendarDateToDisplay(carrier.receiptValidUntil),
    });
  }
  return '-';
}

function NativeSelect({ label, value, onChange, children, error }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; error?: string | undefined }) {
  const id = useRef(`carrier-${Math.random().toString(36).slice(2)}`).current;
  return (
    <div className="transfers-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="transfers-touch" aria-invalid={error ? true : undefined}>
        {children}
      </select>
      {error ? <p role="alert" className="transfers-choices__error">{error}</p> : null}
    </div>
  );
}

function CarrierForm({ organizationId, carrier, onDone }: { organizationId: string; carrier?: Carrier; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveCarrier();
  const key = useRef(newEntryKey());
  const form = useDomainForm(carrierFormSchema, carrierValues(carrier));
  const french = form.values.countryCode.trim().toUpperCase() === 'FR' || form.values.countryCode.trim() === '';
  const field = (name: CarrierField) => form.field(name);
  return (
    <form
      noValidate
      className="transfers-carrier-form"
      aria-label={carrier ? texts.editCarrier : texts.newCarrier}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = form.validate();
        if (!parsed) return;
        save.mutate(
          { organizationId, carrierId: carrier?.id, body: carrierBody(parsed), idempotencyKey: key.current },
          {
            onSuccess: () => {
              toast.success(texts.saved);
              onDone();
            },
            onError: (error) => {
              if (!form.showServerErrors(error)) toast.error(texts.saveFailed, parseProblem(error)?.detail);
            },
          },
        );
      }}
    >
      <h3 className="transfers-card__title">{carrier ? texts.editCarrier : texts.newCarrier}</h3>
      <TextField label={CARRIER_FIELD_LABELS.countryCode} maxLength={2} {...field('countryCode')} />
      {french ? <TextField label={CARRIER_FIELD_LABELS.siret} required inputMode="numeric" {...field('siret')} /> : <TextField label={CARRIER_FIELD_LABELS.identifier} required {...field('identifier')} />}
      <TextField label={CARRIER_FIELD_LABELS.name} required {...field('name')} />
      <TextField label={CARRIER_FIELD_LABELS.street} required {...field('street')} />
      <TextField label={CARRIER_FIELD_LABELS.postcode} required {...field('postcode')} />
      <TextField label={CARRIER_FIELD_LABELS.city} required {...field('city')} />
      <NativeSelect label={CARRIER_FIELD_LABELS.transportMode} value={form.values.transportMode} onChange={(value) => form.setValue('transportMode', value)} error={form.errors.transportMode}>
        {TRANSPORT_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {TRANSPORT_MODE_LABELS[mode as TransportMode]}
          </option>
        ))}
      </NativeSelect>
      {french ? (
        <NativeSelect label={CARRIER_FIELD_LABELS.exemption} value={form.values.exemption} onChange={(value) => form.setValue('exemption', value)} error={form.errors.exemption}>
          <option value="">{texts.noExemption}</option>
          {SOIL_RECEIPT_EXEMPTIONS.map((kind) => (
            <option key={kind} value={kind}>
              {RECEIPT_EXEMPTIONS[kind].item} : {RECEIPT_EXEMPTIONS[kind].label}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      {form.values.exemption === '' ? (
        <>
          <TextField label={CARRIER_FIELD_LABELS.receiptNumber} required={french} {...field('receiptNumber')} />
          <TextField label={CARRIER_FIELD_LABELS.receiptDepartment} required={french} {...field('receiptDepartment')} />
          <TextField label={CARRIER_FIELD_LABELS.receiptValidUntil} required={french} type="date" {...field('receiptValidUntil')} />
        </>
      ) : null}
      <div className="transfers-carrier-form__actions">
        <Button type="submit" loading={save.isPending} loadingLabel={texts.saving}>
          {texts.save}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * /user/account/carriers: the organisation's carriers with their receipt or exemption and whether
 * they can be chosen today (the API's `usable`, the domain's reason); the owner adds and edits
 * them, employees read.
 */
export function CarriersPage() {
  const { user } = useAuth();
  const organizationId = user?.organizationId ?? '';
  const { data } = useSuspenseQuery(carriersQueryOptions(organizationId));
  const owner = user?.role === 'OWNER';
  const [editing, setEditing] = useState<Carrier | 'new' | null>(null);
  return (
    <section className="transfers-carriers" aria-labelledby="transfers-carriers-title">
      <h2 id="transfers-carriers-title" className="transfers-card__title">
        {texts.carriersTitle}
      </h2>
      <p className="app-muted">{owner ? texts.carriersLead : `${texts.carriersLead} ${texts.carriersReadOnly}`}</p>
      {owner && editing === null ? (
        <Button onClick={() => setEditing('new')} className="transfers-touch">
          {texts.addCarrier}
        </Button>
      ) : null}
      {owner && editing !== null ? (
        <CarrierForm key={editing === 'new' ? 'new' : editing.id} organizationId={organizationId} {...(editing === 'new' ? {} : { carrier: editing })} onDone={() => setEditing(null)} />
      ) : null}
      {data.items.length === 0 ? (
        <EmptyState title={texts.noCarriers} headingLevel={3} />
      ) : (
        <ul className="transfers-carriers__list" aria-label={texts.carriersLabel}>
          {data.items.map((carrier) => (
            <li key={carrier.id} className="transfers-carriers__item">
              <div>
                <strong>{carrier.name}</strong>
                <span className="app-muted"> · {carrier.siret ?? carrier.identifier} · {carrier.postcode} {carrier.city} · {TRANSPORT_MODE_LABELS[carrier.transportMode as TransportMode] ?? carrier.transportMode}</span>
                <p className="transfers-carriers__receipt">{receiptText(carrier)}</p>
                {!carrier.usable && carrier.unusableReason ? <p className="transfers-choices__error">{carrier.unusableReason}</p> : null}
              </div>
              {owner ? (
                <Button variant="secondary" size="sm" onClick={() => setEditing(carrier)}>
                  {texts.edit}
                  <span className="terres-visually-hidden"> {carrier.name}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CarriersError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return <ErrorState title={texts.carriersLoadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={3} />;
}
