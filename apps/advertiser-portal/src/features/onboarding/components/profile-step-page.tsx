import { useNavigate } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { formText, useAuth, useDomainForm } from '@terres/app-kit';
import { isBlank, NAME_MAX_LENGTH, normalizeRole, PHONE_MAX_LENGTH, profileStepSchema } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { TextField } from '@terres/ui/text-field';
import { useState } from 'react';
import { Banner } from '../../../components/banner';
import { useUpdateCurrentUser } from '../../../lib/update-current-user';
import { texts } from '../texts';
import { OnboardingLayout } from './onboarding-layout';

/**
 * /onboarding/profile (spec §2, §5): Nom, Prénom, Numéro de téléphone; 'Suivant' stays disabled
 * until all three are filled. Saved with PUT /users/me, the stored user follows (header and
 * guards), then owners go to /onboarding/thanks and employees to /dashboard (CONTRACT §6).
 */
export function ProfileStepPage() {
  const { user } = useAuth();
  const update = useUpdateCurrentUser();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ title: string; detail?: string | undefined }>();
  const [saving, setSaving] = useState(false);
  const form = useDomainForm(profileStepSchema, {
    lastName: formText(user?.lastName),
    firstName: formText(user?.firstName),
    phoneNumber: formText(user?.phoneNumber),
  });
  const filled = !isBlank(form.values.firstName) && !isBlank(form.values.lastName) && !isBlank(form.values.phoneNumber);

  const submit = async () => {
    const profile = form.validate();
    if (!profile || saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const updated = await update.mutateAsync({
        first_name: profile.firstName,
        last_name: profile.lastName,
        phone_number: profile.phoneNumber,
      });
      const owner = normalizeRole(updated.role) === 'OWNER';
      await navigate({ to: owner ? '/onboarding/thanks' : '/dashboard' });
    } catch (error) {
      const problem = parseProblem(error);
      form.showServerErrors(error);
      setFailure(
        problem?.status === 401
          ? { title: texts.sessionExpired }
          : { title: texts.profileSaveFailed, detail: problem?.status === 422 ? undefined : problem?.detail },
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <OnboardingLayout title={texts.profileTitle} lead={texts.profileLead}>
      {failure ? <Banner title={failure.title} detail={failure.detail} /> : null}
      <form
        className="portal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="portal-form__grid">
          <TextField label={texts.lastName} required autoComplete="family-name" maxLength={NAME_MAX_LENGTH} {...form.field('lastName')} />
          <TextField label={texts.firstName} required autoComplete="given-name" maxLength={NAME_MAX_LENGTH} {...form.field('firstName')} />
          <TextField
            className="portal-form__wide"
            label={texts.phoneNumber}
            required
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={PHONE_MAX_LENGTH}
            {...form.field('phoneNumber')}
          />
        </div>
        <div className="portal-form__actions">
          <div className="portal-form__actions-end">
            <Button type="submit" disabled={!filled} loading={saving} loadingLabel={texts.saving}>
              {texts.next}
            </Button>
          </div>
        </div>
      </form>
    </OnboardingLayout>
  );
}
