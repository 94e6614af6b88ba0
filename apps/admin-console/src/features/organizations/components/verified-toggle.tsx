import { useQueryClient } from '@tanstack/react-query';
import { getListOrganizationsQueryKey, setOrganizationVerified, type Organization } from '@terres/api-client';
import { Checkbox } from '@terres/ui/checkbox';
import { useToast } from '@terres/ui/toast';
import { useRef } from 'react';
import { organizationQueryOptions } from '../api/queries';
import { texts } from '../texts';

/**
 * The verified flag (spec §4): the box changes at once (optimistic) and goes back if the API
 * refuses, with the spec's toasts. Clicks while a change is on its way are ignored, so the
 * screen never disagrees with the last answer.
 */
export function VerifiedToggle({ organisation }: { organisation: Organization }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const pending = useRef(false);
  const { queryKey } = organizationQueryOptions(organisation.id);

  const change = async (verified: boolean) => {
    if (pending.current) return;
    if (!organisation.id) {
      toast.error(texts.missingId);
      return;
    }
    pending.current = true;
    const before = queryClient.getQueryData<Organization>(queryKey);
    queryClient.setQueryData<Organization>(queryKey, (current) => (current ? { ...current, verified } : current));
    try {
      const updated = await setOrganizationVerified(organisation.id, { verified });
      queryClient.setQueryData(queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: getListOrganizationsQueryKey() });
      toast.success(verified ? texts.verifiedOn : texts.verifiedOff);
    } catch {
      // Rolled back: the box shows what the server still holds.
      queryClient.setQueryData(queryKey, before ?? { ...organisation, verified: !verified });
      toast.error(texts.verifyFailed);
    } finally {
      pending.current = false;
    }
  };

  return (
    <Checkbox
      label={texts.verifiedLabel}
      hint={texts.verifiedHint}
      checked={organisation.verified}
      disabled={organisation.archived}
      onCheckedChange={(checked) => void change(checked === true)}
    />
  );
}
