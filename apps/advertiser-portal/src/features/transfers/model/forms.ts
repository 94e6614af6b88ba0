// The two on-site forms as strings (what inputs hold) read by the domain's schemas: the rules and
// their French messages are `createLoadDepartureSchema` / `createLoadReceptionSchema`; this file
// only turns the inputs' text into the schema's input (a local date-time into an instant, '12,5'
// into 12.5) and the parsed values into the API's snake_case body.
import type { Load, LoadCorrectionRequest, LoadDepartureRequest, LoadReceptionRequest } from '@terres/api-client';
import { createLoadDepartureSchema, createLoadReceptionSchema, type LoadDeparture, type LoadReception, type TransportMode } from '@terres/domain';
import * as v from 'valibot';

/** '12,5' or '12.5' -> 12.5; '' -> undefined (absent); anything else -> NaN (the schema's message). */
export function readNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A `datetime-local` value ('2027-03-09T07:42', the phone's time) as an instant, or the text itself. */
export function readLocalDateTime(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return text;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** Now as a `datetime-local` value, in the phone's time zone, to the minute. */
export function localDateTimeNow(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

export const DEPARTURE_FIELDS = ['departedAt', 'carrierId', 'vehiclePlate', 'wasteCode', 'volumeM3', 'weightTonnes', 'weighbridgeTicket'] as const;
export type DepartureField = (typeof DEPARTURE_FIELDS)[number];
export type DepartureValues = Record<DepartureField, string>;

/** The departure's inputs as the domain schema's input (shared by the recording and the correction). */
function departureInput(values: DepartureValues) {
  return {
    departedAt: readLocalDateTime(values.departedAt),
    carrierId: values.carrierId,
    vehiclePlate: values.vehiclePlate,
    wasteCode: values.wasteCode,
    volumeM3: readNumber(values.volumeM3),
    weightTonnes: readNumber(values.weightTonnes) ?? null,
    weighbridgeTicket: values.weighbridgeTicket.trim() === '' ? null : values.weighbridgeTicket,
  };
}

function departureSchemaOf(options: { wasteCodes: readonly string[]; transportMode?: TransportMode | undefined }) {
  // The transform's output is the domain schema's input (typed as unknown: valibot's pipe wants them equal).
  return createLoadDepartureSchema({
    wasteCodes: options.wasteCodes as Parameters<typeof createLoadDepartureSchema>[0]['wasteCodes'],
    ...(options.transportMode ? { transportMode: options.transportMode } : {}),
  }) as unknown as v.GenericSchema<unknown, LoadDeparture>;
}

export function departureFormSchema(options: { wasteCodes: readonly string[]; transportMode?: TransportMode | undefined }) {
  return v.pipe(
    v.object(Object.fromEntries(DEPARTURE_FIELDS.map((name) => [name, v.string()])) as Record<DepartureField, v.StringSchema<undefined>>),
    v.transform((values): unknown => departureInput(values)),
    departureSchemaOf(options),
  );
}

export function departureBody(load: LoadDeparture, confirmOverRemaining: boolean): LoadDepartureRequest {
  return {
    departed_at: load.departedAt,
    carrier_id: load.carrierId,
    vehicle_plate: load.vehiclePlate,
    waste_code: load.wasteCode,
    volume_m3: load.volumeM3,
    weight_tonnes: load.weightTonnes,
    weighbridge_ticket: load.weighbridgeTicket,
    ...(confirmOverRemaining ? { confirm_over_remaining: true } : {}),
  };
}

/** The correction: the departure's fields (the same rules) and its comment (`correctionNote`). */
export const CORRECTION_FIELDS = [...DEPARTURE_FIELDS, 'correctionNote'] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];
export type CorrectionValues = Record<CorrectionField, string>;

export function correctionFormSchema(options: { wasteCodes: readonly string[]; transportMode?: TransportMode | undefined }) {
  return v.pipe(
    v.object(Object.fromEntries(CORRECTION_FIELDS.map((name) => [name, v.string()])) as Record<CorrectionField, v.StringSchema<undefined>>),
    v.transform((values): unknown => ({ ...departureInput(values), correctionNote: values.correctionNote.trim() === '' ? null : values.correctionNote })),
    departureSchemaOf(options),
  );
}

/** A load as the correction form's strings: its instant in the phone's time, '12,5' for 12.5. */
export function correctionValues(load: Pick<Load, 'departedAt' | 'carrier' | 'vehiclePlate' | 'wasteCode' | 'volumeM3' | 'weightTonnes' | 'weighbridgeTicket'>): CorrectionValues {
  const decimal = (value: number | null | undefined) => (value == null ? '' : String(value).replace('.', ','));
  return {
    departedAt: localDateTimeNow(new Date(load.departedAt)),
    carrierId: load.carrier.id,
    vehiclePlate: load.vehiclePlate,
    wasteCode: load.wasteCode,
    volumeM3: decimal(load.volumeM3),
    weightTonnes: decimal(load.weightTonnes),
    weighbridgeTicket: load.weighbridgeTicket ?? '',
    correctionNote: '',
  };
}

export function correctionBody(load: LoadDeparture, options: { confirmOverRemaining: boolean; expectedVersion: number }): LoadCorrectionRequest {
  return { ...departureBody(load, options.confirmOverRemaining), expected_version: options.expectedVersion, correction_note: load.correctionNote };
}

export const RECEPTION_FIELDS = ['receivedAt', 'outcome', 'refusalReason', 'receivedVolumeM3', 'receivedWeightTonnes'] as const;
export type ReceptionField = (typeof RECEPTION_FIELDS)[number];
export type ReceptionValues = Record<ReceptionField, string>;

export function receptionFormSchema(options: { departedAt: string; transportMode?: TransportMode | undefined }) {
  return v.pipe(
    v.object(Object.fromEntries(RECEPTION_FIELDS.map((name) => [name, v.string()])) as Record<ReceptionField, v.StringSchema<undefined>>),
    v.transform((values): unknown => ({
      receivedAt: readLocalDateTime(values.receivedAt),
      outcome: values.outcome === '' ? undefined : values.outcome,
      refusalReason: values.refusalReason.trim() === '' ? null : values.refusalReason,
      receivedVolumeM3: readNumber(values.receivedVolumeM3) ?? null,
      receivedWeightTonnes: readNumber(values.receivedWeightTonnes) ?? null,
    })),
    createLoadReceptionSchema({ departedAt: options.departedAt, ...(options.transportMode ? { transportMode: options.transportMode } : {}) }) as unknown as v.GenericSchema<
      unknown,
      LoadReception
    >,
  );
}

export function receptionBody(reception: LoadReception): LoadReceptionRequest {
  return {
    received_at: reception.receivedAt,
    outcome: reception.outcome,
    refusal_reason: reception.refusalReason,
    received_volume_m3: reception.receivedVolumeM3,
    received_weight_tonnes: reception.receivedWeightTonnes,
  };
}
