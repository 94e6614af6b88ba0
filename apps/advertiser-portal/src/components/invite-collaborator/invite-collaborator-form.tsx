import { problemMessage } from '@terres/api-client';
import { fillTemplate, MAX_COLLABORATORS, messages, validateInvite } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { useInviteCollaborator } from './invite-collaborator';
import { texts } from './texts';
import './invite-collaborator.css';

export interface InviteCollaboratorFormProps {
  /** The addresses already invited or joined (employees and pending invitations). */
  existingEmails: readonly string[];
  /** The signed-in owner's address (nobody invites themself). */
  selfEmail: string | null | undefined;
}

/**
 * The invite field and its send button (spec §5): the simple e-mail pattern, not oneself, not
 * an address already listed (any case); the button is disabled while the field is empty, invalid
 * or sending. At 5 collaborators the field gives way to 'Vous avez atteint le nombre maximal de
 * collaborateurs (5)'. A sent invitation clears the field and refreshes the members list.
 */
export function InviteCollaboratorForm({ existingEmails, selfEmail }: InviteCollaboratorFormProps) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  // Messages show after a blur or a send attempt and clear while typing (spec §5).
  const [shown, setShown] = useState(false);
  const invite = useInviteCollaborator();

  if (existingEmails.length >= MAX_COLLABORATORS) {
    return (
      <p className="portal-invite__limit" role="status">
        {messages.inviteMax}
      </p>
    );
  }

  const check = validateInvite({ email, selfEmail, existingEmails });
  const error = shown && email.trim() !== '' && !check.ok ? check.message : undefined;
  const remaining = MAX_COLLABORATORS - existingEmails.length;

  return (
    <form
      className="portal-invite"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setShown(true);
        if (!check.ok || invite.isPending) return;
        invite.mutate(check.email, {
          onSuccess: () => {
            toast.success(texts.inviteSuccess);
            setEmail('');
            setShown(false);
          },
          onError: (error) => toast.error(problemMessage(error, texts.inviteFailed)),
        });
      }}
    >
      <TextField
        className="portal-invite__field"
        label={texts.emailLabel}
        type="email"
        name="email"
        autoComplete="off"
        inputMode="email"
        placeholder={texts.emailPlaceholder}
        hint={remaining === 1 ? texts.remainingOne : fillTemplate(texts.remainingMany, { count: remaining })}
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setShown(false);
        }}
        onBlur={() => setShown(true)}
      />
      <Button type="submit" loading={invite.isPending} loadingLabel={texts.sending} disabled={!check.ok || invite.isPending}>
        {texts.send}
      </Button>
    </form>
  );
}
