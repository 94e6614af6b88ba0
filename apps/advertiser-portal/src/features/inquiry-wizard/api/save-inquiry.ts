// The wizard's writes as mutation hooks (bulletproof-react style): each owns what the caches
// learn from its answer, so no component calls a generated write function or patches a cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetMyOrganizationQueryKey, parseProblem, type Document, type Inquiry } from '@terres/api-client';
import { PROBLEM_TYPES } from '@terres/domain';
import type { WirePatch } from '../sub-steps/types';
import { rememberSaved, saveInquiry, submitInquiry, type SaveInquiryOptions } from './wizard-draft';

/** The listing's documents when the answer arrives (an upload may end meanwhile). */
type Documents = () => Document[];

/** Creates the draft (POST, the route's id) or saves fields (PUT); the caches learn the answer. */
export function useSaveInquiry(documents: Documents) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: SaveInquiryOptions) => saveInquiry(options),
    onSuccess: (saved: Inquiry) => rememberSaved(queryClient, saved, documents()),
  });
}

/** Submits the listing for validation; the organisation's balance is read again after it. */
export function useSubmitInquiry(documents: Documents) {
  const queryClient = useQueryClient();
  const balance = () => queryClient.invalidateQueries({ queryKey: getGetMyOrganizationQueryKey() });
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: WirePatch }) => submitInquiry(id, patch),
    onSuccess: (saved: Inquiry) => {
      rememberSaved(queryClient, saved, documents());
      void balance();
    },
    // A balance that no longer covers the cost: the header's balance is read again.
    onError: (error) => {
      if (parseProblem(error)?.type === PROBLEM_TYPES.insufficientBalance) void balance();
    },
  });
}

/** The documents' list changed (an upload, a removal): the caches that show the listing learn it. */
export function useRememberDocuments() {
  const queryClient = useQueryClient();
  return (inquiry: Inquiry, documents: Document[]) => rememberSaved(queryClient, inquiry, documents);
}
