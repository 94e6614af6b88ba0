// The carrier form as strings, read by the domain's `carrierSchema` (its rules and French
// messages); empty inputs count as absent. The parsed carrier becomes the API's snake_case body.
// One copy for both apps: the portal's owner and the console's admin edit the same carriers.
import type { Carrier as ApiCarrier, CarrierRequest } from '@terres/api-client';
import { carrierColumns, carrierSchema, toSnakeKeys, type Carrier } from '@terres/domain';
import * as v from 'valibot';

export const CARRIER_FIELDS = [
  'countryCode',
  'siret',
  'identifier',
  'name',
  'street',
  'postcode',
  'city',
  'transportMode',
  'receiptNumber',
  'receiptDepartment',
  'receiptValidUntil',
  'exemption',
] as const;
export type CarrierField = (typeof CARRIER_FIELDS)[number];
export type CarrierValues = Record<CarrierField, string>;

export const carrierFormSchema = v.pipe(
  v.object(Object.fromEntries(CARRIER_FIELDS.map((name) => [name, v.string()])) as Record<CarrierField, v.StringSchema<undefined>>),
  v.transform((values): unknown => {
    const present = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim() === '' ? null : value])) as Record<CarrierField, string | null>;
    return { ...present, countryCode: present.countryCode ?? 'FR', transportMode: present.transportMode ?? 'ROAD' };
  }),
  carrierSchema as unknown as v.GenericSchema<unknown, Carrier>,
);

/** The form's strings for a stored carrier, or a new French carrier by road. */
export function carrierValues(carrier?: ApiCarrier): CarrierValues {
  return {
    countryCode: carrier?.countryCode ?? 'FR',
    siret: carrier?.siret ?? '',
    identifier: carrier?.identifier ?? '',
    name: carrier?.name ?? '',
    street: carrier?.street ?? '',
    postcode: carrier?.postcode ?? '',
    city: carrier?.city ?? '',
    transportMode: carrier?.transportMode ?? 'ROAD',
    receiptNumber: carrier?.receiptNumber ?? '',
    receiptDepartment: carrier?.receiptDepartment ?? '',
    receiptValidUntil: carrier?.receiptValidUntil ?? '',
    exemption: carrier?.exemption ?? '',
  };
}

/** The request body (snake_case) of a parsed carrier. */
export function carrierBody(carrier: Carrier): CarrierRequest {
  return toSnakeKeys({ ...carrierColumns(carrier) }) as unknown as CarrierRequest;
}
