// The listing creation wizard (spec §2 "Listing creation wizard", §4 "Wizard", §5; review §13):
// the position (model/use-wizard-position.ts), the draft (model/use-wizard-draft.ts), what the
// buttons do (use-wizard-actions.ts) and the current sub-step's screen (sub-steps/, one module
// each). What is typed but not saved yet survives a reload of this tab (model/unsaved.ts).
import { useAuth, useForm } from '@terres/app-kit';
import { fillTemplate, normalizeRole } from '@terres/domain';
import { BottomActionBar } from '@terres/ui/bottom-action-bar';
import { Stepper, type StepperStep } from '@terres/ui/stepper';
import { useCallback, useEffect, useMemo, type FormEvent } from 'react';
import type { WizardDraft } from '../api/wizard-draft';
import type { WizardSearch } from '../model/search';
import { readUnsaved, writeUnsaved } from '../model/unsaved';
import { useWizardDraft } from '../model/use-wizard-draft';
import { useWizardPosition } from '../model/use-wizard-position';
import { emptyValues, valuesFromInquiry, type WizardType, type WizardValues } from '../model/values';
import { allErrors, SUB_STEPS, subStepCount, type ValidationContext } from '../sub-steps';
import { texts } from '../texts';
import { SubmitDialogs } from './submit-dialogs';
import { useWizardActions } from './use-wizard-actions';

export interface InquiryWizardProps {
  id: string;
  type: WizardType;
  draft: WizardDraft;
  search: WizardSearch;
}

/**
 * One step of the stepper (issue 21, D1): done when each of its sub-steps is filled in, and a
 * button to its first sub-step when the values reach it (the current step is neither).
 */
function stepperStep(label: string, step: number, currentStep: number, reachable: number, goTo: (index: number) => void): StepperStep {
  const first = SUB_STEPS.findIndex((s) => s.step === step);
  const last = first + subStepCount(step) - 1;
  const isCurrent = step === currentStep;
  const complete = SUB_STEPS[last]?.key !== 'summary' && last < reachable;
  return {
    label,
    subSteps: subStepCount(step),
    ...(isCurrent ? {} : { state: complete ? ('done' as const) : ('upcoming' as const) }),
    ...(!isCurrent && first <= reachable ? { onSelect: () => goTo(first) } : {}),
  };
}

export function InquiryWizard({ id, type, draft: initial, search }: InquiryWizardProps) {
  const { user } = useAuth();
  const draft = useWizardDraft({ id, type, draft: initial });
  const { inquiry, documents } = draft;
  const context = useMemo<ValidationContext>(() => ({ documents, type }), [documents, type]);
  const errorsOf = useCallback((values: WizardValues) => allErrors(values, context), [context]);
  const form = useForm<WizardValues>(
    () => readUnsaved(id, initial.inquiry?.updatedAt ?? null) ?? (initial.inquiry ? valuesFromInquiry(initial.inquiry) : emptyValues()),
    errorsOf,
  );
  const { values } = form;
  const basedOn = inquiry?.updatedAt ?? null;
  useEffect(() => {
    writeUnsaved(id, basedOn, values);
  }, [id, basedOn, values]);

  const position = useWizardPosition({ id, type, search, values, context, inquiry: initial.inquiry });
  const actions = useWizardActions({ id, type, form, context, draft, position });
  const { current, index, isSummary, valid, heading, reachable, goTo } = position;
  const { busy } = actions;
  const Body = current.Component;

  // The parcel map holds its own form (the parcel-number entry): forms cannot nest, so that
  // sub-step is a plain section and Next is a button; elsewhere Enter in a field means Next.
  const asForm = !current.notAForm;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void actions.next();
  };
  const panel = (
    <>
      <div className="wizard__head">
        <p className="wizard__counter">{fillTemplate(texts.subStepCounter, { step: current.step, sub: current.sub, subs: subStepCount(current.step) })}</p>
        <h2 className="wizard__title" id="wizard-title" ref={heading} tabIndex={-1}>
          {texts.subSteps[current.key]}
        </h2>
        <p className="wizard__intro">{texts.subStepIntro[current.key]}</p>
      </div>
      <div className="wizard__body">
        <Body
          form={form}
          type={type}
          documents={draft.documentProps(values)}
          summary={{ balance: actions.balance, problems: actions.problems, onEdit: actions.editSubStep }}
        />
      </div>
      <BottomActionBar
        className="wizard__bar"
        label="Actions de l’annonce"
        back={index > 0 ? { label: texts.previous, onClick: actions.previous } : false}
        center={{ label: texts.saveAndQuit, variant: 'secondary', onClick: () => void actions.saveAndLeave('/dashboard'), disabled: busy !== null }}
        next={{
          label: isSummary ? texts.submit : texts.next,
          disabled: !valid,
          loading: busy === 'next' || busy === 'submit',
          loadingLabel: texts.saving,
          ...(asForm ? { type: 'submit' as const } : { onClick: () => void actions.next() }),
        }}
      />
    </>
  );

  return (
    <div className="wizard">
      <Stepper
        className="wizard__stepper"
        label={texts.stepsLabel}
        steps={texts.steps.map((label, i) => stepperStep(label, i + 1, current.step, reachable, goTo))}
        currentStep={current.step - 1}
        currentSubStep={current.sub - 1}
      />
      {inquiry?.status === 'REJECTED' ? (
        <div className="wizard-notice" role="note" aria-label={texts.rejectedTitle}>
          <p className="wizard-notice__title">{texts.rejectedTitle}</p>
          <p>{inquiry.rejectionReason ? fillTemplate(texts.rejectedBody, { reason: inquiry.rejectionReason }) : texts.rejectedNoReason}</p>
          <p>{texts.rejectedHint}</p>
        </div>
      ) : null}
      {asForm ? (
        <form className="wizard__panel" onSubmit={onSubmit} noValidate aria-labelledby="wizard-title">
          {panel}
        </form>
      ) : (
        <section className="wizard__panel" aria-labelledby="wizard-title">
          {panel}
        </section>
      )}
      <SubmitDialogs actions={actions} isOwner={normalizeRole(user?.role) === 'OWNER'} />
    </div>
  );
}
