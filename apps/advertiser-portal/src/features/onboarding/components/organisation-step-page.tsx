import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { getListOrganizationMembersQueryOptions, parseProblem, type Organization } from '@terres/api-client';
import { AppLink, formText, useAuth, useDomainForm, useRouteRetry } from '@terres/app-kit';
import {
  DEFAULT_COUNTRY,
  isBlank,
  isOrganisationComplete,
  LEGAL_FORM_MAX_LENGTH,
  NAME_MAX_LENGTH,
  onboardingPath,
  onboardingStep,
  onboardingStep1Schema,
  onboardingStep2Schema,
  onboardingStep3Schema,
  PHONE_MAX_LENGTH,
  POSTCODE_INPUT_MAX_LENGTH,
  SIRET_INPUT_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { EmailAddress } from '@terres/ui/email-address';
import { LoadingScreen } from '@terres/ui/loading-screen';
import { TextField } from '@terres/ui/text-field';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import type * as v from 'valibot';
import { Banner } from '../../../components/banner';
import { InviteCollaboratorForm } from '../../../components/invite-collaborator/invite-collaborator-form';
import { collaboratorsOf } from '../../../lib/collaborators';
import { useOrganisationStore } from '../api/organisation-store';
import { texts } from '../texts';
import { OnboardingLayout } from './onboarding-layout';

type Step = 1 | 2 | 3 | 4;

interface FieldSpec {
  name: string;
  label: string;
  maxLength: number;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  wide?: boolean;
}

interface FormStep {
  title: string;
  lead: string;
  schema: v.GenericSchema;
  fields: readonly FieldSpec[];
  /** Step 1 (spec §5): Continue only with a valid SIRET and postcode and the other fields filled. */
  continueNeedsValid: boolean;
}

const FORM_STEPS: Record<1 | 2 | 3, FormStep> = {
  1: {
    title: texts.step1Title,
    lead: texts.step1Lead,
    schema: onboardingStep1Schema,
    continueNeedsValid: true,
    fields: [
      { name: 'name', label: texts.name, maxLength: TEXT_MAX_LENGTH, autoComplete: 'organization', wide: true },
      { name: 'registrationNumber', label: texts.registrationNumber, maxLength: SIRET_INPUT_MAX_LENGTH, inputMode: 'numeric', autoComplete: 'off' },
      { name: 'legalForm', label: texts.legalForm, maxLength: LEGAL_FORM_MAX_LENGTH },
      { name: 'street', label: texts.street, maxLength: TEXT_MAX_LENGTH, autoComplete: 'street-address', wide: true },
      { name: 'postcode', label: texts.postcode, maxLength: POSTCODE_INPUT_MAX_LENGTH, inputMode: 'numeric', autoComplete: 'postal-code' },
      { name: 'city', label: texts.city, maxLength: TEXT_MAX_LENGTH, autoComplete: 'address-level2' },
      { name: 'country', label: texts.country, maxLength: TEXT_MAX_LENGTH, autoComplete: 'country-name' },
    ],
  },
  2: {
    title: texts.step2Title,
    lead: texts.step2Lead,
    schema: onboardingStep2Schema,
    continueNeedsValid: false,
    fields: [
      { name: 'email', label: texts.organisationEmail, maxLength: 254, type: 'email', inputMode: 'email', autoComplete: 'email', wide: true },
      { name: 'officePhoneNumber', label: texts.officePhoneNumber, maxLength: PHONE_MAX_LENGTH, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
      { name: 'mobilePhoneNumber', label: texts.mobilePhoneNumber, maxLength: PHONE_MAX_LENGTH, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
    ],
  },
  3: {
    title: texts.step3Title,
    lead: texts.step3Lead,
    schema: onboardingStep3Schema,
    continueNeedsValid: false,
    fields: [
      { name: 'representativeLastName', label: texts.lastName, maxLength: NAME_MAX_LENGTH, autoComplete: 'off' },
      { name: 'representativeFirstName', label: texts.firstName, maxLength: NAME_MAX_LENGTH, autoComplete: 'off' },
      { name: 'representativePosition', label: texts.representativePosition, maxLength: TEXT_MAX_LENGTH, wide: true },
      { name: 'representativeEmail', label: texts.representativeEmail, maxLength: 254, type: 'email', inputMode: 'email', autoComplete: 'off' },
      { name: 'representativePhoneNumber', label: texts.representativePhoneNumber, maxLength: PHONE_MAX_LENGTH, type: 'tel', inputMode: 'tel', autoComplete: 'off' },
    ],
  },
};

const TITLES: Record<Step, string> = { 1: texts.step1Title, 2: texts.step2Title, 3: texts.step3Title, 4: texts.step4Title };

function BackLink({ step }: { step: Step }) {
  if (step === 1) return null;
  return (
    <Button asChild variant="ghost">
      <AppLink href={`/onboarding/step-${step - 1}`}>{texts.back}</AppLink>
    </Button>
  );
}

/**
 * /onboarding/step-1 to step-4 (spec §2: one wrapper chooses the screen from the path). Steps 1
 * to 3 save the organisation and continue to /dashboard when it is complete, else to the next
 * step; step 4 invites collaborators. A step whose earlier steps are not done sends the owner
 * back to the first one missing (nothing can be saved out of order).
 */
export function OrganisationStepPage({ step }: { step: Step }) {
  const store = useOrganisationStore();

  const current = store.currentStep;
  if (current !== 'complete' && current < step) return <Navigate to={onboardingPath(current)} replace />;
  if (step === 4) return <CollaboratorsStep store={store} />;
  return <OrganisationForm key={step} step={step} store={store} />;
}

/** The organisation could not load: the store's red banner (spec §8) and 'Réessayer'. */
export function OrganisationStepError({ step, error, reset }: ErrorComponentProps & { step: Step }) {
  const retry = useRouteRetry(reset);
  return (
    <OnboardingLayout title={TITLES[step]} step={step}>
      <Banner
        title={texts.loadFailed}
        detail={parseProblem(error)?.detail}
        action={
          <Button variant="secondary" onClick={retry}>
            {texts.retry}
          </Button>
        }
      />
    </OnboardingLayout>
  );
}

type Store = ReturnType<typeof useOrganisationStore>;

function initialValues(config: FormStep, organisation: Organization | null): Record<string, string> {
  const record = (organisation ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    config.fields.map(({ name }) => {
      const value = record[name];
      if (name === 'country' && isBlank(value)) return [name, DEFAULT_COUNTRY];
      return [name, formText(typeof value === 'string' ? value : null)];
    }),
  );
}

function OrganisationForm({ step, store }: { step: 1 | 2 | 3; store: Store }) {
  const config = FORM_STEPS[step];
  const navigate = useNavigate();
  const form = useDomainForm(config.schema, initialValues(config, store.organisation));
  const filled = config.fields.every(({ name }) => !isBlank(form.values[name]));
  const canContinue = config.continueNeedsValid ? form.isValid : filled;

  const submit = async () => {
    const values = form.validate();
    if (!values || store.saving) return;
    const wasComplete = store.isComplete;
    const saved = await store.save(values as Record<string, unknown>, (error) => form.showServerErrors(error));
    if (!saved) return;
    // Spec §2: on to the dashboard once the organisation is complete. Step 3 completes it on a
    // first pass, and the optional step 4 (collaborators) comes first then (README, Decisions).
    const toDashboard = isOrganisationComplete(saved) && (step < 3 || wasComplete);
    await navigate({ to: toDashboard ? '/dashboard' : `/onboarding/step-${step + 1}` });
  };

  return (
    <OnboardingLayout title={config.title} step={step} lead={config.lead}>
      {store.error ? <Banner title={store.error.title} detail={store.error.detail} /> : null}
      <form
        className="portal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="portal-form__grid">
          {config.fields.map((spec) => (
            <TextField
              key={spec.name}
              className={spec.wide ? 'portal-form__wide' : undefined}
              label={spec.label}
              required={spec.name !== 'country'}
              type={spec.type ?? 'text'}
              maxLength={spec.maxLength}
              showCounter={spec.maxLength <= TEXT_MAX_LENGTH && spec.type === undefined && spec.inputMode !== 'numeric'}
              {...(spec.autoComplete ? { autoComplete: spec.autoComplete } : {})}
              {...(spec.inputMode ? { inputMode: spec.inputMode } : {})}
              {...form.field(spec.name)}
            />
          ))}
        </div>
        <div className="portal-form__actions">
          <BackLink step={step} />
          <div className="portal-form__actions-end">
            <Button type="submit" disabled={!canContinue} loading={store.saving} loadingLabel={texts.saving}>
              {texts.continue}
            </Button>
          </div>
        </div>
      </form>
    </OnboardingLayout>
  );
}

function CollaboratorsStep({ store }: { store: Store }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const members = useQuery(getListOrganizationMembersQueryOptions());
  const collaborators = collaboratorsOf(members.data ?? [], user?.id);

  const finish = async () => {
    const organisation = await store.refresh();
    if (organisation === undefined) return;
    const step = onboardingStep(organisation);
    await navigate({ to: step === 'complete' ? '/dashboard' : onboardingPath(step) });
  };

  return (
    <OnboardingLayout title={texts.step4Title} step={4} lead={texts.step4Lead}>
      {store.error ? <Banner title={store.error.title} detail={store.error.detail} /> : null}
      <div className="portal-form">
        {members.isPending ? (
          <LoadingScreen />
        ) : members.isError ? (
          <Banner
            title={texts.membersLoadFailed}
            action={
              <Button variant="secondary" loading={members.isFetching} onClick={() => void members.refetch()}>
                {texts.retry}
              </Button>
            }
          />
        ) : (
          <>
            <InviteCollaboratorForm existingEmails={collaborators.map((c) => c.email)} selfEmail={user?.email} />
            <section aria-labelledby="portal-invited-title" className="portal-form">
              <h2 id="portal-invited-title" className="portal-onboarding__subtitle">
                {texts.invitedTitle}
              </h2>
              {collaborators.length === 0 ? (
                <p className="portal-onboarding__muted">{texts.noneInvited}</p>
              ) : (
                <ul className="portal-onboarding__list" aria-labelledby="portal-invited-title">
                  {collaborators.map((collaborator) => (
                    <li key={collaborator.id}>
                      <EmailAddress address={collaborator.email} />
                      <span className="portal-onboarding__muted">{collaborator.pending ? texts.pendingInvitation : texts.joined}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <div className="portal-form__actions">
          <BackLink step={4} />
          <div className="portal-form__actions-end">
            <Button loading={store.query.isFetching} loadingLabel={texts.finishing} onClick={() => void finish()}>
              {texts.finish}
            </Button>
          </div>
        </div>
      </div>
    </OnboardingLayout>
  );
}
