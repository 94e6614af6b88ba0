import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cleanSearch, inquiriesSearchSchema, toListParams } from './search';

const parse = (input: Record<string, unknown>) => v.parse(inquiriesSearchSchema, input);

describe('listings table URL search', () => {
  it('keeps what it can read and drops defaults and nonsense', () => {
    expect(parse({ q: ' lyon ', status: 'PENDING_VALIDATION', type: 'FILL', sort: 'start_date', page: 3, size: 10 })).toEqual({
      q: 'lyon',
      status: 'PENDING_VALIDATION',
      type: 'FILL',
      sort: 'start_date',
      page: 3,
      size: 10,
    });
    expect(parse({ q: 'l', status: 'ARCHIVED', type: 'cut', sort: 'name', page: 0, size: 7 })).toEqual({
      q: undefined,
      status: undefined,
      type: undefined,
      sort: undefined,
      page: undefined,
      size: undefined,
    });
    expect(parse({ sort: '-created_at', page: '1', size: '25' })).toMatchObject({ sort: undefined, page: undefined, size: undefined });
    // The router hands `?q=2027` over as a number.
    expect(parse({ q: 2027, page: '2' })).toMatchObject({ q: '2027', page: 2 });
    expect(parse({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });

  it('asks the API for the page the URL describes', () => {
    expect(toListParams({})).toEqual({ sort: '-created_at', page: 1, page_size: 25 });
    expect(toListParams(cleanSearch({ q: 'Éco', status: 'DRAFT', type: 'CUT', sort: 'created_at', page: 2, size: 10 }))).toEqual({
      q: 'Éco',
      status: ['DRAFT'],
      type: 'CUT',
      sort: 'created_at',
      page: 2,
      page_size: 10,
    });
  });
});
