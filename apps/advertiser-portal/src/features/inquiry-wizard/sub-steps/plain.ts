// The sub-steps whose fields are plain texts and dates: their rules, emptiness and wire form
// come from the domain's fields table, so a text field added there needs only its input.
import { fieldErrors, formObject, LISTING_FIELDS, subStepEntries, subStepFields, type ListingSubStep } from '@terres/domain';
import * as v from 'valibot';
import type { WizardValues } from '../model/values';
import type { SubStepModule, WirePatch } from './types';

type Plain = Pick<SubStepModule, 'fields' | 'validate' | 'isEmpty' | 'toWire'>;

const text = (values: WizardValues, key: string): string => {
  const value = (values as unknown as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
};

export function plainSubStep(key: ListingSubStep): Plain {
  const fields = subStepFields(key);
  return {
    fields,
    validate: (values, context) =>
      fieldErrors(
        v.safeParse(
          formObject(subStepEntries(key, context.now === undefined ? {} : { now: context.now })),
          Object.fromEntries(fields.map((field) => [field, text(values, field)])),
        ),
      ),
    isEmpty: (values) => fields.every((field) => text(values, field).trim() === ''),
    toWire: (values) =>
      Object.fromEntries(
        fields.map((field) => [LISTING_FIELDS[field].wire, LISTING_FIELDS[field].kind === 'date' ? text(values, field) : text(values, field).trim()]),
      ) as WirePatch,
  };
}
