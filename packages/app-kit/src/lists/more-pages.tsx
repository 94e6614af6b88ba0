// Lists a user reads down, 'Voir plus' after 'Voir plus' (issue 23: no list is fetched whole).
// `useMorePages(options)` takes the infinite options of @terres/api-client
// (`get<List>PagesQueryOptions`: the route's loader calls `ensureInfiniteQueryData` with the same)
// and gives the rows loaded so far, the count of them all, and `more`: the count shown and the
// 'Voir plus' button while rows are left, nothing once every row is shown.
import { useSuspenseInfiniteQuery, type InfiniteData, type UseSuspenseInfiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '@terres/api-client';
import { fillTemplate, formatNumber } from '@terres/domain';
import { Button } from '@terres/ui/button';
import type { ReactNode } from 'react';
import { texts } from '../texts';
import './more-pages.css';

export interface MorePages<T> {
  rows: T[];
  /** Every row of the list, loaded or not (`X-Total-Count`). */
  total: number;
  /** The count shown and 'Voir plus', to put under the list; null once every row is shown. */
  more: ReactNode;
}

export function useMorePages<T, TError>(
  options: UseSuspenseInfiniteQueryOptions<Page<T>, TError, InfiniteData<Page<T>, number>, readonly unknown[], number>,
): MorePages<T> {
  const query = useSuspenseInfiniteQuery(options);
  const rows = query.data.pages.flatMap((page) => page.items);
  const total = Math.max(query.data.pages.at(-1)?.total ?? 0, rows.length);
  const more = query.hasNextPage ? (
    <MoreRows shown={rows.length} total={total} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
  ) : null;
  return { rows, total, more };
}

export interface MoreRowsProps {
  shown: number;
  total: number;
  loading: boolean;
  onMore: () => void;
}

/** '25 sur 1 130' and 'Voir plus' (which says 'Chargement...' while the next page comes). */
export function MoreRows({ shown, total, loading, onMore }: MoreRowsProps) {
  return (
    <div className="app-more">
      <p className="app-more__count" aria-live="polite">
        {fillTemplate(texts.shownOfTotal, { shown: formatNumber(shown, 0), total: formatNumber(total, 0) })}
      </p>
      <Button variant="secondary" loading={loading} loadingLabel={texts.loadingMore} onClick={onMore}>
        {texts.showMore}
      </Button>
    </div>
  );
}
