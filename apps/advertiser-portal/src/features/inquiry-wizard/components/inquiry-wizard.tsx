// The listing creation wizard (spec §2 "Listing creation wizard", §4 "Wizard", §5; review §13).
// The draft is created on the first Next (POST with the route's id), each Next saves the
// sub-step's fields and a step's last sub-step saves the whole step (PUT, wire names only),
// 'Enregistrer le brouillon et quitter' saves everything valid, the summary submits. The
// current sub-step is in the URL (?step=&sub=), so a reload resumes there with the saved values.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  getGetMyOrganizationQueryKey,
  parseProblem,
  problemMessage,
  type Document,
  type Inquiry,
} from '@terres/api-client';
import { useAuth } from '@terres/app-kit';
import {
  fillTemplate,
  formatCredits,
  hasEnoughCredits,
  inquiryCost,
  inquiryFieldRules,
  normalizeRole,
  toFiniteNumber,
} from '@terres/domain';
import { BottomActionBar } from '@terres/ui/bottom-action-bar';
import { Button } from '@terres/ui/button';
import { Dialog, DialogClose } from '@terres/ui/dialog';
import { Stepper } from '@terres/ui/stepper';
import { useToast } from '@terres/ui/toast';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { newUuid } from '../../../lib/new-inquiry';
import { rememberSaved, saveInquiry, submitInquiry, type WizardDraft } from '../api/wizard-draft';
import {
  firstInvalidIndex,
  formPath,
  indexOf,
  indexOfWireField,
  isStepEnd,
  isSubStepEmpty,
  isSubStepValid,
  payloadFor,
  stepPayload,
  SUB_STEPS,
  subStepCount,
  validateSubStep,
  validPayload,
  type SubStepKey,
  type ValidationContext,
  type WirePatch,
} from '../model/sub-steps';
import type { WizardSearch } from '../model/search';
import { forgetUnsaved, readUnsaved, writeUnsaved } from '../model/unsaved';
import { valuesFromInquiry, emptyValues, type WizardType, type WizardValues } from '../model/values';
import { texts } from '../texts';
import { CompositionStep } from './steps/composition-step';
import { AvailabilityStep, OtherDocumentsStep, SoilStudyStep, SurfaceStep } from './steps/ground-steps';
import { ParcelsStep } from './steps/parcels-step';
import { ProjectNameStep, ProjectOwnerAddressStep, ProjectOwnerSiretStep, ProjectOwnerStep } from './steps/project-steps';
import { SiteStep } from './steps/site-step';
import { SummaryStep, type SubmitProblem } from './steps/summary-step';
import { useWizardForm } from './use-wizard-form';

export interface InquiryWizardProps {
  id: string;
  type: WizardType;
  draft: WizardDraft;
  search: WizardSearch;
}

type DialogKind = 'confirm' | 'low-balance' | null;

/** Thrown by a save whose draft moved to a new id (see `restartElsewhere`): nothing more to say. */
class DraftRestarted extends Error {}

function allErrors(values: WizardValues, context: ValidationContext): Record<string, string> {
  return Object.assign({}, ...SUB_STEPS.map((s) => validateSubStep(s.key, values, context))) as Record<string, string>;
}

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

