// The carrier form of both apps (issue 18): the portal's owner and the console's admin add and
// edit an organisation's carriers with the same fields, rules and messages (the domain's
// `carrierSchema`, one pass). Each app brings what saving does (its mutation hook, which keeps its
// cache in step), and may bring its class names (the portal's large touch targets).
import { parseProblem, type Carrier, type CarrierRequest } from '@terres/api-client';
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
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useDomainForm } from '../forms/use-domain-form';
import { carrierTexts } from './carrier-texts';
import { carrierBody, carrierFormSchema, carrierValues } from './carrier-values';
import './carrier-form.css';

/** What a save sends: the carrier edited (absent for a new one), its body, the creation's retry key. */
export interface CarrierSave {
  carrierId?: string | undefined;
  body: CarrierRequest;
  /** One key per form opened: a creation sent twice (a retry) makes one carrier. */
  idempotencyKey: string;
}

export interface CarrierFormClassNames {
  form: string;
  title: string;
  /** A native select's wrapper (label, select, message). */
  select: string;
  /** The select itself. */
  control: string;
  /** A select's message. */
  error: string;
  actions: string;
}

const KIT_CLASS_NAMES: CarrierFormClassNames = {
  form: 'kit-carrier-form',
  title: 'kit-carrier-form__title',
  select: 'kit-carrier-form__select',
  control: 'kit-carrier-form__control',
  error: 'kit-carrier-form__error',
  actions: 'kit-carrier-form__actions',
};

export interface CarrierFormProps {
  /** The carrier edited; absent for a new one. */
  carrier?: Carrier | undefined;
  /** Saves (the app's mutation hook); a rejection keeps the form open with what was typed. */
  onSave: (save: CarrierSave) => Promise<unknown>;
  /** Leaves the form (after 'Annuler' or a save). */
  onDone: () => void;
  classNames?: Partial<CarrierFormClassNames>;
}

function NativeSelect({
  label,
  value,
  onChange,
  children,
  error,
  classNames,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  error?: string | undefined;
  classNames: CarrierFormClassNames;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classNames.select}>
      {/* The design system's label and input look (@terres/ui has no native select). */}
      <label htmlFor={id} className="terres-form-field__label">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`terres-input ${classNames.control}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} role="alert" className={classNames.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A French carrier by SIRET (country FR, the default), a foreign one by its identifier; a receipt
 * or, for a French carrier, an exemption that covers soil. 'Enregistrer' checks with the domain's
 * rules (every message at once) and saves; the fields a 422 names say why, else a toast does.
 */
export function CarrierForm({ carrier, onSave, onDone, classNames: custom }: CarrierFormProps) {
  const classNames = { ...KIT_CLASS_NAMES, ...custom };
  const texts = carrierTexts;
  const toast = useToast();
  const key = useRef(crypto.randomUUID());
  const [saving, setSaving] = useState(false);
  const form = useDomainForm(carrierFormSchema, carrierValues(carrier));
  const french = form.values.countryCode.trim().toUpperCase() === 'FR' || form.values.countryCode.trim() === '';
  const title = carrier ? texts.editCarrier : texts.newCarrier;

  const submit = async () => {
    if (saving) return;
    const parsed = form.validate();
    if (!parsed) return;
    setSaving(true);
    try {
      await onSave({ carrierId: carrier?.id, body: carrierBody(parsed), idempotencyKey: key.current });
      toast.success(texts.saved);
      onDone();
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(texts.saveFailed, parseProblem(error)?.detail);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className={classNames.form}
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className={classNames.title}>{title}</h3>
      <TextField label={CARRIER_FIELD_LABELS.countryCode} maxLength={2} {...form.field('countryCode')} />
      {french ? (
        <TextField label={CARRIER_FIELD_LABELS.siret} required inputMode="numeric" {...form.field('siret')} />
      ) : (
        <TextField label={CARRIER_FIELD_LABELS.identifier} required {...form.field('identifier')} />
      )}
      <TextField label={CARRIER_FIELD_LABELS.name} required {...form.field('name')} />
      <TextField label={CARRIER_FIELD_LABELS.street} required {...form.field('street')} />
      <TextField label={CARRIER_FIELD_LABELS.postcode} required {...form.field('postcode')} />
      <TextField label={CARRIER_FIELD_LABELS.city} required {...form.field('city')} />
      <NativeSelect
        label={CARRIER_FIELD_LABELS.transportMode}
        value={form.values.transportMode}
        onChange={(value) => form.setValue('transportMode', value)}
        error={form.errors.transportMode}
        classNames={classNames}
      >
        {TRANSPORT_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {TRANSPORT_MODE_LABELS[mode]}
          </option>
        ))}
      </NativeSelect>
      {french ? (
        <NativeSelect
          label={CARRIER_FIELD_LABELS.exemption}
          value={form.values.exemption}
          onChange={(value) => form.setValue('exemption', value)}
          error={form.errors.exemption}
          classNames={classNames}
        >
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
          <TextField label={CARRIER_FIELD_LABELS.receiptNumber} required={french} {...form.field('receiptNumber')} />
          <TextField label={CARRIER_FIELD_LABELS.receiptDepartment} required={french} {...form.field('receiptDepartment')} />
          <TextField label={CARRIER_FIELD_LABELS.receiptValidUntil} required={french} type="date" {...form.field('receiptValidUntil')} />
        </>
      ) : null}
      <div className={classNames.actions}>
        <Button type="submit" loading={saving} loadingLabel={texts.saving}>
          {texts.save}
        </Button>
        <Button type="button" variant="ghost" disabled={saving} onClick={onDone}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}

/** A carrier's receipt ('Récépissé n° 2024-TR-118 (68), valable jusqu’au 31/12/2030') or exemption line. */
export function carrierReceiptText(carrier: Pick<Carrier, 'exemption' | 'receiptNumber' | 'receiptDepartment' | 'receiptValidUntil'>): string {
  if (carrier.exemption) {
    return fillTemplate(carrierTexts.exempt, { exemption: RECEIPT_EXEMPTIONS[carrier.exemption as ReceiptExemption]?.label ?? carrier.exemption });
  }
  if (carrier.receiptNumber && carrier.receiptValidUntil) {
    return fillTemplate(carrierTexts.receipt, {
      number: carrier.receiptNumber,
      department: carrier.receiptDepartment ?? '-',
      date: calendarDateToDisplay(carrier.receiptValidUntil),
    });
  }
  return carrierTexts.noReceipt;
}

/** 'Transports Muller · 73282932000074 · 68100 Mulhouse · Route': who the carrier is, on one line. */
export function carrierIdentityText(carrier: Pick<Carrier, 'siret' | 'identifier' | 'postcode' | 'city' | 'transportMode'>): string {
  const mode = TRANSPORT_MODE_LABELS[carrier.transportMode as TransportMode] ?? carrier.transportMode;
  return [carrier.siret ?? carrier.identifier ?? '-', `${carrier.postcode} ${carrier.city}`, mode].join(' · ');
}
