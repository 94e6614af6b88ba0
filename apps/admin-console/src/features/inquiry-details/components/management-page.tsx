import { useSuspenseQuery } from '@tanstack/react-query';
import { inquiryQueryOptions, organizationQueryOptions } from '../api/inquiry';
import { CompatibleSites } from './compatible-sites';
import { InquiryHistory } from './inquiry-history';
import { StatusManagement } from './status-management';
import { TransactionDocuments } from './transaction-documents';

/**
 * Gestion de l'annonce (spec §2): the status first, then the compatible sites (issue 11, a slot
 * for now), then the documents of the transfer they lead to, then the listing's dated history
 * (issue 21).
 */
export function ManagementPage({ id }: { id: string }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(inquiry.organizationId));
  return (
    <div className="inquiry-tab">
      <StatusManagement inquiry={inquiry} organization={organization} />
      <CompatibleSites inquiry={inquiry} />
      <TransactionDocuments inquiry={inquiry} />
      <InquiryHistory id={inquiry.id} />
    </div>
  );
}
