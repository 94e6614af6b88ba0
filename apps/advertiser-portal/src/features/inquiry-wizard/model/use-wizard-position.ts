// Where the user is in the wizard: the URL's ?step=&sub= (so a reload resumes there), but never
// beyond the first sub-step the values do not satisfy; the URL is corrected when it asks for
// more. Keyboard and screen-reader users start each sub-step at its title (`heading`).
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { firstInvalidIndex, indexOf, isSubStepValid, SUB_STEPS, type ValidationContext } from '../sub-steps';
import type { WizardSearch } from './search';
import type { WizardType, WizardValues } from './values';

export function useWizardPosition(options: { id: string; type: WizardType; search: WizardSearch; values: WizardValues; context: ValidationContext }) {
  const { id, type, search, values, context } = options;
  const navigate = useNavigate();
  const requested = indexOf(search.step ?? 1, search.sub ?? 1);
  const reachable = firstInvalidIndex(values, context);
  const index = Math.min(requested, reachable);
  const current = SUB_STEPS[index] ?? SUB_STEPS[0]!;
  const isSummary = current.key === 'summary';
  const valid = isSummary ? reachable === index && isSubStepValid('summary', values, context) : isSubStepValid(current.key, values, context);

  const goTo = useCallback(
    (target: number, goOptions: { replace?: boolean } = {}) => {
      const def = SUB_STEPS[target];
      if (!def) return;
      void navigate({
        to: '/user/create-inquiry/$id',
        params: { id },
        search: (prev) => ({ ...prev, type, step: def.step, sub: def.sub }),
        replace: goOptions.replace ?? false,
      });
    },
    [id, navigate, type],
  );

  // No step in the URL means the first sub-step; the URL gains one at the first Next. The
  // page is left as it is otherwise (another page's link or state stays what it was).
  useEffect(() => {
    if (requested !== index) goTo(index, { replace: true });
  }, [goTo, index, requested]);

  const heading = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    heading.current?.focus();
  }, [index]);

  return { index, current, isSummary, valid, goTo, heading };
}
