// One way to run a form on a @terres/domain schema (spec §5: "validation on blur and on request;
// errors clear when typing"), for both apps: the portal's onboarding and account forms, the
// console's organisation edit. Values are the inputs' strings; the schema turns them into the
// request's values and gives the French messages; a 422 problem's `errors` show on their fields.
import { parseProblem } from '@terres/api-client';
import { fieldErrors, snakeToCamel } from '@terres/domain';
import { useState, type ChangeEvent } from 'react';
import * as v from 'valibot';

export type FormValues<K extends string> = Record<K, string>;
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The 422 `errors` of a problem keyed by form field, keeping only `fields`, each with its first
 * message. The wire names fields in snake_case; `toField` maps a wire name to the form's
 * (camelCase by default; a form of nested paths passes its own).
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
  toField: (wireName: string) => string = snakeToCamel,
): FormErrors<K> {
  const raw = parseProblem(error)?.errors;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: FormErrors<K> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = toField(key) as K;
    const message = Array.isArray(value) ? value[0] : value;
    if (fields.includes(field) && typeof message === 'string' && !(field in out)) out[field] = message;
  }
  return out;
}

export interface DomainFormOptions {
  /**
   * Check and return only the fields that differ from the initial values (an edit of a record
   * whose untouched fields may not pass today's rules, e.g. an organisation that never finished
   * onboarding). Needs an object schema: each field is checked with its own entry.
   */
  changedOnly?: boolean;
}

export interface DomainForm<K extends string, TOutput> {
  values: FormValues<K>;
  errors: FormErrors<K>;
  /** The fields whose value differs from the initial one. */
  changed: readonly K[];
  setValue: (name: K, value: string) => void;
  /** Checks the fields, shows every message; the parsed values, or null when invalid. */
  validate: () => TOutput | null;
  /** True when the schema accepts the current values (for buttons disabled until valid). */
  isValid: boolean;
  /** Shows the messages of a 422 problem on their fields; false when it named none of them. */
  showServerErrors: (error: unknown) => boolean;
  /** Back to these values (by default the initial ones), without messages (e.g. 'Annuler'). */
  reset: (values?: FormValues<K>) => void;
  /** Props for a TextField: value, change (clears the field's message), blur (checks the field). */
  field: (name: K) => {
    name: K;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
}

type Entries = Record<string, v.GenericSchema>;

function entryOf(schema: v.GenericSchema, name: string): v.GenericSchema {
  const entry = (schema as { entries?: Entries }).entries?.[name];
  if (!entry) throw new Error(`useDomainForm({ changedOnly: true }) needs an object schema with the field '${name}'.`);
  return entry;
}

export function useDomainForm<K extends string, TSchema extends v.GenericSchema>(
  schema: TSchema,
  initialValues: FormValues<K>,
  options: DomainFormOptions & { changedOnly: true },
): DomainForm<K, Partial<v.InferOutput<TSchema>>>;
export function useDomainForm<K extends string, TSchema extends v.GenericSchema>(
  schema: TSchema,
  initialValues: FormValues<K>,
  options?: DomainFormOptions & { changedOnly?: false },
): DomainForm<K, v.InferOutput<TSchema>>;
export function useDomainForm<K extends string, TSchema extends v.GenericSchema>(
  schema: TSchema,
  initialValues: FormValues<K>,
  { changedOnly = false }: DomainFormOptions = {},
): DomainForm<K, unknown> {
  const [values, setValues] = useState<FormValues<K>>(initialValues);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const fields = Object.keys(initialValues) as K[];
  const changed = fields.filter((name) => values[name] !== initialValues[name]);

  /** Every message for `current` (only the changed fields' with `changedOnly`), and the parsed output. */
  const check = (current: FormValues<K>): { errors: FormErrors<K>; output: unknown } => {
    if (!changedOnly) {
      const result = v.safeParse(schema, current);
      return result.success ? { errors: {}, output: result.output } : { errors: fieldErrors(result) as FormErrors<K>, output: null };
    }
    const found: FormErrors<K> = {};
    const output: Partial<Record<K, unknown>> = {};
    for (const name of fields) {
      if (current[name] === initialValues[name]) continue;
      const result = v.safeParse(entryOf(schema, name), current[name]);
      if (result.success) output[name] = result.output;
      else found[name] = result.issues[0].message;
    }
    return { errors: found, output };
  };

  const setValue = (name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const blur = (name: K) => {
    const message = check(values).errors[name];
    setErrors((current) => {
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  };

  const current = check(values);
  return {
    values,
    errors,
    changed,
    setValue,
    validate: () => {
      setErrors(current.errors);
      return Object.keys(current.errors).length > 0 ? null : current.output;
    },
    isValid: Object.keys(current.errors).length === 0,
    showServerErrors: (error) => {
      const found = serverFieldErrors(error, fields);
      if (Object.keys(found).length === 0) return false;
      setErrors(found);
      return true;
    },
    reset: (next = initialValues) => {
      setValues(next);
      setErrors({});
    },
    field: (name) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event) => setValue(name, event.target.value),
      onBlur: () => blur(name),
    }),
  };
}

/** A form value from a possibly missing answer field. */
export function formText(value: string | null | undefined): string {
  return value ?? '';
}
