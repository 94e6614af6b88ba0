import { useQuery } from '@tanstack/react-query';
import { getTransfersPageQueryOptions, type Inquiry } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import { texts } from '../texts';

/** Statuses a listing has once one of its matches was accepted (a transfer exists from then on). */
const WITH_TRANSFER: readonly string[] = ['SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];

/**
 * Links to the transfers of this listing (issue 18): the organisation's transfers whose CUT or
 * FILL side is this listing. Nothing while there is none (or the list cannot be read).
 */
export function ListingTransfers({ inquiry }: { inquiry: Pick<Inquiry, 'id' | 'status'> }) {
  const query = useQuery({ ...getTransfersPageQueryOptions({ page: 1, page_size: 100 }), enabled: WITH_TRANSFER.includes(inquiry.status) });
  const mine = (query.data?.items ?? []).filter((transfer) => transfer.cut.inquiryId === inquiry.id || transfer.fill.inquiryId === inquiry.id);
  if (mine.length === 0) return null;
  return (
    <section className="inquiry-panel" aria-labelledby="overview-transfers">
      <h2 id="overview-transfers" className="inquiry-panel__title">
        {texts.transfers}
      </h2>
      <ul>
        {mine.map((transfer) => {
          const other = transfer.cut.inquiryId === inquiry.id ? transfer.fill : transfer.cut;
          return (
            <li key={transfer.id}>
              <AppLink href={`/user/transfers/${encodeURIComponent(transfer.id)}`}>
                {fillTemplate(texts.transferLink, { project: other.organizationName ?? other.projectName })}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
