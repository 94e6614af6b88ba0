// One way to run a form on a @terres/domain schema (spec §5: "validation on blur and on request;
// errors clear when typing"), for both apps: the portal's onboarding and account forms, the
// console's organisation edit. Values are the inputs' strings; the schema turns them into the
// request's values and gives the French messages; a 422 problem's `errors` show on their fields.
// When a message shows is `useForm`'s rule (use-form.ts), which the portal's wizard uses too.
import { fieldErrors } from '@terres/domain';
import type { ChangeEvent } from 'react';
import * as v from 'valibot';
import { useForm, type FormErrors } from './use-form';

export type FormValues<K extends string> = Record<K, string>;
export type { FormErrors } from './use-form';

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
  const fields = Object.keys(initialValues) as K[];

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

  // The rule (what shows when) is the shared form's; this adds the schema, the inputs' props and
  // the parsed output.
  const form = useForm<FormValues<K>, K>(initialValues, (current) => check(current).errors);
  const { values } = form;
  const changed = fields.filter((name) => values[name] !== initialValues[name]);
  const errors: FormErrors<K> = {};
  for (const name of fields) {
    const message = form.errorOf(name);
    if (message !== undefined) errors[name] = message;
  }

  const current = check(values);
  return {
    values,
    errors,
    changed,
    setValue: (name, value) => form.setValue(name, value),
    validate: () => {
      // A save request shows every message; the server's earlier reasons wait for its new answer.
      form.setServerErrors({});
      form.touch(...fields);
      return Object.keys(current.errors).length > 0 ? null : current.output;
    },
    isValid: Object.keys(current.errors).length === 0,
    showServerErrors: (error) => form.showServerErrors(error, fields),
    reset: (next = initialValues) => form.reset(next),
    field: (name) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event) => form.setValue(name, event.target.value),
      onBlur: () => form.touch(name),
    }),
  };
}

/** A form value from a possibly missing answer field. */
export function formText(value: string | null | undefined): string {
  return value ?? '';
}
