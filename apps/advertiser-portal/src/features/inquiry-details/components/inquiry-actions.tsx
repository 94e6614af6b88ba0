import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { parseProblem, type Inquiry } from '@terres/api-client';
import { useAuth } from '@terres/app-kit';
import {
  fillTemplate,
  formatCredits,
  hasEnoughCredits,
  isDeletableByAdvertiser,
  isEditableByAdvertiser,
  normalizeRole,
  toCreditBalance,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { Dialog, DialogClose } from '@terres/ui/dialog';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { useDeleteInquiry } from '../api/delete-inquiry';
import { useForgetInquiry } from '../api/inquiry';
import { useUpdateInquiry } from '../api/update-inquiry';
import { texts } from '../texts';

/**
 * What the listing's status allows (CONTRACT §8): a DRAFT can be resumed in the wizard or
 * deleted; a REJECTED listing can be edited in the wizard and resubmitted. Other statuses
 * allow no change (the PDF summary is on the Documents tab).
 */
export function InquiryActions({ inquiry }: { inquiry: Inquiry }) {
  const editable = isEditableByAdvertiser(inquiry.status);
  if (!editable && !isDeletableByAdvertiser(inquiry.status)) return null;
  return (
    <div className="inquiry-actions" role="group" aria-label="Actions sur l’annonce">
      {editable ? (
        <Button asChild variant={inquiry.status === 'DRAFT' ? 'primary' : 'secondary'}>
          <Link to="/user/create-inquiry/$id" params={{ id: inquiry.id }}>
            {inquiry.status === 'DRAFT' ? texts.resume : texts.edit}
          </Link>
        </Button>
      ) : null}
      {inquiry.status === 'REJECTED' ? <ResubmitAction inquiry={inquiry} /> : null}
      {isDeletableByAdvertiser(inquiry.status) ? <DeleteDraftAction inquiry={inquiry} /> : null}
    </div>
  );
}

/**
 * REJECTED -> PENDING_VALIDATION. The balance is read when the button is pressed: enough for the
 * cost, a confirmation; not enough, how to get credits (the owner buys them).
 */
function ResubmitAction({ inquiry }: { inquiry: Inquiry }) {
  const { user } = useAuth();
  const toast = useToast();
  const update = useUpdateInquiry();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'confirm' | 'insufficient' | null>(null);
  const [checking, setChecking] = useState(false);
  const organization = useQuery(myOrganizationQueryOptions());
  const balance = toCreditBalance(organization.data?.creditBalance);
  const isOwner = normalizeRole(user?.role) === 'OWNER';
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <Button
        variant="success"
        loading={checking}
        onClick={() => {
          setChecking(true);
          queryClient
            .ensureQueryData(myOrganizationQueryOptions())
            .then((current) => setDialog(hasEnoughCredits(current?.creditBalance, inquiry.cost) ? 'confirm' : 'insufficient'))
            // The balance could not be read: let the API decide (it refuses a short balance).
            .catch(() => setDialog('confirm'))
            .finally(() => setChecking(false));
        }}
      >
        {texts.resubmit}
      </Button>
      <ConfirmDialog
        open={dialog === 'confirm'}
        onOpenChange={close}
        title={texts.resubmitTitle}
        description={fillTemplate(texts.resubmitDescription, { cost: formatCredits(inquiry.cost) })}
        confirmLabel={texts.resubmit}
        loadingLabel={texts.resubmitSending}
        onConfirm={async () => {
          try {
            await update.mutateAsync({ id: inquiry.id, change: { status: 'PENDING_VALIDATION' } });
            toast.success(texts.resubmitted);
          } catch (error) {
            // A refusal (incomplete listing, balance) is not fixed by asking again: the dialog
            // closes and the toast says why.
            toast.error(texts.submitFailed, parseProblem(error)?.detail);
          }
        }}
      />
      <Dialog
        open={dialog === 'insufficient'}
        onOpenChange={close}
        title={texts.insufficientTitle}
        description={fillTemplate(texts.insufficientDescription, {
          cost: formatCredits(inquiry.cost),
          balance: formatCredits(balance),
        })}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{texts.close}</Button>
            </DialogClose>
            {isOwner ? (
              <Button asChild>
                {/* Back to this listing once the credits are bought (issue 21). */}
                <Link to="/credits/buy" search={{ redirect: `/user/inquiry/details/${inquiry.id}/overview` }}>
                  {texts.buyCredits}
                </Link>
              </Button>
            ) : null}
          </>
        }
      >
        {isOwner ? null : <p className="inquiry-details__muted">{texts.insufficientEmployee}</p>}
      </Dialog>
    </>
  );
}

/** A draft is deleted after a confirmation; then back to the dashboard with a toast. */
function DeleteDraftAction({ inquiry }: { inquiry: Inquiry }) {
  const toast = useToast();
  const navigate = useNavigate();
  const deletion = useDeleteInquiry();
  const forget = useForgetInquiry();
  return (
    <ConfirmDialog
      title={texts.deleteTitle}
      description={fillTemplate(texts.deleteDescription, { name: inquiry.projectName })}
      confirmLabel={texts.deleteConfirm}
      loadingLabel={texts.deleting}
      variant="danger"
      trigger={<Button variant="danger">{texts.deleteDraft}</Button>}
      onConfirm={async () => {
        try {
          await deletion.mutateAsync(inquiry.id);
        } catch (error) {
          toast.error(texts.deleteFailed, parseProblem(error)?.detail);
          throw error;
        }
        toast.success(texts.deleted);
        await navigate({ to: '/dashboard' });
        forget(inquiry.id);
      }}
    />
  );
}
