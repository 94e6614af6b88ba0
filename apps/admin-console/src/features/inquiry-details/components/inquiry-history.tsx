import { useQuery } from '@tanstack/react-query';
import { problemMessage, type InquiryHistoryEvent } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import {
  documentKindLabel,
  fillTemplate,
  formatCredits,
  formatLongDateTime,
  MATCH_STATUS_LABELS,
  statusLabel,
  type MatchStatus,
} from '@terres/domain';
import { Card } from '@terres/ui/card';
import { ErrorState } from '@terres/ui/error-state';
import type { ReactNode } from 'react';
import { inquiryHistoryQueryOptions } from '../api/inquiry-history';
import { texts } from '../texts';

const matchStatusLabel = (status: string | null) => (status && status in MATCH_STATUS_LABELS ? MATCH_STATUS_LABELS[status as MatchStatus] : (status ?? ''));

/** Who did it: 'par Julie Admin (administrateur)', 'par la plateforme' for the system. */
function actorText(event: InquiryHistoryEvent): string {
  if (!event.actorName) return texts.historyByPlatform;
  const by = fillTemplate(texts.historyBy, { name: event.actorName });
  if (event.actorRole === 'ADMIN') return `${by} (${texts.historyAdmin})`;
  if (event.actorRole === 'OWNER' || event.actorRole === 'EMPLOYEE') return `${by} (${texts.historyAdvertiser})`;
  return by;
}

const documentName = (event: InquiryHistoryEvent) =>
  [documentKindLabel(event.documentKind), event.fileName ? `« ${event.fileName} »` : null].filter(Boolean).join(' ');

/** The event's sentence, and its details under it (the reason, the credits, the status before). */
function describe(event: InquiryHistoryEvent): { title: ReactNode; details: ReactNode[] } {
  const other = event.otherProjectName ?? texts.historyOtherListing;
  const otherLink = (sentence: string) =>
    event.otherInquiryId ? (
      <>
        {sentence}{' '}
        <AppLink href={`/admin/inquiry/details/${event.otherInquiryId}/management`} className="inquiry-history__link">
          {texts.openListing}
        </AppLink>
      </>
    ) : (
      sentence
    );
  switch (event.kind) {
    case 'SUBMITTED':
      return { title: texts.historySubmitted, details: event.credits ? [fillTemplate(texts.historySubmittedCost, { credits: formatCredits(event.credits) })] : [] };
    case 'STATUS_CHANGED': {
      const title =
        event.toStatus === 'APPROVED' ? texts.historyValidated : event.toStatus === 'REJECTED' ? texts.historyRefused : fillTemplate(texts.historyMoved, { status: statusLabel(event.toStatus) });
      return {
        title,
        details: [
          event.reason ? fillTemplate(texts.historyReason, { reason: event.reason }) : null,
          event.credits ? fillTemplate(texts.historyDebited, { credits: formatCredits(event.credits) }) : null,
          event.fromStatus && event.toStatus !== 'APPROVED' && event.toStatus !== 'REJECTED' ? fillTemplate(texts.historyFrom, { status: statusLabel(event.fromStatus) }) : null,
        ].filter(Boolean),
      };
    }
    case 'DOCUMENT_UPLOADED':
      return { title: fillTemplate(texts.historyDocumentUploaded, { kind: documentName(event) }), details: [] };
    case 'DOCUMENT_SENT':
      return { title: fillTemplate(texts.historyDocumentSent, { kind: documentName(event) }), details: [] };
    case 'DOCUMENT_DELETED':
      return { title: fillTemplate(texts.historyDocumentDeleted, { kind: documentName(event) }), details: [] };
    case 'MATCH_PROPOSED':
      return { title: otherLink(fillTemplate(texts.historyMatchProposed, { project: other })), details: [] };
    case 'MATCH_STATUS_CHANGED':
      return { title: otherLink(fillTemplate(texts.historyMatchMoved, { project: other, status: matchStatusLabel(event.toStatus) })), details: [] };
    case 'CONTRACT_FACTS_UPDATED':
      return { title: texts.historyContractFacts, details: [] };
    default:
      return { title: event.kind, details: [] };
  }
}

/**
 * Historique (issue 21, "The admins' day"): the listing's dated history, newest first, as a
 * timeline: who submitted it, who validated or refused it and why, the credits debited, the
 * documents uploaded and sent, the matches proposed and accepted. Dates in French, Paris time.
 */
export function InquiryHistory({ id }: { id: string }) {
  const query = useQuery(inquiryHistoryQueryOptions(id));
  return (
    <Card title={texts.historyTitle} description={texts.historyIntro} className="inquiry-history">
      {query.isPending ? (
        <p role="status" className="app-muted">
          {texts.historyLoading}
        </p>
      ) : query.isError ? (
        <ErrorState
          title={texts.historyFailed}
          message={problemMessage(query.error, texts.historyFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          headingLevel={3}
        />
      ) : query.data.length === 0 ? (
        <p className="app-muted">{texts.historyEmpty}</p>
      ) : (
        <ol className="inquiry-history__list">
          {query.data.map((event) => {
            const { title, details } = describe(event);
            return (
              <li key={event.id} className="inquiry-history__event" data-kind={event.kind} data-to={event.toStatus ?? undefined}>
                <time className="inquiry-history__date" dateTime={event.at}>
                  {formatLongDateTime(event.at)}
                </time>
                <p className="inquiry-history__title">{title}</p>
                <p className="inquiry-history__actor">{actorText(event)}</p>
                {details.map((detail, index) => (
                  <p key={index} className="inquiry-history__detail">
                    {detail}
                  </p>
                ))}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
