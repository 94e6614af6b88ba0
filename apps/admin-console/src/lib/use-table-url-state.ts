import { useEffect, useRef } from 'react';

/** The part of a table's URL search every admin table has. */
export interface TableUrlSearch {
  q?: string | undefined;
  page?: number | undefined;
}

export type TableSearchChange<S> = (search: S, options: { replace: boolean }) => void;

/**
 * Searches sent while typing: at most one per this many milliseconds. The first key after a
 * pause searches at once (no delay added to the 100 ms target of issue 10); keys typed in a
 * burst (a paste, autorepeat, a fast typist) are merged into one search, sent when the interval
 * ends with the latest text. A throttle, not a trailing debounce: a debounce of 50 ms cost 50 ms
 * on every search (README "Speed").
 */
export const SEARCH_THROTTLE_MS = 50;

/**
 * Writes a table's state to the URL. Several changes may come in one event (a new search, then
 * page 1): each builds on the last, not on the render's. Typing replaces the history entry (one
 * entry per search, not per key); a page, a filter or a sort pushes one, so back and forward
 * walk through them.
 */
export function useTableUrlState<S extends TableUrlSearch>(
  search: S,
  onSearchChange: TableSearchChange<S>,
  clean: (search: S) => S,
  { throttleMs = SEARCH_THROTTLE_MS }: { throttleMs?: number } = {},
) {
  const latest = useRef(search);
  latest.current = search;
  const rendered = search;
  const lastSearchAt = useRef(Number.NEGATIVE_INFINITY);
  const pending = useRef<{ q: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  const change = (patch: Partial<S>, replace = false) => {
    const next = clean({ ...latest.current, ...patch });
    if (JSON.stringify(next) === JSON.stringify(clean(latest.current))) return;
    latest.current = next;
    onSearchChange(next, { replace });
  };

  const sendQuery = (q: string) => {
    lastSearchAt.current = performance.now();
    change({ q, page: undefined } as Partial<S>, true);
  };

  const setQuery = (q: string) => {
    const wait = lastSearchAt.current + throttleMs - performance.now();
    if (wait <= 0 && !pending.current) {
      sendQuery(q);
      return;
    }
    if (pending.current) {
      pending.current.q = q;
      return;
    }
    pending.current = {
      q,
      timer: setTimeout(() => {
        const text = pending.current?.q ?? q;
        pending.current = null;
        sendQuery(text);
      }, Math.max(0, wait)),
    };
  };

  const setPage = (page: number) => {
    if (pending.current) {
      // The table goes back to page 1 for a search still waiting: both leave together.
      clearTimeout(pending.current.timer);
      const q = pending.current.q;
      pending.current = null;
      lastSearchAt.current = performance.now();
      change({ q, page } as Partial<S>, true);
      return;
    }
    // A page change that follows a new search in the same event replaces the entry too.
    change({ page } as Partial<S>, latest.current.q !== rendered.q);
  };

  return { change, setQuery, setPage };
}
