// Vitest setup of both projects: a test fails when node-postgres warns that a query was sent on
// a client still running another one. pg 8 queues such a query behind the other (a wait nobody
// sees), pg 9 refuses it. Node prints that warning once per process, among the run's output,
// where it went unnoticed (the change feed's probes, src/db/change-feed.ts): a failed test
// instead, with the stack of the call that overlapped.
import { afterAll, afterEach } from 'vitest';
import { pgOverlaps } from './helpers/pg-overlap.js';

function failOnOverlap(): void {
  const warning = pgOverlaps[0];
  pgOverlaps.length = 0;
  // The warning's stack is the overlapping call's (what --trace-deprecation prints).
  if (warning) throw new Error(`node-postgres: a query was sent on a client already running one.\n${warning.stack ?? warning.message}`);
}

afterEach(failOnOverlap);
// A query sent by a hook (an app closing, a feed stopping) after the last test.
afterAll(failOnOverlap);
