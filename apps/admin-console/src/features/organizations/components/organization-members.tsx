import { useQuery } from '@tanstack/react-query';
import { parseProblem } from '@terres/api-client';
import { normalizeRole } from '@terres/domain';
import { Card } from '@terres/ui/card';
import { EmailAddress } from '@terres/ui/email-address';
import { ErrorState } from '@terres/ui/error-state';
import { membersQueryOptions } from '../api/queries';
import { texts } from '../texts';

/** Who uses the organisation: its owner and collaborators, then the invitations not accepted yet. */
export function OrganizationMembers({ organisationId }: { organisationId: string }) {
  const query = useQuery(membersQueryOptions(organisationId));
  return (
    <Card title={texts.membersTitle}>
      {query.isPending ? (
        <p role="status" className="app-muted">
          {texts.loading}
        </p>
      ) : query.isError ? (
        <ErrorState
          headingLevel={3}
          title={texts.membersLoadFailed}
          message={parseProblem(query.error)?.detail}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <p className="app-muted">{texts.membersEmpty}</p>
      ) : (
        <ul className="console-org__members">
          {query.data.map((member) => (
            <li key={member.id} className="console-org__member">
              <span className="console-org__member-name">{member.fullName ?? texts.noName}</span>
              <a className="console-org__member-email" href={`mailto:${member.email}`}>
                <EmailAddress address={member.email} />
              </a>
              <span className="console-org__member-role">
                {member.pending ? texts.pendingInvitation : normalizeRole(member.role) === 'OWNER' ? texts.roleOwner : texts.roleEmployee}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
