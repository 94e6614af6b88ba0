// `pnpm --filter @terres/api exec tsx scripts/render-transfer-documents.ts [out-dir]`
// Renders the three transfer documents of the demo data's two-code transfer (17 05 04 by barge,
// split over the register's 10 000 t ceiling, and 17 05 03* by truck, weighed) to PDF files, on
// a fresh PostgreSQL database (created on TEST_DATABASE_URL's server, dropped at the end): the
// doubt-clearing letter of its CUT listing, the pre-contract and the contract of its match.
// Then look at them: `pdftoppm -r 70 -png <file>.pdf <prefix>` (issue 19: no overlapping text,
// the facts right). Stores nothing, moves no status.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { createDatabase } from '../src/db/index.js';
import { systemScope } from '../src/db/scope.js';
import { inquiries, matches } from '../src/db/schema.js';
import { loadDemoData } from '../src/db/seed.js';
import { LocalFileStorage } from '../src/files/storage.js';
import { renderGeneratedPdf } from '../src/services/generated-documents.js';
import { tempDir, testConfig } from '../test/helpers/app.js';
import { createTestDatabase } from '../test/helpers/database.js';

async function main(): Promise<void> {
  const out = process.argv[2] ?? 'transfer-documents';
  mkdirSync(out, { recursive: true });
  const fresh = await createTestDatabase();
  const files = tempDir();
  const config = testConfig({ DATABASE_URL: fresh.url });
  const database = await createDatabase(config, { unscoped: systemScope('scripts') });
  try {
    await database.migrate();
    const { db } = database;
    await loadDemoData(db, { storage: new LocalFileStorage(files.path), matching: config.matching });
    // The demo's transfer whose CUT listing has two waste codes (one hazardous).
    const [match] = await db
      .select({ match: matches })
      .from(matches)
      .innerJoin(inquiries, eq(inquiries.id, matches.cutInquiryId))
      .where(and(sql`${inquiries.materials}::text like '%17 05 03*%'`, sql`${inquiries.materials}::text like '%17 05 04%'`, eq(matches.status, 'ACCEPTED')))
      .limit(1);
    if (!match) throw new Error('no two-code accepted match in the demo data');
    const density = config.matching.soilDensityTonnesPerM3;
    const written = [
      ['lettre-levee-de-doute.pdf', await renderGeneratedPdf(db, 'DOUBT_CLEARING_LETTER', { listingId: match.match.cutInquiryId }, density)],
      ['pre-contrat.pdf', await renderGeneratedPdf(db, 'PRE_CONTRACT', { match: match.match }, density)],
      ['contrat-de-cession.pdf', await renderGeneratedPdf(db, 'TRANSFER_CONTRACT', { match: match.match }, density)],
    ] as const;
    for (const [name, pdf] of written) {
      writeFileSync(join(out, name), pdf);
      console.log(`${join(out, name)} (${pdf.length} bytes)`);
    }
  } finally {
    await database.close();
    await fresh.drop();
    files.remove();
  }
}

await main();
