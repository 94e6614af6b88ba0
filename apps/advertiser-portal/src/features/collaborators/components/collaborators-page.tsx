import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, problemMessage, type Member } from '@terres/api-client';
import { useAuth, useRouteRetry } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { EmailAddress } from '@terres/ui/email-address';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { useToast } from '@terres/ui/toast';
import { useId, type ReactNode } from 'react';
import { InviteCollaboratorForm } from '../../../components/invite-collaborator/invite-collaborator-form';
import { collaboratorsOf } from '../../../lib/collaborators';
import { useArchiveCollaborator } from '../api/archive-collaborator';
import { useResendInvitation } from '../api/resend-invitation';
import { membersQueryOptions } from '../api/members';
import { texts } from '../texts';
import '../collaborators.css';

/**
 * Collaborateurs (owner only, spec §2, §5, §8): the invite field (or, at 5, the limit sentence),
 * then the employees and pending invitations, each with its e-mail and full name or a dash;
 * 'Renvoyer' for pending invitations only (CONTRACT §11) and 'Supprimer', each confirmed first.
 */
export function CollaboratorsPage() {
  const { user } = useAuth();
  const { data: members } = useSuspenseQuery(membersQueryOptions());
  const collaborators = collaboratorsOf(members, user?.id);
  return (
    <CollaboratorsSection>
      <InviteCollaboratorForm existingEmails={collaborators.map((member) => member.email)} selfEmail={user?.email} />
      {collaborators.length === 0 ? (
        <EmptyState title={texts.empty} headingLevel={3} />
      ) : (
        <ul className="portal-collaborators__list" aria-label={texts.listLabel}>
          {collaborators.map((member) => (
            <CollaboratorRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </CollaboratorsSection>
  );
}

/** The list could not load (spec §8 'Erreur lors du chargement des collaborateurs'), with 'Réessayer'. */
export function CollaboratorsError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <CollaboratorsSection>
      <ErrorState title={texts.loadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={3} />
    </CollaboratorsSection>
  );
}

function CollaboratorsSection({ children }: { children: ReactNode }) {
  return (
    <section className="portal-collaborators" aria-labelledby="portal-collaborators-title">
      <div>
        <h2 id="portal-collaborators-title" className="portal-collaborators__title">
          {texts.title}
        </h2>
        <p className="portal-collaborators__lead">{texts.lead}</p>
      </div>
      {children}
    </section>
  );
}

function CollaboratorRow({ member }: { member: Member }) {
  const toast = useToast();
  const resendInvitation = useResendInvitation();
  const archival = useArchiveCollaborator();
  const emailId = useId();

  // A failure (a 429: 'Veuillez patienter une minute…') is said in the dialog, which stays open:
  // a toast would sit behind the modal, hidden from screen readers (issue 21).
  const resend = async () => {
    await resendInvitation.mutateAsync(member.email);
    toast.success(texts.resendSuccess);
  };

  const remove = async () => {
    await archival.mutateAsync(member.id);
    toast.success(texts.deleteSuccess);
  };

  const name = member.fullName && member.fullName.trim() !== '' ? member.fullName : texts.noName;
  return (
    <li className="portal-collaborator">
      <div className="portal-collaborator__who">
        <span className="portal-collaborator__email" id={emailId}>
          <EmailAddress address={member.email} />
        </span>
        <span className="portal-collaborator__name">{name}</span>
        {member.pending ? <span className="portal-collaborator__badge">{texts.pending}</span> : null}
      </div>
      <div className="portal-collaborator__actions">
        {member.pending ? (
          <ConfirmDialog
            title={texts.resendTitle}
            description={fillTemplate(texts.resendDescription, { email: member.email })}
            confirmLabel={texts.resend}
            cancelLabel={texts.cancel}
            loadingLabel={texts.resending}
            onConfirm={resend}
            failureMessage={(error) => problemMessage(error, texts.resendFailed)}
            trigger={
              <Button variant="secondary" size="sm" aria-describedby={emailId}>
                {texts.resend}
              </Button>
            }
          />
        ) : null}
        <ConfirmDialog
          variant="danger"
          title={member.pending ? texts.withdrawTitle : texts.deleteTitle}
          description={fillTemplate(member.pending ? texts.withdrawDescription : texts.deleteDescription, { email: member.email })}
          confirmLabel={texts.delete}
          cancelLabel={texts.cancel}
          loadingLabel={texts.deleting}
          onConfirm={remove}
          failureMessage={(error) => problemMessage(error, texts.deleteFailed)}
          trigger={
            <Button variant="danger" size="sm" aria-describedby={emailId}>
              {texts.delete}
            </Button>
          }
        />
      </div>
    </li>
  );
}
