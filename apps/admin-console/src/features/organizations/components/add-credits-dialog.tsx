import { formatStatusError, type Organization } from '@terres/api-client';
import {
  creditsGrantReasonSchema,
  CREDITS_TOP_UP_MAX,
  CREDITS_TOP_UP_MIN,
  fillTemplate,
  messages,
  parseCreditsAmount,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Dialog, DialogClose } from '@terres/ui/dialog';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { useGrantOrganizationCredits } from '../api/grant-organization-credits';
import { texts } from '../texts';

const newKey = () => globalThis.crypto.randomUUID();

/**
 * 'Ajouter des crédits +' (spec §2, §5, §8): an integer from 1 to 999 (the submit button is
 * disabled outside, the field says why) and a required reason (issue 21), which both ledgers
 * show. Each opening of the dialog names its grant with an
 * `Idempotency-Key`, so a double click or a retry after a lost answer grants once; a new amount
 * after a failure is a new grant with a new key. Success: the spec's toast, the
 * `organizationCreditsUpdated` browser event, the balance and the ledger refreshed.
 */
export function AddCreditsDialog({ organisation }: { organisation: Organization }) {
  const granting = useGrantOrganizationCredits();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [reasonText, setReasonText] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [sending, setSending] = useState(false);
  // The key of this opening's grant, and the amount it was first sent with.
  const grant = useRef<{ key: string; amount: number | null; reason: string | null }>({ key: newKey(), amount: null, reason: null });
  const amount = parseCreditsAmount(text);
  const error = touched && text.trim() !== '' && amount === null ? messages.creditsAmount : undefined;
  const reasonResult = v.safeParse(creditsGrantReasonSchema, reasonText);
  const reason = reasonResult.success ? reasonResult.output : null;
  const reasonError = reasonTouched && !reasonResult.success ? reasonResult.issues[0].message : undefined;

  const onOpenChange = (next: boolean) => {
    if (sending) return;
    if (next) {
      grant.current = { key: newKey(), amount: null, reason: null };
      setText('');
      setTouched(false);
      setReasonText('');
      setReasonTouched(false);
    }
    setOpen(next);
  };

  const submit = async () => {
    if (sending) return;
    if (amount === null) {
      setTouched(true);
      toast.error(messages.creditsAmount);
      return;
    }
    if (reason === null) {
      setReasonTouched(true);
      return;
    }
    if (!organisation.id) {
      toast.error(texts.missingId);
      return;
    }
    const sent = grant.current;
    if (sent.amount !== null && (sent.amount !== amount || sent.reason !== reason)) grant.current = { key: newKey(), amount: null, reason: null };
    grant.current.amount = amount;
    grant.current.reason = reason;
    setSending(true);
    try {
      await granting.mutateAsync({ id: organisation.id, credits: amount, reason, idempotencyKey: grant.current.key });
      toast.success(fillTemplate(texts.creditsAdded, { n: String(amount) }));
      setSending(false);
      setOpen(false);
    } catch (failure) {
      // The dialog stays open with the amount: 'Ajouter' again retries the same grant.
      toast.error(formatStatusError(failure));
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={texts.creditsDialogTitle}
      description={fillTemplate(texts.creditsDialogDescription, { name: organisation.name })}
      trigger={
        <Button variant="primary" disabled={organisation.archived}>
          {texts.addCredits}
        </Button>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={texts.creditsAmountLabel}
          hint={texts.creditsAmountHint}
          type="number"
          inputMode="numeric"
          min={CREDITS_TOP_UP_MIN}
          max={CREDITS_TOP_UP_MAX}
          step={1}
          required
          autoFocus
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setTouched(true);
          }}
        />
        <TextField
          label={texts.creditsReasonLabel}
          hint={texts.creditsReasonHint}
          required
          value={reasonText}
          error={reasonError}
          onChange={(event) => setReasonText(event.target.value)}
          onBlur={() => setReasonTouched(true)}
        />
        <div className="console-org__dialog-actions">
          <DialogClose asChild>
            <Button type="button" variant="ghost" disabled={sending}>
              {texts.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={amount === null} loading={sending} loadingLabel={texts.creditsSubmitting}>
            {texts.creditsSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
