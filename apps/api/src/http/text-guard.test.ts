import { describe, expect, it } from 'vitest';
import { findInputFault, MAX_INPUT_DEPTH } from './text-guard.js';

describe('findInputFault', () => {
  it('names the field holding U+0000 as sent, nested or not, keys included', () => {
    expect(findInputFault({ first_name: 'Camille' })).toBeNull();
    expect(findInputFault({ first_name: 'Ca\u0000mille' })).toEqual({ kind: 'nul', field: 'first_name' });
    expect(findInputFault({ materials: [{ price: 1 }, { ground_composition: '\u0000' }] })).toEqual({
      kind: 'nul',
      field: 'materials.1.ground_composition',
    });
    expect(findInputFault({ materials: [{ ['a\u0000']: 1 }] })).toEqual({ kind: 'nul', field: 'materials.0' });
    expect(findInputFault('\u0000', 'file')).toEqual({ kind: 'nul', field: 'file' });
  });

  it('checks flat objects of strings (path parameters, query strings) as strictly, without the walk', () => {
    const query = (fields: Record<string, unknown>) => Object.assign(Object.create(null) as object, fields);
    expect(findInputFault(query({ page: '1', q: 'terre végétale' }))).toBeNull();
    expect(findInputFault(query({ page: '1', q: 'terre\u0000' }))).toEqual({ kind: 'nul', field: 'q' });
    expect(findInputFault({ ['i\u0000d']: 'x' })).toEqual({ kind: 'nul', field: '' });
    expect(findInputFault({ id: 'x', status: ['APPROVED', 'DRAFT\u0000'] })).toEqual({ kind: 'nul', field: 'status.1' });
    expect(findInputFault({})).toBeNull();
    expect(findInputFault(undefined)).toBeNull();
  });

  it('skips buffers and non-text values', () => {
    expect(findInputFault(Buffer.from([0, 0, 0]))).toBeNull();
    expect(findInputFault({ n: 0, b: false, z: null, u: undefined })).toBeNull();
  });

  it('stops at MAX_INPUT_DEPTH without recursion, however deep the input', () => {
    let deep: unknown = 'fin';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findInputFault(deep)).toEqual({ kind: 'depth' });
    let fits: unknown = 'fin';
    for (let i = 0; i < MAX_INPUT_DEPTH; i += 1) fits = { a: fits };
    expect(findInputFault(fits)).toBeNull();
  });
});
