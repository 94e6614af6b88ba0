// The one form rule of both apps (spec §5: "validation on blur and on request; errors clear when
// typing"): a field's message shows once the user leaves it (`touch`) or asks to save, and hides
// again while they type; the server's per-field reasons (a 422 problem's `errors`) show until the
// field changes. Generic over the values (flat strings for `useDomainForm`, the portal wizard's
// nested values) and the field paths ('firstName', 'materials.0.quantity'): changing a path
// forgets the messages of that path and of every path below it.
import { parseProblem } from '@terres/api-client';
import { snakeToCamel } from '@terres/domain';
import { useCallback, useMemo, useState } from 'react';

/** Messages keyed by field path. */
export type FormErrors<P extends string> = Partial<Record<P, string>>;

export interface Form<TValues, P extends string = string> {
  values: TValues;
  /** Sets one value and hides the messages of `path` (by default the field's own name). */
  setValue: <F extends keyof TValues & string>(field: F, value: TValues[F], path?: P) => void;
  /** Changes the values at once and hides the messages of `paths` (and of the paths below them). */
  update: (change: (values: TValues) => TValues, paths?: readonly P[]) => void;
  /** The message to show for a path, if any: the client's once visited, else the server's. */
  errorOf: (path: P) => string | undefined;
  /** Marks paths as visited (their client message shows). */
  touch: (...paths: P[]) => void;
  /** Replaces the server's reasons (already keyed by form path). */
  setServerErrors: (errors: FormErrors<P>) => void;
  /**
   * Shows a 422 problem's `errors` on `fields` (wire names mapped by `toField`, camelCase by
   * default), replacing the server's earlier reasons; false when it named none of them.
   */
  showServerErrors: (error: unknown, fields: readonly P[], toField?: (wireName: string) => string) => boolean;
  /** Back to `values`, every message hidden. */
  reset: (values: TValues) => void;
}

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

/** True when `key` is `path` or below it ('materials.0' covers 'materials.0.quantity'). */
export function isAtOrBelow(key: string, path: string): boolean {
  return key === path || key.startsWith(`${path}.`);
}

/**
 * `clientErrors` judges the values (every message, keyed by path); the form decides which show.
 * Keep it stable (useCallback) when it is costly: it runs again whenever it or the values change.
 */
export function useForm<TValues, P extends string = string>(
  initial: TValues | (() => TValues),
  clientErrors: (values: TValues) => FormErrors<P>,
): Form<TValues, P> {
  const [values, setValues] = useState<TValues>(initial);
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FormErrors<P>>({});

  const forget = useCallback((paths: readonly string[]) => {
    if (paths.length === 0) return;
    const matches = (key: string) => paths.some((path) => isAtOrBelow(key, path));
    setVisible((current) => {
      if (![...current].some(matches)) return current;
      return new Set([...current].filter((key) => !matches(key)));
    });
    setServerErrors((current) => {
      if (!Object.keys(current).some(matches)) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !matches(key))) as FormErrors<P>;
    });
  }, []);

  const setValue = useCallback(
    <F extends keyof TValues & string>(field: F, value: TValues[F], path: string = field) => {
      setValues((current) => ({ ...current, [field]: value }));
      forget([path]);
    },
    [forget],
  );

  const update = useCallback(
    (change: (values: TValues) => TValues, paths: readonly string[] = []) => {
      setValues(change);
      forget(paths);
    },
    [forget],
  );

  const touch = useCallback((...paths: string[]) => {
    setVisible((current) => (paths.every((path) => current.has(path)) ? current : new Set([...current, ...paths])));
  }, []);

  const errors = useMemo(() => clientErrors(values), [clientErrors, values]);

  const errorOf = useCallback(
    (path: P) => (visible.has(path) ? errors[path] : undefined) ?? serverErrors[path],
    [errors, serverErrors, visible],
  );

  const showServerErrors = useCallback(
    (error: unknown, fields: readonly P[], toField?: (wireName: string) => string) => {
      const found = serverFieldErrors(error, fields, toField);
      if (Object.keys(found).length === 0) return false;
      setServerErrors(found);
      return true;
    },
    [],
  );

  const reset = useCallback((next: TValues) => {
    setValues(next);
    setVisible(new Set());
    setServerErrors({});
  }, []);

  return { values, setValue, update, errorOf, touch, setServerErrors, showServerErrors, reset };
}
