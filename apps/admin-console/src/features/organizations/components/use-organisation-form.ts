// The admin's organisation edit form on the domain's rules (organisationEditSchema, field by
// field). Only the fields the admin changed are checked and sent: an organisation that never
// finished onboarding has empty required fields, which the API refuses to receive blank (api-a,
// 2026-11-23), and an unchanged field has nothing to say.
import { parseProblem } from '@terres/api-client';
import { organisationEditSchema, snakeToCamel } from '@terres/domain';
import { useState } from 'react';
import * as v from 'valibot';
import { EDIT_FIELDS, type EditField, type EditValues } from './organisation-fields';

type Errors = Partial<Record<EditField, string>>;

function checkField(name: EditField, value: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const result = v.safeParse(organisationEditSchema.entries[name], value);
  return result.success ? { ok: true, value: result.output } : { ok: false, message: result.issues[0].message };
}

/** The 422 `errors` of a problem (keyed by snake_case wire field) on the form's fields, first message each. */
export function serverFieldErrors(error: unknown): Errors {
  const raw = parseProblem(error)?.errors;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Errors = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = snakeToCamel(key) as EditField;
    const message = Array.isArray(value) ? value[0] : value;
    if (EDIT_FIELDS.includes(field) && typeof message === 'string' && !(field in out)) out[field] = message;
  }
  return out;
}

export function useOrganisationForm(saved: EditValues) {
  const [values, setValues] = useState<EditValues>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const changed = EDIT_FIELDS.filter((name) => values[name] !== saved[name]);

  const errorOf = (name: EditField, current: EditValues): string | undefined => {
    if (current[name] === saved[name]) return undefined;
    const checked = checkField(name, current[name]);
    return checked.ok ? undefined : checked.message;
  };

  return {
    values,
    errors,
    changed,
    /** The changed fields as the domain parses them (camelCase), or null with every message shown. */
    validate(): Partial<Record<EditField, unknown>> | null {
      const found: Errors = {};
      const out: Partial<Record<EditField, unknown>> = {};
      for (const name of changed) {
        const checked = checkField(name, values[name]);
        if (checked.ok) out[name] = checked.value;
        else found[name] = checked.message;
      }
      setErrors(found);
      return Object.keys(found).length > 0 ? null : out;
    },
    /** Shows the server's 422 messages on their fields; false when it named none of them. */
    showServerErrors(error: unknown): boolean {
      const found = serverFieldErrors(error);
      if (Object.keys(found).length === 0) return false;
      setErrors(found);
      return true;
    },
    reset() {
      setValues(saved);
      setErrors({});
    },
    field(name: EditField) {
      return {
        name,
        value: values[name],
        error: errors[name],
        onChange: (event: { target: { value: string } }) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          setErrors((current) => {
            if (!(name in current)) return current;
            const next = { ...current };
            delete next[name];
            return next;
          });
        },
        onBlur: () => {
          const message = errorOf(name, values);
          setErrors((current) => {
            const next = { ...current };
            if (message) next[name] = message;
            else delete next[name];
            return next;
          });
        },
      };
    },
  };
}
