import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, type User } from '@terres/api-client';
import { formText, useDomainForm, useRouteRetry } from '@terres/app-kit';
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH, profileEditSchema } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ErrorState } from '@terres/ui/error-state';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { useUpdateCurrentUser } from '../../../lib/update-current-user';
import { currentUserQueryOptions } from '../api/queries';
import { texts } from '../texts';
import { DetailsList } from './details-list';

/**
 * Mes informations (spec §2): the profile, 'Modifier' opens the form (Nom, Prénom, Numéro de
 * téléphone; the e-mail is read-only), 'Annuler' puts the saved values back, 'Enregistrer'
 * saves (PUT /users/me) and the stored user follows, so the header shows the new first name.
 */
export function MyInformationsPage() {
  const { data: me } = useSuspenseQuery(currentUserQueryOptions());
  const [editing, setEditing] = useState(false);
  return (
    <section className="portal-account" aria-labelledby="portal-informations-title">
      <div className="portal-account__header">
        <h2 id="portal-informations-title" className="portal-account__title">
          {texts.informationsTitle}
        </h2>
        {editing ? null : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {texts.edit}
          </Button>
        )}
      </div>
      {editing ? (
        <ProfileForm me={me} onDone={() => setEditing(false)} />
      ) : (
        <div className="portal-card">
          <DetailsList
            items={[
              { label: texts.lastName, value: me.lastName },
              { label: texts.firstName, value: me.firstName },
              { label: texts.email, value: me.email, email: true },
              { label: texts.phoneNumber, value: me.phoneNumber },
            ]}
          />
        </div>
      )}
    </section>
  );
}

/** The profile could not load (spec §8), with 'Réessayer'. */
export function MyInformationsError({ reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return <ErrorState title={texts.profileUnavailable} message={texts.profileLoadFailed} onRetry={retry} />;
}

function ProfileForm({ me, onDone }: { me: User; onDone: () => void }) {
  const update = useUpdateCurrentUser();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const saved = { lastName: formText(me.lastName), firstName: formText(me.firstName), phoneNumber: formText(me.phoneNumber) };
  const form = useDomainForm(profileEditSchema, saved);

  const submit = async () => {
    const profile = form.validate();
    if (!profile || saving) return;
    setSaving(true);
    try {
      await update.mutateAsync({
        first_name: profile.firstName,
        last_name: profile.lastName,
        phone_number: profile.phoneNumber,
      });
      toast.success(texts.profileUpdated);
      onDone();
    } catch (error) {
      const explained = form.showServerErrors(error);
      const detail = explained ? undefined : parseProblem(error)?.detail;
      toast.error(texts.profileUpdateFailed, detail);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="portal-form portal-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="portal-form__grid">
        <TextField label={texts.lastName} required autoComplete="family-name" maxLength={NAME_MAX_LENGTH} {...form.field('lastName')} />
        <TextField label={texts.firstName} required autoComplete="given-name" maxLength={NAME_MAX_LENGTH} {...form.field('firstName')} />
        <TextField label={texts.email} type="email" value={me.email} readOnly hint={texts.emailReadOnly} />
        <TextField
          label={texts.phoneNumber}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          {...form.field('phoneNumber')}
        />
      </div>
      <div className="portal-form__actions">
        <div className="portal-form__actions-end">
          <Button
            type="button"
            variant="ghost"
            disabled={saving}
            onClick={() => {
              form.reset(saved);
              onDone();
            }}
          >
            {texts.cancel}
          </Button>
          <Button type="submit" loading={saving} loadingLabel={texts.saving}>
            {texts.save}
          </Button>
        </div>
      </div>
    </form>
  );
}
