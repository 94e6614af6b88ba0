// `pnpm --filter @terres/api seed:scale [-- --listings 100000 --organizations 2000 --seed 1]`
// Fills an EMPTY PostgreSQL database (DATABASE_URL) with organisations, their users and
// listings at scale, for the benchmark (`bench:lists`) and for trying the admin console on a
// realistic volume (scripts/scale-insert.ts). Listings carry soil quality and FILL acceptance
// (issue 11), so `bench:matching` reads the same data.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/env.js';
import { fillScaleDatabase } from './scale-insert.js';

const { values: args } = parseArgs({
  // `pnpm seed:scale -- --listings …` hands the `--` on: it is not an argument.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    listings: { type: 'string', default: '100000' },
    organizations: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
  },
});

function fail(message: string): never {
  console.error(`seed:scale: ${message}`);
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) fail('DATABASE_URL must name a PostgreSQL database (createdb bourse_scale, then DATABASE_URL=postgres://.../bourse_scale).');
  const listingCount = Number(args.listings);
  const organizationCount = Number(args.organizations);
  if (!Number.isInteger(listingCount) || listingCount < 1 || !Number.isInteger(organizationCount) || organizationCount < 1) {
    fail('--listings and --organizations take positive whole numbers.');
  }
  const result = await fillScaleDatabase(config.databaseUrl, { listings: listingCount, organizations: organizationCount, seed: Number(args.seed) || 1 }).catch(
    (error: Error) => fail(error.message),
  );
  console.log(
    `seed:scale: ${organizationCount} organisations, ${result.users} users, ${listingCount} listings ` +
      `(generated in ${result.generateSeconds.toFixed(1)} s, inserted in ${result.insertSeconds.toFixed(1)} s, ` +
      `total with vacuum ${result.totalSeconds.toFixed(1)} s)`,
  );
  console.log(result.byStatus.map((r) => `${r.status} ${r.count}`).join(', '));
}

await main();
