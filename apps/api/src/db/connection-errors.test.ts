import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './connection-errors.js';

/** Drizzle's wrapping of a driver error (`DrizzleQueryError`: the failed query, the cause). */
function wrapped(cause: unknown): Error {
  return Object.assign(new Error('Failed query: rollback\nparams: '), { query: 'rollback', params: [], cause });
}

describe('isConnectionLost', () => {
  it('recognises a lost connection, bare or wrapped', () => {
    expect(isConnectionLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLost(wrapped(new Error('Client has encountered a connection error and is not queryable')))).toBe(true);
    expect(isConnectionLost(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }))).toBe(true);
    expect(isConnectionLost(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionLost(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isConnectionLost(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isConnectionLost(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isConnectionLost(Object.assign(new Error('ECONNRESET on a file?'), { code: 'ECONNRESET', syscall: 'open' }))).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
    expect(isConnectionLost('Connection terminated')).toBe(false);
  });
});
