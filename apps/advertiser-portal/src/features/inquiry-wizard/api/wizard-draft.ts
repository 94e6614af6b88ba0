// The listing the wizard edits: GET /inquiries/{id} and its documents, where a 404 means "not
// created yet" (the route id is the new draft's id, review §13). Saves go through here too, so
// every cache that shows the listing learns the new values at once: the wizard writes through
// `useSaveInquiry` and `useSubmitInquiry` (save-inquiry.ts), which own that cache work.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  createInquiry,
  getGetInquiryQueryKey,
  getInquiry,
  getListInquiriesQueryKey,
  listInquiryDocuments,
  parseProblem,
  updateInquiry,
  type Document,
  type Inquiry,
} from '@terres/api-client';
import type { InquiryType } from '@terres/domain';
import type { WirePatch } from '../sub-steps/types';

export interface WizardDraft {
  /** The saved listing, or null while it does not exist yet. */
  inquiry: Inquiry | null;
  documents: Document[];
}

/**
 * Under the generated detail key (so invalidating the listing refreshes it too), with a suffix:
 * this entry may hold null, which the detail pages' entry never does.
 */
export function wizardDraftQueryKey(id: string) {
  return [...getGetInquiryQueryKey(id), 'wizard'] as const;
}

export function wizardDraftQueryOptions(id: string) {
  return queryOptions({
    queryKey: wizardDraftQueryKey(id),
    queryFn: async ({ signal }): Promise<WizardDraft> => {
      try {
        const [inquiry, all] = await Promise.all([getInquiry(id, { signal }), listInquiryDocuments(id, { signal })]);
        // The wizard holds the organisation's own files: a study the platform sent is no
        // permission or soil study of theirs (domain validateInquiryForSubmission, the API's rule).
        return { inquiry, documents: all.filter((document) => document.source === 'ADVERTISER') };
      } catch (error) {
        if (parseProblem(error)?.status === 404) return { inquiry: null, documents: [] };
        throw error;
      }
    },
  });
}

/**
 * Saves wire fields: creates the draft with the route's id on the first save (POST with the
 * type, the project name and status DRAFT), edits it afterwards (PUT, snake_case names only).
 */
export interface SaveInquiryOptions {
  id: string;
  type: InquiryType;
  exists: boolean;
  projectName: string;
  patch: WirePatch;
}

export async function saveInquiry(options: SaveInquiryOptions): Promise<Inquiry> {
  const { id, type, exists, projectName, patch } = options;
  if (exists) return updateInquiry(id, patch);
  return createInquiry({ ...patch, id, type, status: 'DRAFT', project_name: patch.project_name ?? projectName.trim() });
}

/** Submits the listing for validation (DRAFT or REJECTED -> PENDING_VALIDATION, CONTRACT §8). */
export function submitInquiry(id: string, patch: WirePatch): Promise<Inquiry> {
  return updateInquiry(id, { ...patch, accept_certification: true, status: 'PENDING_VALIDATION' });
}

/** After a save: the wizard's entry, the detail pages' entry and the listings list agree with the server. */
export function rememberSaved(queryClient: QueryClient, inquiry: Inquiry, documents: Document[]): void {
  queryClient.setQueryData<WizardDraft>(wizardDraftQueryKey(inquiry.id), { inquiry, documents });
  queryClient.setQueryData(getGetInquiryQueryKey(inquiry.id), inquiry);
  void queryClient.invalidateQueries({ queryKey: getListInquiriesQueryKey() });
}
