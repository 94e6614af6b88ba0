import { useMutation, useQueryClient } from '@tanstack/react-query';
import { grantOrganizationCredits } from '@terres/api-client';
import { ORGANIZATION_CREDITS_UPDATED_EVENT, type OrganizationCreditsUpdatedDetail } from '@terres/domain';
import { creditTransactionsQueryKey, organizationQueryOptions } from './queries';

interface Grant {
  id: string;
  credits: number;
  /** Why (issue 21): shown in the organisation's ledger. */
  reason: string;
  /** Names the grant: a retry with the same key grants once. */
  idempotencyKey: string;
}

/**
 * Credits granted by an admin: the balance now, the ledger next, and the
 * `organizationCreditsUpdated` browser event for whatever else shows the balance.
 */
export function useGrantOrganizationCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, credits, reason, idempotencyKey }: Grant) =>
      grantOrganizationCredits(id, { credits, reason }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (updated, { id }) => {
      queryClient.setQueryData(organizationQueryOptions(id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: creditTransactionsQueryKey(id) });
      const detail: OrganizationCreditsUpdatedDetail = { organisationId: updated.id, creditBalance: updated.creditBalance };
      window.dispatchEvent(new CustomEvent(ORGANIZATION_CREDITS_UPDATED_EVENT, { detail }));
    },
  });
}
