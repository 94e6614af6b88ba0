// The sub-steps whose fields are plain texts and dates: their rules, emptiness and wire form
// come from the domain's fields table, so a text field added there needs only its input.
import type { Inquiry } from '@terres/api-client';
import { fieldErrors, formObject, LISTING_FIELDS, listingFieldsWhere, subStepEntries, subStepFields, type ListingSubStep } from '@terres/domain';
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
  // Built once; a context with its own day (tests) builds its own.
  const schema = formObject(subStepEntries(key));
  return {
    fields,
    validate: (values, context) =>
      fieldErrors(
        v.safeParse(
          context.now === undefined ? schema : formObject(subStepEntries(key, { now: context.now })),
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

// Optional texts and days (a permit's day, issue 19): a blank one the listing does not hold is not sent.
const OPTIONAL_TEXTS = listingFieldsWhere((field) => (field.kind === 'text' || field.kind === 'date') && field.submission === 'optional' && field.subStep !== null);

/**
 * The patch without the optional texts left blank that the saved listing does not hold either:
 * there is nothing to clear, so a save of a sub-step sends what the user gave, no empty keys.
 */
export function withoutNothingToClear(patch: WirePatch, saved: Inquiry | null): WirePatch {
  const result: Record<string, unknown> = { ...patch };
  for (const key of OPTIONAL_TEXTS) {
    const wire = LISTING_FIELDS[key].wire;
    const held = saved ? (saved as unknown as Record<string, unknown>)[key] : null;
    if (result[wire] === '' && (held === null || held === undefined || held === '')) delete result[wire];
  }
  return result as WirePatch;
}
