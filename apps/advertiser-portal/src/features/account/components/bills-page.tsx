import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, type Invoice } from '@terres/api-client';
import { useAuth, useMorePages, useRouteRetry } from '@terres/app-kit';
import { formatCredits, formatDate, formatEuros } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { useToast } from '@terres/ui/toast';
import { useId, useState, type ReactNode } from 'react';
import { downloadInvoice } from '../api/download-invoice';
import { invoicesQueryOptions } from '../api/queries';
import { texts } from '../texts';
import { CreditHistory } from './credit-history';

/**
 * Factures (spec §2: title 'Facture' and its sentence), then the organisation's invoices, one
 * per credit purchase, newest first: number, date, credits, amount, and the PDF. Owners and
 * employees alike (CONTRACT §11). A page of them, then 'Voir plus' (issue 23). Under them, the
 * credits' movements, a grant with its reason (issue 21).
 */
export function BillsPage() {
  const { rows: invoices, more } = useMorePages(invoicesQueryOptions());
  const { user } = useAuth();
  return (
    <div className="portal-account__stack">
      <BillsSection>
        {invoices.length === 0 ? (
          <EmptyState title={texts.noInvoices} description={texts.noInvoicesHint} headingLevel={3} />
        ) : (
          <>
            <ul className="portal-invoices" aria-label={texts.invoicesCaption}>
              {invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </ul>
            {more}
          </>
        )}
      </BillsSection>
      {user?.organizationId ? <CreditHistory organizationId={user.organizationId} /> : null}
    </div>
  );
}

/** The invoices could not load: the title and sentence stay, then the error with 'Réessayer'. */
export function BillsError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <BillsSection>
      <ErrorState title={texts.invoicesLoadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={3} />
    </BillsSection>
  );
}

function BillsSection({ children }: { children: ReactNode }) {
  return (
    <section className="portal-account" aria-labelledby="portal-bills-title">
      <div>
        <h2 id="portal-bills-title" className="portal-account__title">
          {texts.billsTitle}
        </h2>
        <p className="portal-account__lead">{texts.billsText}</p>
      </div>
      {children}
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const numberId = useId();
  return (
    <li className="portal-invoice">
      <span>
        <span className="portal-invoice__label">{texts.invoiceNumber}</span>
        <span className="portal-invoice__number" id={numberId}>
          {invoice.number}
        </span>
      </span>
      <span>
        <span className="portal-invoice__label">{texts.invoiceDate}</span>
        {formatDate(invoice.issuedAt)}
      </span>
      <span>
        <span className="portal-invoice__label">{texts.invoiceCredits}</span>
        {formatCredits(invoice.credits)}
      </span>
      <span className="portal-invoice__amount">
        <span className="portal-invoice__label">{texts.invoiceAmount}</span>
        {formatEuros(invoice.amountInclTax)}
      </span>
      <Button
        variant="secondary"
        size="sm"
        loading={downloading}
        loadingLabel={texts.downloading}
        aria-describedby={numberId}
        onClick={() => {
          setDownloading(true);
          downloadInvoice(invoice)
            .catch((error: unknown) => toast.error(texts.downloadFailed, parseProblem(error)?.detail))
            .finally(() => setDownloading(false));
        }}
      >
        {texts.download}
      </Button>
    </li>
  );
}
