// One way to run a form on a @terres/domain schema (spec §5: "validation on blur and on request;
// errors clear when typing"), used by the onboarding steps and the account forms. Values are the
// inputs' strings; the schema turns them into the request's values and gives the French messages.
import { parseProblem } from '@terres/api-client';
import { fieldErrors, snakeToCamel } from '@terres/domain';
import { useCallback, useState, type ChangeEvent } from 'react';
import * as v from 'valibot';

export type FormValues<K extends string> = Record<K, string>;

/**
 * The 422 `errors` of a problem keyed by form field (the wire is snake_case), keeping only the
 * fields the form has, each with its first message.
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  const raw = parseProblem(error)?.errors;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Partial<Record<K, string>> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = snakeToCamel(key) as K;
    const message = Array.isArray(value) ? value[0] : value;
    if (fields.includes(field) && typeof message === 'string' && !(field in out)) out[field] = message;
  }
  return out;
}

export interface DomainForm<K extends string, TOutput> {
  values: FormValues<K>;
  errors: Partial<Record<K, string>>;
  setValue: (name: K, value: string) => void;
  /** Checks every field, shows every message; the parsed values, or null when invalid. */
  validate: () => TOutput | null;
  /** True when the schema accepts the current values (for buttons disabled until valid). */
  isValid: boolean;
  /** Shows the messages the server gave (422), keyed by wire field. */
  showServerErrors: (error: unknown) => boolean;
  /** Back to these values, without messages (e.g. 'Annuler'). */
  reset: (values: FormValues<K>) => void;
  /** Props for a TextField: value, change (clears the field's message), blur (checks the field). */
  field: (name: K) => {
    name: K;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
}

export function useDomainForm<K extends string, TSchema extends v.GenericSchema>(
  schema: TSchema,
  initialValues: FormValues<K>,
): DomainForm<K, v.InferOutput<TSchema>> {
  const [values, setValues] = useState<FormValues<K>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const fields = Object.keys(initialValues) as K[];

  const check = useCallback((current: FormValues<K>) => v.safeParse(schema, current), [schema]);

  const setValue = (name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const validate = () => {
    const result = check(values);
    if (result.success) {
      setErrors({});
      return result.output;
    }
    setErrors(fieldErrors(result) as Partial<Record<K, string>>);
    return null;
  };

  const blur = (name: K) => {
    const message = (fieldErrors(check(values)) as Partial<Record<K, string>>)[name];
    setErrors((current) => {
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  };

  return {
    values,
    errors,
    setValue,
    validate,
    isValid: check(values).success,
    showServerErrors: (error) => {
      const found = serverFieldErrors(error, fields);
      if (Object.keys(found).length === 0) return false;
      setErrors(found);
      return true;
    },
    reset: (next) => {
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
export function text(value: string | null | undefined): string {
  return value ?? '';
}