export function InquiryWizard({ id, type, draft, search }: InquiryWizardProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const isOwner = normalizeRole(user?.role) === 'OWNER';
  const organization = useQuery(myOrganizationQueryOptions());

  const [inquiry, setInquiry] = useState<Inquiry | null>(draft.inquiry);
  const [documents, setDocuments] = useState<Document[]>(draft.documents);
  const inquiryRef = useRef(inquiry);
  const documentsRef = useRef(documents);
  const creating = useRef<Promise<Inquiry> | null>(null);
  const [busy, setBusy] = useState<'next' | 'quit' | 'submit' | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [problems, setProblems] = useState<SubmitProblem[]>([]);

  const context = useMemo<ValidationContext>(() => ({ documents, type }), [documents, type]);
  const errorsOf = useCallback((values: WizardValues) => allErrors(values, context), [context]);
  const form = useWizardForm(
    () =>
      readUnsaved(id, draft.inquiry?.updatedAt ?? null) ??
      (draft.inquiry ? valuesFromInquiry(draft.inquiry) : emptyValues()),
    errorsOf,
  );
  const { values } = form;

  // What is typed but not saved yet survives a reload of this tab.
  const basedOn = inquiry?.updatedAt ?? null;
  useEffect(() => {
    writeUnsaved(id, basedOn, values);
  }, [id, basedOn, values]);

  // Position: the URL's, but never beyond the first sub-step the values do not satisfy.
  const requested = indexOf(search.step ?? 1, search.sub ?? 1);
  const reachable = firstInvalidIndex(values, context);
  const index = Math.min(requested, reachable);
  const current = SUB_STEPS[index] ?? SUB_STEPS[0]!;
  const isSummary = current.key === 'summary';
  const valid = isSummary
    ? reachable === index && isSubStepValid('summary', values, context)
    : isSubStepValid(current.key, values, context);

  const goTo = useCallback(
    (target: number, options: { replace?: boolean } = {}) => {
      const def = SUB_STEPS[target];
      if (!def) return;
      void navigate({
        to: '/user/create-inquiry/$id',
        params: { id },
        search: (prev) => ({ ...prev, type, step: def.step, sub: def.sub }),
        replace: options.replace ?? false,
      });
    },
    [id, navigate, type],
  );

  // The URL says where the user is: correct it when it asks for a sub-step out of reach.
  useEffect(() => {
    // No step in the URL means the first sub-step; the URL gains one at the first Next. The
    // page is left as it is otherwise (another page's link or state stays what it was).
    if (requested !== index) goTo(index, { replace: true });
  }, [goTo, index, requested]);

  // Keyboard and screen-reader users start each sub-step at its title.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    heading.current?.focus();
  }, [index]);

  const remember = useCallback(
    (saved: Inquiry) => {
      inquiryRef.current = saved;
      setInquiry(saved);
      rememberSaved(queryClient, saved, documentsRef.current);
    },
    [queryClient],
  );

  /**
   * The route's id belongs to a listing this user cannot read (a draft deleted since, then the
   * browser's Back; another organisation's id): its GET said 404, its creation says 409. The
   * values typed go to a new draft's id, where the user saves them again.
   */
  const restartElsewhere = useCallback(() => {
    const fresh = newUuid();
    writeUnsaved(fresh, null, values);
    forgetUnsaved(id);
    toast.info(texts.idTakenTitle, texts.idTakenBody);
    void navigate({ to: '/user/create-inquiry/$id', params: { id: fresh }, search: (prev) => ({ ...prev, type }), replace: true });
  }, [id, navigate, toast, type, values]);

  const persist = useCallback(
    async (patch: WirePatch): Promise<Inquiry> => {
      // A draft being created (first Next, or an upload) is awaited, never created twice.
      if (!inquiryRef.current && creating.current) await creating.current.catch(() => undefined);
      const exists = inquiryRef.current !== null;
      const request = saveInquiry({ id, type, exists, projectName: values.projectName, patch });
      if (!exists) creating.current = request;
      try {
        const saved = await request;
        remember(saved);
        return saved;
      } catch (error) {
        // POST /inquiries answers 409 only when the id is taken (openapi.yaml).
        if (!exists && parseProblem(error)?.status === 409) {
          restartElsewhere();
          throw new DraftRestarted();
        }
        throw error;
      } finally {
        if (!exists) creating.current = null;
      }
    },
    [id, remember, restartElsewhere, type, values.projectName],
  );

  const ensureDraft = useCallback(async (): Promise<string> => {
    if (inquiryRef.current) return inquiryRef.current.id;
    if (creating.current) return (await creating.current).id;
    return (await persist(payloadFor('projectName', values))).id;
  }, [persist, values]);

  const setDocumentList = (next: Document[]) => {
    documentsRef.current = next;
    setDocuments(next);
    if (inquiryRef.current) rememberSaved(queryClient, inquiryRef.current, next);
  };
  const documentProps = {
    documents,
    inquiryStatus: inquiry?.status ?? 'DRAFT',
    ensureDraft,
    onUploaded: (document: Document) => setDocumentList([...documentsRef.current, document]),
    onRemoved: (documentId: string) => setDocumentList(documentsRef.current.filter((doc) => doc.id !== documentId)),
  };

  /** A refused save: the values stay, the fields show the server's reasons, a toast says why. */
  const reportFailure = (error: unknown, title: string) => {
    // Already said, and the wizard is moving to the new draft.
    if (error instanceof DraftRestarted) return {};
    const byWire = wireErrors(error);
    form.setServerErrors(Object.fromEntries(Object.entries(byWire).map(([path, message]) => [formPath(path), message])));
    toast.error(title, problemMessage(error, ''));
    return byWire;
  };

  const next = async () => {
    if (busy || !valid) return;
    if (isSummary) {
      openSubmitDialog();
      return;
    }
    const stepEnd = isStepEnd(index);
    const patch = stepEnd ? stepPayload(current.step, values) : payloadFor(current.key, values);
    const saved = inquiryRef.current;
    const unchanged =
      saved !== null && !stepEnd && JSON.stringify(payloadFor(current.key, valuesFromInquiry(saved))) === JSON.stringify(patch);
    if (!unchanged && (saved === null || Object.keys(patch).length > 0)) {
      setBusy('next');
      try {
        await persist(patch);
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

  const previous = () => {
    if (index > 0) goTo(index - 1);
  };

  const leave = (to: '/dashboard' | '/credits/buy') => {
    forgetUnsaved(id);
    void navigate({ to });
  };

  /** Saves every valid sub-step. False when nothing could be saved (the form says why). */
  const saveDraft = async (): Promise<boolean> => {
    const currentErrors = validateSubStep(current.key, values, context);
    if (Object.keys(currentErrors).length > 0 && !isSubStepEmpty(current.key, values)) {
      form.touch(...Object.keys(currentErrors));
      toast.error(texts.draftFailed, texts.fixBeforeSaving);
      return false;
    }
    if (!inquiryRef.current && !isSubStepValid('projectName', values, context)) {
      form.touch('projectName');
      toast.error(texts.draftFailed, texts.nameNeededToSave);
      return false;
    }
    try {
      await persist(validPayload(values, context));
    } catch (error) {
      reportFailure(error, texts.draftFailed);
      return false;
    }
    toast.success(texts.draftSaved);
    return true;
  };

  const saveAndQuit = async () => {
    if (busy) return;
    setBusy('quit');
    const ok = await saveDraft();
    setBusy(null);
    if (ok) leave('/dashboard');
  };

  // Submission (spec §2): the dialog says the cost is debited at validation, or offers a draft
  // save and the purchase of credits when the balance does not cover it.
  const cost = inquiryCost(type, toFiniteNumber(values.quantity));
  const balance = organization.data?.creditBalance ?? null;
  function openSubmitDialog() {
    // An unknown balance (the organisation could not be read) leaves the decision to the API.
    setDialog(balance === null || hasEnoughCredits(balance, cost) ? 'confirm' : 'low-balance');
  }

  const submit = async () => {
    if (busy) return;
    setBusy('submit');
    try {
      await ensureDraft();
      const wasRejected = inquiryRef.current?.status === 'REJECTED';
      const result = await submitInquiry(id, validPayload(values, context));
      remember(result);
      void queryClient.invalidateQueries({ queryKey: getGetMyOrganizationQueryKey() });
      setDialog(null);
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
      if (parseProblem(error)?.status === 409) void queryClient.invalidateQueries({ queryKey: getGetMyOrganizationQueryKey() });
    } finally {
      setBusy(null);
    }
  };

  const saveFromDialog = async (then: '/dashboard' | '/credits/buy') => {
    if (busy) return;
    setBusy('quit');
    const ok = await saveDraft();
    setBusy(null);
    if (ok) {
      setDialog(null);
      leave(then);
    }
  };

  const editSubStep = (key: SubStepKey) => goTo(SUB_STEPS.findIndex((s) => s.key === key));

  let body: ReactNode;
  switch (current.key) {
    case 'projectName':
      body = <ProjectNameStep form={form} />;
      break;
    case 'projectOwner':
      body = <ProjectOwnerStep form={form} />;
      break;
    case 'projectOwnerAddress':
      body = <ProjectOwnerAddressStep form={form} />;
      break;
    case 'projectOwnerSiret':
      body = <ProjectOwnerSiretStep form={form} />;
      break;
    case 'site':
      body = <SiteStep form={form} {...documentProps} />;
      break;
    case 'parcels':
      body = <ParcelsStep form={form} type={type} />;
      break;
    case 'surface':
      body = <SurfaceStep form={form} type={type} />;
      break;
    case 'soilStudy':
      body = <SoilStudyStep form={form} {...documentProps} />;
      break;
    case 'composition':
      body = <CompositionStep form={form} type={type} />;
      break;
    case 'availability':
      body = <AvailabilityStep form={form} />;
      break;
    case 'otherDocuments':
      body = <OtherDocumentsStep {...documentProps} />;
      break;
    case 'summary':
      body = (
        <SummaryStep
          form={form}
          type={type}
          documents={documents}
          balance={balance}
          problems={problems}
          onEdit={editSubStep}
        />
      );
      break;
  }

  // The parcel map holds its own form (the parcel-number entry): forms cannot nest, so that
  // sub-step is a plain section and Next is a button; elsewhere Enter in a field means Next.
  const asForm = current.key !== 'parcels';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void next();
  };
  const bar = (
    <BottomActionBar
      className="wizard__bar"
      label="Actions de l’annonce"
      back={index > 0 ? { label: texts.previous, onClick: previous } : false}
      center={{
        label: texts.saveAndQuit,
        variant: 'secondary',
        onClick: () => void saveAndQuit(),
        disabled: busy !== null,
      }}
      next={{
        label: isSummary ? texts.submit : texts.next,
        disabled: !valid,
        loading: busy === 'next' || busy === 'submit',
        loadingLabel: texts.saving,
        ...(asForm ? { type: 'submit' as const } : { onClick: () => void next() }),
      }}
    />
  );
  const rejection = inquiry?.status === 'REJECTED' ? (
    <div className="wizard-notice" role="note" aria-label={texts.rejectedTitle}>
      <p className="wizard-notice__title">{texts.rejectedTitle}</p>
      <p>
        {inquiry.rejectionReason
          ? fillTemplate(texts.rejectedBody, { reason: inquiry.rejectionReason })
          : texts.rejectedNoReason}
      </p>
      <p>{texts.rejectedHint}</p>
    </div>
  ) : null;
  const subs = subStepCount(current.step);
  const panel = (
    <>
      <div className="wizard__head">
        <p className="wizard__counter">
          {fillTemplate(texts.subStepCounter, { step: current.step, sub: current.sub, subs })}
        </p>
        <h2 className="wizard__title" id="wizard-title" ref={heading} tabIndex={-1}>
          {texts.subSteps[current.key]}
        </h2>
        <p className="wizard__intro">{texts.subStepIntro[current.key]}</p>
      </div>
      <div className="wizard__body">{body}</div>
      {bar}
    </>
  );

  return (
    <div className="wizard">
      <Stepper
        className="wizard__stepper"
        label={texts.stepsLabel}
        steps={texts.steps.map((label, i) => ({ label, subSteps: subStepCount(i + 1) }))}
        currentStep={current.step - 1}
        currentSubStep={current.sub - 1}
      />
      {rejection}
      {asForm ? (
        <form className="wizard__panel" onSubmit={onSubmit} noValidate aria-labelledby="wizard-title">
          {panel}
        </form>
      ) : (
        <section className="wizard__panel" aria-labelledby="wizard-title">
          {panel}
        </section>
      )}
      <Dialog
        open={dialog === 'confirm'}
        onOpenChange={(open) => {
          if (!open && busy !== 'submit') setDialog(null);
        }}
        title={texts.confirmTitle}
        description={fillTemplate(texts.confirmBody, {
          cost: cost === null ? '-' : formatCredits(cost),
          balance: balance === null ? '-' : formatCredits(balance),
        })}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy === 'submit'}>
                {texts.cancel}
              </Button>
            </DialogClose>
            <Button
              variant="success"
              loading={busy === 'submit'}
              loadingLabel={texts.confirmLoading}
              onClick={() => void submit()}
            >
              {texts.confirmAction}
            </Button>
          </>
        }
      />
      <Dialog
        open={dialog === 'low-balance'}
        onOpenChange={(open) => {
          if (!open && busy === null) setDialog(null);
        }}
        title={texts.lowBalanceTitle}
        description={fillTemplate(texts.lowBalanceBody, {
          cost: cost === null ? '-' : formatCredits(cost),
          balance: balance === null ? '-' : formatCredits(balance),
        })}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">{texts.cancel}</Button>
            </DialogClose>
            <Button variant="secondary" loading={busy === 'quit'} loadingLabel={texts.saving} onClick={() => void saveFromDialog('/dashboard')}>
              {texts.saveAsDraft}
            </Button>
            {isOwner ? (
              <Button onClick={() => void saveFromDialog('/credits/buy')} disabled={busy !== null}>
                {texts.buyCredits}
              </Button>
            ) : null}
          </>
        }
      >
        {isOwner ? null : <p>{texts.lowBalanceEmployee}</p>}
      </Dialog>
    </div>
  );
}

