// What the wizard's buttons do (spec §2, §4): Next saves the sub-step (a step's last one saves
// the whole step), 'Enregistrer le brouillon et quitter' saves every valid sub-step, the summary
// opens the submission dialog (or the low-balance one) and submits. A refused save keeps the
// values, shows the server's reasons on the fields and says why in a toast.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { parseProblem, problemMessage } from '@terres/api-client';
import { hasEnoughCredits, inquiryCost, inquiryFieldRules, toFiniteNumber } from '@terres/domain';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { forgetPosition } from '../model/last-position';
import { forgetUnsaved } from '../model/unsaved';
import { DraftRestarted, type useWizardDraft } from '../model/use-wizard-draft';
import type { useWizardPosition } from '../model/use-wizard-position';
import { valuesFromInquiry, type WizardForm, type WizardType } from '../model/values';
import {
  formPath,
  indexOfWireField,
  isStepEnd,
  isSubStepEmpty,
  isSubStepValid,
  payloadFor,
  stepPayload,
  SUB_STEPS,
  validateSubStep,
  validPayload,
  type SubStepKey,
  type ValidationContext,
} from '../sub-steps';
import { texts } from '../texts';
import type { SubmitProblem } from './steps/summary-step';

export type DialogKind = 'confirm' | 'low-balance' | null;

/** The server's per-field reasons (422 `errors`, keyed by wire path). */
function wireErrors(error: unknown): Record<string, string> {
  const errors = parseProblem(error)?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function labelOfWireField(path: string): string {
  const root = path.split('.')[0] ?? path;
  if (root === 'documents') return texts.documentsField;
  return (inquiryFieldRules as Record<string, { label: string } | undefined>)[root]?.label ?? root;
}

interface Options {
  id: string;
  type: WizardType;
  form: WizardForm;
  context: ValidationContext;
  draft: ReturnType<typeof useWizardDraft>;
  position: ReturnType<typeof useWizardPosition>;
}

export function useWizardActions({ id, type, form, context, draft, position }: Options) {
  const navigate = useNavigate();
  const toast = useToast();
  const organization = useQuery(myOrganizationQueryOptions());
  const [busy, setBusy] = useState<'next' | 'quit' | 'submit' | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [problems, setProblems] = useState<SubmitProblem[]>([]);
  const { values } = form;
  const { index, current, isSummary, valid, goTo } = position;

  const reportFailure = (error: unknown, title: string) => {
    // Already said, and the wizard is moving to the new draft.
    if (error instanceof DraftRestarted) return {};
    const byWire = wireErrors(error);
    form.setServerErrors(Object.fromEntries(Object.entries(byWire).map(([path, message]) => [formPath(path), message])));
    toast.error(title, problemMessage(error, ''));
    return byWire;
  };

  // Credits bought from the low-balance dialog bring the user back to this draft (issue 21,
  // D1): /credits/buy keeps the way back through the payment.
  const leave = (to: '/dashboard' | '/credits/buy') => {
    forgetUnsaved(id);
    if (to === '/credits/buy') void navigate({ to, search: { redirect: `/user/create-inquiry/${id}` } });
    else void navigate({ to });
  };

  // The dialog says the cost is debited at validation, or offers a draft save and the purchase
  // of credits when the balance does not cover it; an unknown balance leaves it to the API.
  const cost = inquiryCost(type, toFiniteNumber(values.quantity));
  const balance = organization.data?.creditBalance ?? null;

  const next = async () => {
    if (busy || !valid) return;
    if (isSummary) return setDialog(balance === null || hasEnoughCredits(balance, cost) ? 'confirm' : 'low-balance');
    const stepEnd = isStepEnd(index);
    const patch = stepEnd ? stepPayload(current.step, values) : payloadFor(current.key, values);
    const saved = draft.savedInquiry();
    const unchanged = saved !== null && !stepEnd && JSON.stringify(payloadFor(current.key, valuesFromInquiry(saved))) === JSON.stringify(patch);
    if (!unchanged && (saved === null || Object.keys(patch).length > 0)) {
      setBusy('next');
      try {
        await draft.persist(patch, values);
      } catch (error) {
        reportFailure(error, texts.draftFailed);
        return;
      } finally {
        setBusy(null);
      }
    }
    if (stepEnd) toast.success(texts.draftSaved);
    goTo(index + 1);
  };

  /** Saves every valid sub-step. False when nothing could be saved (the form says why). */
  const saveDraft = async (): Promise<boolean> => {
    const currentErrors = validateSubStep(current.key, values, context);
    if (Object.keys(currentErrors).length > 0 && !isSubStepEmpty(current.key, values)) {
      form.touch(...Object.keys(currentErrors));
      toast.error(texts.draftFailed, texts.fixBeforeSaving);
      return false;
    }
    if (!draft.savedInquiry() && !isSubStepValid('projectName', values, context)) {
      form.touch('projectName');
      toast.error(texts.draftFailed, texts.nameNeededToSave);
      return false;
    }
    try {
      await draft.persist(validPayload(values, context), values);
    } catch (error) {
      reportFailure(error, texts.draftFailed);
      return false;
    }
    toast.success(texts.draftSaved);
    return true;
  };

  /** Saves, then leaves for `then` (the dashboard, or the credits' purchase). */
  const saveAndLeave = async (then: '/dashboard' | '/credits/buy') => {
    if (busy) return;
    setBusy('quit');
    const ok = await saveDraft();
    setBusy(null);
    if (ok) {
      setDialog(null);
      leave(then);
    }
  };

  const submit = async () => {
    if (busy) return;
    setBusy('submit');
    try {
      const { wasRejected } = await draft.submit(validPayload(values, context), values);
      setDialog(null);
      forgetPosition(id);
      toast.success(wasRejected ? texts.resubmitted : texts.submitted);
      leave('/dashboard');
    } catch (error) {
      setDialog(null);
      const byWire = reportFailure(error, texts.submitFailed);
      setProblems(
        Object.entries(byWire).map(([path, message]) => ({
          subStep: SUB_STEPS[indexOfWireField(path)]?.key ?? 'summary',
          label: labelOfWireField(path),
          message,
        })),
      );
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    dialog,
    closeDialog: () => setDialog(null),
    problems,
    cost,
    balance,
    next,
    previous: () => (index > 0 ? goTo(index - 1) : undefined),
    saveAndLeave,
    submit,
    editSubStep: (key: SubStepKey) => goTo(SUB_STEPS.findIndex((s) => s.key === key)),
  };
}
