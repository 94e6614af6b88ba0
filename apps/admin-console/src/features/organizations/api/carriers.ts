// An organisation's carriers as an admin keeps them (issue 18: "admins can add to any
// organisation's"): the list with the archived ones, the save (add or edit) and the archive. Each
// hook reads the list again once the API answered.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveCarrier, createCarrier, getCarriersPagesQueryOptions, getListCarriersQueryKey, updateCarrier } from '@terres/api-client';
import type { CarrierSave } from '@terres/app-kit';

/** The organisation's carriers, the archived ones too (after the active ones), a page at a time ('Voir plus', issue 23). */
export function organizationCarriersQueryOptions(organisationId: string) {
  return getCarriersPagesQueryOptions(organisationId, { include_archived: true });
}

/** Every page and filter of the organisation's carriers (the portal's too, in a shared cache). */
const carriersKey = (organisationId: string) => [getListCarriersQueryKey(organisationId)[0]];

/** Adds or edits one of the organisation's carriers (the app-kit form's `onSave`). */
export function useSaveOrganizationCarrier(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ carrierId, body, idempotencyKey }: CarrierSave) =>
      carrierId ? updateCarrier(carrierId, body) : createCarrier(organisationId, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carriersKey(organisationId) }),
  });
}

/** Archives a carrier (never deleted: loads keep it); the list is read again (awaited). */
export function useArchiveOrganizationCarrier(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carrierId: string) => archiveCarrier(carrierId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carriersKey(organisationId) }),
  });
}
