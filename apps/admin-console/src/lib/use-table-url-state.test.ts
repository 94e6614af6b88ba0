import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTableUrlState, type TableUrlSearch } from './use-table-url-state';

const clean = (search: TableUrlSearch): TableUrlSearch =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '' && value !== 1));

describe('useTableUrlState', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(search: TableUrlSearch = {}) {
    const changes: [TableUrlSearch, { replace: boolean }][] = [];
    const hook = renderHook(({ current }) => useTableUrlState(current, (next, options) => changes.push([next, options]), clean), {
      initialProps: { current: search },
    });
    return { hook, changes };
  }

  it('searches at once after a pause, and merges keys typed in a burst into one later search', () => {
    const { hook, changes } = setup({ page: 3 });
    act(() => hook.result.current.setQuery('lo'));
    expect(changes).toEqual([[{ q: 'lo' }, { replace: true }]]);
    // Three more keys within 50 ms: nothing yet, then the latest text once.
    act(() => {
      vi.advanceTimersByTime(10);
      hook.result.current.setQuery('lot');
      vi.advanceTimersByTime(10);
      hook.result.current.setQuery('loti');
      vi.advanceTimersByTime(10);
      hook.result.current.setQuery('lotis');
    });
    expect(changes).toHaveLength(1);
    act(() => vi.advanceTimersByTime(20));
    expect(changes.at(-1)).toEqual([{ q: 'lotis' }, { replace: true }]);
    expect(changes).toHaveLength(2);
    // A key after a pause searches at once again.
    act(() => vi.advanceTimersByTime(200));
    act(() => hook.result.current.setQuery('lotiss'));
    expect(changes.at(-1)).toEqual([{ q: 'lotiss' }, { replace: true }]);
  });

  it('pushes a history entry for a page or a filter, and sends a waiting search with its page 1', () => {
    const { hook, changes } = setup({ q: 'ly', page: 2 });
    act(() => hook.result.current.setPage(3));
    expect(changes.at(-1)).toEqual([{ q: 'ly', page: 3 }, { replace: false }]);
    act(() => hook.result.current.change({ page: undefined }));
    act(() => {
      hook.result.current.setQuery('lyo');
      hook.result.current.setQuery('lyon');
      hook.result.current.setPage(1);
    });
    expect(changes.at(-1)).toEqual([{ q: 'lyon' }, { replace: true }]);
    act(() => vi.advanceTimersByTime(100));
    expect(changes.at(-1)).toEqual([{ q: 'lyon' }, { replace: true }]);
  });
});
