// The onboarding's organisation store (spec §4: loading and its error are the route's; error,
// currentStep, isComplete here): the own
// organisation through the portal's shared query, created at step 1 and updated at steps 1 to 3.
// After a save the cache takes the server's answer before any navigation, so the completeness
// guard sees the new state (APPS.md).
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createOrganization, parseProblem, updateOrganization, type Organization } from '@terres/api-client';
import { useAuthController } from '@terres/app-kit';
import { isOrganisationComplete, onboardingStep, toSnakeKeys } from '@terres/domain';
import { useState } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { texts } from '../texts';

export interface StoreError {
  /** The banner's text ('Erreur lors de la création de votre organisation'...). */
  title: string;
  /** The server's French detail, when it gave one. */
  detail?: string | undefined;
}

export function useOrganisationStore() {
  const auth = useAuthController();
  const queryClient = useQueryClient();
  // The route's loader has read it (ensureQueryData); a failed first read is the route's error view.
  const query = useSuspenseQuery(myOrganizationQueryOptions());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<StoreError>();
  const organisation = query.data;

  /**
   * Creates the organisation (step 1, none yet) or updates it with a step's fields. Resolves to
   * the saved organisation, or null after a failure (then `error` says why; the caller's
   * `onError` receives the raw error for field messages).
   */
  const save = async (fields: Record<string, unknown>, onError?: (error: unknown) => void): Promise<Organization | null> => {
    setSaving(true);
    setError(undefined);
    const creating = organisation === null;
    try {
      const body = toSnakeKeys(fields);
      const saved = creating
        ? await createOrganization(body as unknown as Parameters<typeof createOrganization>[0])
        : await updateOrganization(organisation.id, body);
      queryClient.setQueryData(myOrganizationQueryOptions().queryKey, saved);
      if (creating) auth.updateUser({ organizationId: saved.id });
      return saved;
    } catch (failure) {
      const problem = parseProblem(failure);
      setError({
        title: creating ? texts.createFailed : texts.updateFailed,
        // A 422's messages go to the fields; other refusals say why here.
        detail: problem?.status === 422 && problem.errors ? undefined : problem?.detail,
      });
      onError?.(failure);
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** Reads the organisation again from the server (before leaving onboarding). */
  const refresh = async (): Promise<Organization | null | undefined> => {
    setError(undefined);
    try {
      return await queryClient.fetchQuery({ ...myOrganizationQueryOptions(), staleTime: 0 });
    } catch (failure) {
      setError({ title: texts.refreshFailed, detail: parseProblem(failure)?.detail });
      return undefined;
    }
  };

  return {
    query,
    organisation,
    error,
    saving,
    currentStep: onboardingStep(organisation),
    isComplete: isOrganisationComplete(organisation),
    save,
    refresh,
  };
}
