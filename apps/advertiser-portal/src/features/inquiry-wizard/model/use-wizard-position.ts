// Where the user is in the wizard: the URL's ?step=&sub= (so a reload resumes there), but never
// beyond the first sub-step the values do not satisfy; the URL is corrected when it asks for
// more. Without a step in the URL ('Reprendre la saisie', 'Modifier l'annonce'), the wizard
// resumes (issue 21, D1): where this browser last showed the listing, else for a refused one
// the part its refusal names, else the first sub-step left to fill (the recap for a complete
// draft); the URL then says where. A draft not created yet starts at the first sub-step. Keyboard and screen-reader users start each sub-step at
// its title (`heading`).
import { useNavigate } from '@tanstack/react-router';
import type { Inquiry } from '@terres/api-client';
import { refusalSubStep } from '@terres/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { firstInvalidIndex, indexOf, isSubStepValid, SUB_STEPS, type ValidationContext } from '../sub-steps';
import { readLastPosition, rememberPosition } from './last-position';
import type { WizardSearch } from './search';
import type { WizardType, WizardValues } from './values';

/** The refusal a position belongs to (null for a draft). */
function refusalOf(inquiry: Pick<Inquiry, 'status' | 'rejectionReason'> | null | undefined): string | null {
  return inquiry?.status === 'REJECTED' ? (inquiry.rejectionReason ?? '') : null;
}

export function useWizardPosition(options: {
  id: string;
  type: WizardType;
  search: WizardSearch;
  values: WizardValues;
  context: ValidationContext;
  /** The listing as the wizard opened it (null: not created yet). */
  inquiry?: Pick<Inquiry, 'status' | 'rejectionReason'> | null;
}) {
  const { id, type, search, values, context, inquiry } = options;
  const navigate = useNavigate();
  const refusal = refusalOf(inquiry);
  const [resume] = useState(() => {
    // A draft not saved yet starts at its first sub-step (what was typed there is saved by Next).
    if (!inquiry) return 0;
    const last = readLastPosition(id, refusal);
    const named = refusal === null ? null : refusalSubStep(refusal);
    const key = last ?? named;
    return key ? SUB_STEPS.findIndex((s) => s.key === key) : firstInvalidIndex(values, context);
  });
  const fromUrl = search.step !== undefined;
  const requested = fromUrl ? indexOf(search.step ?? 1, search.sub ?? 1) : resume;
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

  // The first sub-step needs no step in the URL (it gains one at the first Next); any other
  // position is written there, so a reload and the browser's buttons keep it.
  useEffect(() => {
    if (fromUrl ? requested !== index : index !== 0) goTo(index, { replace: true });
  }, [fromUrl, goTo, index, requested]);

  useEffect(() => {
    rememberPosition(id, current.key, refusal);
  }, [id, current.key, refusal]);

  const heading = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    heading.current?.focus();
  }, [index]);

  return { index, current, isSummary, valid, reachable, goTo, heading };
}
