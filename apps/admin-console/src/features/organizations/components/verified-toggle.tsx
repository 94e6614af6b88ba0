import type { Organization } from '@terres/api-client';
import { Checkbox } from '@terres/ui/checkbox';
import { useToast } from '@terres/ui/toast';
import { useRef } from 'react';
import { useSetOrganizationVerified } from '../api/set-organization-verified';
import { texts } from '../texts';

/**
 * The verified flag (spec §4): the box changes at once (optimistic) and goes back if the API
 * refuses, with the spec's toasts. Clicks while a change is on its way are ignored, so the
 * screen never disagrees with the last answer.
 */
export function VerifiedToggle({ organisation }: { organisation: Organization }) {
  const setVerified = useSetOrganizationVerified();
  const toast = useToast();
  const pending = useRef(false);

  const change = async (verified: boolean) => {
    if (pending.current) return;
    if (!organisation.id) {
      toast.error(texts.missingId);
      return;
    }
    pending.current = true;
    try {
      await setVerified.mutateAsync({ organisation, verified });
      toast.success(verified ? texts.verifiedOn : texts.verifiedOff);
    } catch {
      // The hook rolled the box back to what the server still holds.
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
