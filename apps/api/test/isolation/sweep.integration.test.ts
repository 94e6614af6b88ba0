// The isolation sweep (issue 12, "Prove the rest"): every operation of openapi.yaml, every role,
// two organisations; another organisation's ids answer 404 and change nothing. On a database of
// its own, so that "nothing changed" means the whole database. `pnpm --filter @terres/api sweep`
// runs this file alone and prints the figures.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatReport, runSweep } from './sweep.js';
import { openWorld, type OpenedWorld } from './world.js';

let opened: OpenedWorld;

beforeAll(async () => {
  opened = await openWorld();
}, 300_000);

afterAll(async () => {
  await opened?.close();
});

it('every operation x every role x two organisations: no leak, every answer as the table says', async () => {
  const report = await runSweep(opened.world, opened.watch);
  console.log(formatReport(report));
  expect(report.uncovered, 'operations of openapi.yaml without a row in test/isolation/operations.ts').toEqual([]);
  expect(report.unknown, 'rows of operations.ts whose operation left openapi.yaml').toEqual([]);
  expect(report.leaks).toEqual([]);
  expect(report.mismatches).toEqual([]);
  expect(report.calls).toBeGreaterThan(report.operations * 5);
}, 600_000);
