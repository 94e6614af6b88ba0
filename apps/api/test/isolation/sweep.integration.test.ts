// The isolation sweep (issue 12, "Prove the rest"): every operation of openapi.yaml, every role,
// two organisations; another organisation's ids answer 404 and change nothing. On a database of
// its own, so that "nothing changed" means the whole database. `pnpm --filter @terres/api sweep`
// runs this file alone and prints the figures.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startApiForTest, type TestApi } from '../helpers/session.js';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startStripeFake, type StripeFake } from '../helpers/stripe-fake.js';
import { DatabaseWatch, formatReport, runSweep } from './sweep.js';
import { buildWorld, type World } from './world.js';

let database: TestDatabase;
let api: TestApi;
let stripeApi: TestApi;
let fake: StripeFake;
let watch: DatabaseWatch;
let world: World;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startApiForTest({}, { databaseUrl: database.url });
  fake = await startStripeFake();
  stripeApi = await startApiForTest(
    {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
    { databaseUrl: database.url, adminEmail: api.adminEmail },
  );
  world = await buildWorld(api, stripeApi);
  watch = await DatabaseWatch.open(database.url);
}, 300_000);

afterAll(async () => {
  await watch?.close();
  await stripeApi?.close();
  await api?.close();
  await fake?.close();
  await database?.drop();
});

it('every operation x every role x two organisations: no leak, every answer as the table says', async () => {
  const report = await runSweep(world, watch);
  console.log(formatReport(report));
  expect(report.uncovered, 'operations of openapi.yaml without a row in test/isolation/operations.ts').toEqual([]);
  expect(report.unknown, 'rows of operations.ts whose operation left openapi.yaml').toEqual([]);
  expect(report.leaks).toEqual([]);
  expect(report.mismatches).toEqual([]);
  expect(report.calls).toBeGreaterThan(report.operations * 5);
}, 600_000);
