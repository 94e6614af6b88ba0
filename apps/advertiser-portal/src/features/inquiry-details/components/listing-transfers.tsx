import { useInfiniteQuery } from '@tanstack/react-query';
import { getTransfersPagesQueryOptions, type Inquiry } from '@terres/api-client';
import { AppLink, MoreRows } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import { texts } from '../texts';

/** Statuses a listing has once one of its matches was accepted (a transfer exists from then on). */
const WITH_TRANSFER: readonly string[] = ['SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];

/**
 * Links to the transfers of this listing (issue 18): the organisation's transfers whose CUT or
 * FILL side is this listing, asked of the API by listing (`inquiry_id`), a page at a time with
 * 'Voir plus' (issue 23). Nothing while there is none (or the list cannot be read).
 */
export function ListingTransfers({ inquiry }: { inquiry: Pick<Inquiry, 'id' | 'status'> }) {
  const query = useInfiniteQuery({ ...getTransfersPagesQueryOptions({ inquiry_id: inquiry.id }), enabled: WITH_TRANSFER.includes(inquiry.status) });
  const pages = query.data?.pages ?? [];
  const mine = pages.flatMap((page) => page.items).filter((transfer) => transfer.cut.inquiryId === inquiry.id || transfer.fill.inquiryId === inquiry.id);
  if (mine.length === 0) return null;
  const total = Math.max(pages.at(-1)?.total ?? 0, mine.length);
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
      {query.hasNextPage ? (
        <MoreRows shown={mine.length} total={total} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
      ) : null}
    </section>
  );
}
