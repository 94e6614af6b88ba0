import { useCallback, useMemo, useState } from 'react';
import type { WizardValues } from '../model/values';

/**
 * The form's values and which messages show. A field's message shows once the user leaves it
 * (blur) or asks to save, and hides again while they type (spec §5: "validation on blur and on
 * request; errors clear when typing"). The server's per-field reasons (422) show until the
 * field changes.
 */
export interface WizardForm {
  values: WizardValues;
  setValue: <K extends keyof WizardValues>(field: K, value: WizardValues[K], path?: string) => void;
  update: (change: (values: WizardValues) => WizardValues, paths?: readonly string[]) => void;
  /** The message to show for a field path ('projectName', 'materials.0.quantity'), if any. */
  errorOf: (path: string) => string | undefined;
  /** Marks paths as visited (their message shows). */
  touch: (...paths: string[]) => void;
  setServerErrors: (errors: Record<string, string>) => void;
}

export function useWizardForm(initial: () => WizardValues, clientErrors: (values: WizardValues) => Record<string, string>) {
  const [values, setValues] = useState<WizardValues>(initial);
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const forget = useCallback((paths: readonly string[]) => {
    const matches = (key: string) => paths.some((path) => key === path || key.startsWith(`${path}.`));
    setVisible((current) => {
      if (![...current].some(matches)) return current;
      return new Set([...current].filter((key) => !matches(key)));
    });
    setServerErrors((current) => {
      if (!Object.keys(current).some(matches)) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !matches(key)));
    });
  }, []);

  const setValue = useCallback(
    <K extends keyof WizardValues>(field: K, value: WizardValues[K], path: string = field) => {
      setValues((current) => ({ ...current, [field]: value }));
      forget([path]);
    },
    [forget],
  );

  const update = useCallback(
    (change: (values: WizardValues) => WizardValues, paths: readonly string[] = []) => {
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
    (path: string) => (visible.has(path) ? errors[path] : undefined) ?? serverErrors[path],
    [errors, serverErrors, visible],
  );

  const form: WizardForm = { values, setValue, update, errorOf, touch, setServerErrors };
  return form;
}
