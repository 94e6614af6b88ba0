import { problemMessage } from '@terres/api-client';
import { firstError, REFUSAL_REASON_MAX_LENGTH, refusalReasonSchema } from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Button } from '@terres/ui/button';
import { Dialog, DialogClose } from '@terres/ui/dialog';
import { TextArea } from '@terres/ui/text-area';
import { useState } from 'react';
import * as v from 'valibot';
import { texts } from '../texts';

export interface RefusalDialogProps {
  open: boolean;
  /** 'Annuler', Escape or the close button: nothing is sent. */
  onCancel: () => void;
  /** Sends the refusal; a rejected promise keeps the dialog open with the reason typed. */
  onRefuse: (reason: string) => Promise<void>;
}

/**
 * The refusal of a listing (spec §4): a reason is required (spec §5, the domain's
 * `refusalReasonSchema`), it is mailed to the organisation. A failure keeps the dialog open
 * with what was typed and says why.
 */
export function RefusalDialog({ open, onCancel, onRefuse }: RefusalDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const error = (touched ? firstError(v.safeParse(refusalReasonSchema, reason)) : null) ?? undefined;

  const close = () => {
    if (sending) return;
    setReason('');
    setTouched(false);
    setFailure(null);
    onCancel();
  };

  const submit = async () => {
    setTouched(true);
    const parsed = v.safeParse(refusalReasonSchema, reason);
    if (!parsed.success || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await onRefuse(parsed.output);
      setReason('');
      setTouched(false);
    } catch (caught) {
      setFailure(problemMessage(caught, texts.changeFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={texts.refuseTitle}
      description={texts.refuseDescription}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={sending}>
              {texts.cancel}
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={sending}
            loadingLabel={texts.refusing}
            disabled={reason.trim() === ''}
            onClick={() => void submit()}
          >
            {texts.refuseConfirm}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextArea
          label={texts.refuseReason}
          required
          rows={5}
          maxLength={REFUSAL_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setFailure(null);
          }}
          onBlur={() => setTouched(true)}
        />
        {failure ? (
          <Alert tone="danger" title={texts.changeFailed} className="inquiry-refusal__failure">
            {failure}
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}
