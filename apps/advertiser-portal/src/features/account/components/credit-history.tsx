import { useInfiniteQuery } from '@tanstack/react-query';
import { getCreditTransactionsPagesQueryOptions, problemMessage, type CreditTransaction } from '@terres/api-client';
import { MoreRows } from '@terres/app-kit';
import { creditTransactionKindLabel, fillTemplate, formatDateTime, formatNumber } from '@terres/domain';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { texts } from '../texts';

const signed = (amount: number) => (amount > 0 ? `+${formatNumber(amount, 0)}` : formatNumber(amount, 0));

/** What the line is about: the invoice of a purchase, the listing validated, a grant's reason. */
function about(line: CreditTransaction): string | null {
  if (line.invoiceNumber) return fillTemplate(texts.ledgerInvoice, { number: line.invoiceNumber });
  if (line.inquiryProjectName) return fillTemplate(texts.ledgerListing, { project: line.inquiryProjectName });
  if (line.kind === 'ADMIN_GRANT') {
    // Never the admin's name here (the API keeps it for admins): the platform granted, and why.
    return [texts.ledgerGrantedByPlatform, line.reason ? fillTemplate(texts.ledgerReason, { reason: line.reason }) : null].filter(Boolean).join(' · ');
  }
  return null;
}

/**
 * Mouvements de crédits (issue 21): the organisation's ledger under its invoices, newest first,
 * a page then 'Voir plus': date, kind, what it is about (a grant's reason, « Attribué par la
 * plateforme »), the signed amount and the balance after. Its own loading and error: the
 * invoices above stay whatever happens here.
 */
export function CreditHistory({ organizationId }: { organizationId: string }) {
  const query = useInfiniteQuery(getCreditTransactionsPagesQueryOptions(organizationId));
  const lines = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = Math.max(query.data?.pages.at(-1)?.total ?? 0, lines.length);
  return (
    <section className="portal-account" aria-labelledby="portal-ledger-title">
      <div>
        <h2 id="portal-ledger-title" className="portal-account__title">
          {texts.ledgerTitle}
        </h2>
        <p className="portal-account__lead">{texts.ledgerText}</p>
      </div>
      {query.isPending ? (
        <p role="status" className="app-muted">
          {texts.ledgerLoading}
        </p>
      ) : query.isError ? (
        <ErrorState
          title={texts.ledgerLoadFailed}
          message={problemMessage(query.error, texts.ledgerLoadFailed)}
          onRetry={() => void query.refetch()}
          headingLevel={3}
        />
      ) : lines.length === 0 ? (
        <EmptyState title={texts.ledgerEmpty} description={texts.ledgerEmptyHint} headingLevel={3} />
      ) : (
        <>
          <ul className="portal-ledger" aria-label={texts.ledgerCaption}>
            {lines.map((line) => (
              <LedgerLine key={line.id} line={line} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <MoreRows shown={lines.length} total={total} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
          ) : null}
        </>
      )}
    </section>
  );
}

function LedgerLine({ line }: { line: CreditTransaction }) {
  const detail = about(line);
  return (
    <li className="portal-ledger__line" data-kind={line.kind}>
      <span className="portal-ledger__what">
        <span className="portal-ledger__kind">{creditTransactionKindLabel(line.kind)}</span>
        {detail ? <span className="portal-ledger__detail">{detail}</span> : null}
      </span>
      <span>
        <span className="portal-invoice__label">{texts.ledgerDate}</span>
        {formatDateTime(line.createdAt)}
      </span>
      <span className="portal-ledger__amount" data-sign={line.amount < 0 ? 'debit' : 'credit'}>
        <span className="portal-invoice__label">{texts.ledgerAmount}</span>
        {signed(line.amount)}
      </span>
      <span className="portal-ledger__amount">
        <span className="portal-invoice__label">{texts.ledgerBalance}</span>
        {formatNumber(line.balanceAfter, 0)}
      </span>
    </li>
  );
}
