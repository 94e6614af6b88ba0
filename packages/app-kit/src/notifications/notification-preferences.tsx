// The e-mail preferences per kind of notification (issue 21): « Immédiatement » or « Résumé
// quotidien » for each, from the domain's kinds, labels and defaults; saved in one call.
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  getGetNotificationPreferencesQueryKey,
  parseProblem,
  updateNotificationPreferences,
  type NotificationPreferences as Preferences,
} from '@terres/api-client';
import {
  fillTemplate,
  NOTIFICATION_DIGEST_HOUR,
  NOTIFICATION_KIND_HINTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MODE_LABELS,
  NOTIFICATION_MODES,
  notificationMessages as m,
  notificationPreferences,
  type NotificationKind,
  type NotificationMode,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { RadioGroup } from '@terres/ui/radio-group';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { notificationPreferencesQueryOptions } from './queries';
import './notification-preferences.css';


/** Saves the choices; the answer (every kind) becomes the cached preferences. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => updateNotificationPreferences(body),
    onSuccess: (saved) => queryClient.setQueryData(getGetNotificationPreferencesQueryKey(), saved),
  });
}

const modeOptions = () => NOTIFICATION_MODES.map((mode) => ({ value: mode, label: NOTIFICATION_MODE_LABELS[mode] }));

export function NotificationPreferencesForm() {
  const toast = useToast();
  const { data } = useSuspenseQuery(notificationPreferencesQueryOptions());
  const [modes, setModes] = useState<Record<NotificationKind, NotificationMode>>(() => ({ ...notificationPreferences(data.preferences) }));
  const save = useUpdateNotificationPreferences();
  return (
    <form
      className="app-notification-preferences"
      aria-labelledby="notification-preferences-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, mode: modes[kind] })) },
          {
            onSuccess: () => toast.success(m.preferencesSaved),
            onError: (error) => toast.error(parseProblem(error)?.detail ?? m.preferencesModeInvalid),
          },
        );
      }}
    >
      <h2 id="notification-preferences-title">{m.preferencesTitle}</h2>
      <p>{fillTemplate(m.preferencesIntro, { hour: NOTIFICATION_DIGEST_HOUR })}</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <RadioGroup
          key={kind}
          label={NOTIFICATION_KIND_LABELS[kind]}
          hint={NOTIFICATION_KIND_HINTS[kind]}
          name={`notification-${kind.toLowerCase()}`}
          orientation="horizontal"
          options={modeOptions()}
          value={modes[kind]}
          onValueChange={(value) => setModes((current) => ({ ...current, [kind]: value as NotificationMode }))}
        />
      ))}
      <p className="app-muted">{m.preferencesActionNote}</p>
      <Button type="submit" disabled={save.isPending}>
        {m.preferencesSave}
      </Button>
    </form>
  );
}
