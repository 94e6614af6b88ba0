// The fuzzer (issue 12, "Prove the rest"): every operation of openapi.yaml, called by an owner,
// an employee, an admin and an anonymous caller with requests fast-check makes from the
// operation's schemas (test/fuzz/fuzz.ts). In `pnpm test` with a fixed seed and a few requests
// per operation and role; `pnpm --filter @terres/api fuzz` runs it longer (FUZZ_RUNS, FUZZ_SEED).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { specOperations } from '../helpers/openapi.js';
import { openWorld, type OpenedWorld } from '../isolation/world.js';
import { formatReport, runFuzz } from './fuzz.js';

const SEED = Number(process.env.FUZZ_SEED || 20261123);
const RUNS = Number(process.env.FUZZ_RUNS || 3);
/** A comma-separated list of operationIds, to fuzz only those (and skip the coverage check). */
const ONLY = process.env.FUZZ_ONLY?.split(',').map((id) => id.trim()).filter(Boolean);

let opened: OpenedWorld;

beforeAll(async () => {
  opened = await openWorld();
}, 300_000);

afterAll(async () => {
  await opened?.close();
});

it('every operation, fuzzed from its schema: no 5xx, every answer as openapi.yaml says, nothing stored when refused', async () => {
  expect(Number.isInteger(SEED) && Number.isInteger(RUNS) && RUNS > 0, 'FUZZ_SEED and FUZZ_RUNS are integers, FUZZ_RUNS at least 1').toBe(true);
  const report = await runFuzz(opened.world, opened.watch, {
    seed: SEED,
    runs: RUNS,
    ...(ONLY?.length ? { only: ONLY } : {}),
    // FUZZ_LOG=1: one line per request (operation, role, status, what was done to the request).
    ...(process.env.FUZZ_LOG ? { log: (line: string) => console.log(line) } : {}),
  });
  console.log(formatReport(report));
  expect(report.uncovered, 'operations of openapi.yaml the fuzzer did not call').toEqual([]);
  if (!ONLY?.length) expect(report.covered.length).toBe(specOperations().length);
  expect(report.serverErrors, 'answers of 5xx (or none at all)').toEqual([]);
  expect(report.offSchema, 'answers outside openapi.yaml').toEqual([]);
  expect(report.storedFromRefused, 'refused requests that changed the database').toEqual([]);
  // Under FUZZ_ONLY, the operations asked for (report.operations counts the whole YAML).
  expect(report.requests).toBeGreaterThanOrEqual((ONLY?.length ? report.covered.length : report.operations) * RUNS);
}, 1_800_000);
