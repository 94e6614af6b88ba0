// The listing the wizard edits (spec §2, §5): the draft is created on the first save (POST with
// the route's id), each later save is a PUT of wire fields, a submission moves it to
// PENDING_VALIDATION. A save never creates the draft twice (an upload may be creating it), and a
// creation answered 409 (the route's id belongs to a listing this user cannot read) moves what
// was typed to a new draft's id.
import { useNavigate } from '@tanstack/react-router';
import { parseProblem, type Document, type Inquiry } from '@terres/api-client';
import { PROBLEM_TYPES } from '@terres/domain';
import { useToast } from '@terres/ui/toast';
import { useCallback, useRef, useState } from 'react';
import { newUuid } from '../../../lib/new-inquiry';
import { useRememberDocuments, useSaveInquiry, useSubmitInquiry } from '../api/save-inquiry';
import type { WizardDraft } from '../api/wizard-draft';
import type { DocumentsProps } from '../components/steps/site-step';
import { payloadFor } from '../sub-steps';
import { withoutNothingToClear } from '../sub-steps/plain';
import type { WirePatch } from '../sub-steps/types';
import { texts } from '../texts';
import { forgetUnsaved, writeUnsaved } from './unsaved';
import type { WizardType, WizardValues } from './values';

/** Thrown by a save whose draft moved to a new id (see `restartElsewhere`): nothing more to say. */
export class DraftRestarted extends Error {}

export function useWizardDraft({ id, type, draft }: { id: string; type: WizardType; draft: WizardDraft }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [inquiry, setInquiry] = useState<Inquiry | null>(draft.inquiry);
  const [documents, setDocuments] = useState<Document[]>(draft.documents);
  const inquiryRef = useRef(inquiry);
  const documentsRef = useRef(documents);
  const creating = useRef<Promise<Inquiry> | null>(null);
  const currentDocuments = useCallback(() => documentsRef.current, []);
  const save = useSaveInquiry(currentDocuments);
  const submission = useSubmitInquiry(currentDocuments);
  const rememberDocuments = useRememberDocuments();

  const remember = useCallback((saved: Inquiry) => {
    inquiryRef.current = saved;
    setInquiry(saved);
  }, []);

  /**
   * The route's id belongs to a listing this user cannot read (a draft deleted since, then the
   * browser's Back; another organisation's id): its GET said 404, its creation says 409. The
   * values typed go to a new draft's id, where the user saves them again.
   */
  const restartElsewhere = useCallback(
    (values: WizardValues) => {
      const fresh = newUuid();
      writeUnsaved(fresh, null, values);
      forgetUnsaved(id);
      toast.info(texts.idTakenTitle, texts.idTakenBody);
      void navigate({ to: '/user/create-inquiry/$id', params: { id: fresh }, search: (prev) => ({ ...prev, type }), replace: true });
    },
    [id, navigate, toast, type],
  );

  const { mutateAsync: saveAsync } = save;
  /** Saves wire fields; creates the draft first when it does not exist. */
  const persist = useCallback(
    async (patch: WirePatch, values: WizardValues): Promise<Inquiry> => {
      // A draft being created (first Next, or an upload) is awaited, never created twice.
      if (!inquiryRef.current && creating.current) await creating.current.catch(() => undefined);
      const exists = inquiryRef.current !== null;
      const request = saveAsync({ id, type, exists, projectName: values.projectName, patch: withoutNothingToClear(patch, inquiryRef.current) });
      if (!exists) creating.current = request;
      try {
        const saved = await request;
        remember(saved);
        return saved;
      } catch (error) {
        // The id belongs to a listing this user cannot read (its problem type, never its wording).
        if (!exists && parseProblem(error)?.type === PROBLEM_TYPES.idTaken) {
          restartElsewhere(values);
          throw new DraftRestarted();
        }
        throw error;
      } finally {
        if (!exists) creating.current = null;
      }
    },
    [id, remember, restartElsewhere, saveAsync, type],
  );

  /** The draft's id, creating it with the project name when needed (an upload needs it). */
  const ensureDraft = useCallback(
    async (values: WizardValues): Promise<string> => {
      if (inquiryRef.current) return inquiryRef.current.id;
      if (creating.current) return (await creating.current).id;
      return (await persist(payloadFor('projectName', values), values)).id;
    },
    [persist],
  );

  /** Submits the listing with the valid fields; answers the listing's former status. */
  const submit = async (patch: WirePatch, values: WizardValues): Promise<{ wasRejected: boolean }> => {
    await ensureDraft(values);
    const wasRejected = inquiryRef.current?.status === 'REJECTED';
    remember(await submission.mutateAsync({ id, patch: withoutNothingToClear(patch, inquiryRef.current) }));
    return { wasRejected };
  };

  const setDocumentList = (next: Document[]) => {
    documentsRef.current = next;
    setDocuments(next);
    if (inquiryRef.current) rememberDocuments(inquiryRef.current, next);
  };
  /** What the document sub-steps need, the draft created on their first upload. */
  const documentProps = (values: WizardValues): DocumentsProps => ({
    documents,
    inquiryStatus: inquiry?.status ?? 'DRAFT',
    ensureDraft: () => ensureDraft(values),
    onUploaded: (document) => setDocumentList([...documentsRef.current, document]),
    onRemoved: (documentId) => setDocumentList(documentsRef.current.filter((doc) => doc.id !== documentId)),
  });

  return { inquiry, savedInquiry: () => inquiryRef.current, documents, persist, submit, documentProps };
}
