// The submission's two dialogs (spec §2): the confirmation (the cost is debited at validation)
// and, when the balance does not cover the cost, the offer to save the draft or buy credits
// (owners only; an employee is told to ask).
import { formatCredits, fillTemplate } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Dialog, DialogClose } from '@terres/ui/dialog';
import { texts } from '../texts';
import type { useWizardActions } from './use-wizard-actions';

export function SubmitDialogs({ actions, isOwner }: { actions: ReturnType<typeof useWizardActions>; isOwner: boolean }) {
  const { busy, dialog, closeDialog, cost, balance } = actions;
  const figures = { cost: cost === null ? '-' : formatCredits(cost), balance: balance === null ? '-' : formatCredits(balance) };
  return (
    <>
      <Dialog
        open={dialog === 'confirm'}
        onOpenChange={(open) => {
          if (!open && busy !== 'submit') closeDialog();
        }}
        title={texts.confirmTitle}
        description={fillTemplate(texts.confirmBody, figures)}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy === 'submit'}>
                {texts.cancel}
              </Button>
            </DialogClose>
            <Button variant="success" loading={busy === 'submit'} loadingLabel={texts.confirmLoading} onClick={() => void actions.submit()}>
              {texts.confirmAction}
            </Button>
          </>
        }
      />
      <Dialog
        open={dialog === 'low-balance'}
        onOpenChange={(open) => {
          if (!open && busy === null) closeDialog();
        }}
        title={texts.lowBalanceTitle}
        description={fillTemplate(texts.lowBalanceBody, figures)}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">{texts.cancel}</Button>
            </DialogClose>
            <Button variant="secondary" loading={busy === 'quit'} loadingLabel={texts.saving} onClick={() => void actions.saveAndLeave('/dashboard')}>
              {texts.saveAsDraft}
            </Button>
            {isOwner ? (
              <Button onClick={() => void actions.saveAndLeave('/credits/buy')} disabled={busy !== null}>
                {texts.buyCredits}
              </Button>
            ) : null}
          </>
        }
      >
        {isOwner ? null : <p>{texts.lowBalanceEmployee}</p>}
      </Dialog>
    </>
  );
}
