// Validated CUT and FILL listings as a client makes them (draft with every wizard field and the
// permission document, submission, an admin's validation), for the matching tests. Tests share
// the run's database: each file places its sites where no other file does.
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { RUNTIME_ROLE, type Db } from '../../src/db/index.js';
import { adminToken, createCompleteDraft, dayFromToday, type OwnerFixture } from './fixtures.js';
import type { TestApi } from './session.js';

export const TOPSOIL = { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', price: 8 };
export const ANY_TOPSOIL = { material_name: 'Terre Végétale', ground_composition: 'Nature inconnue', price: 2 };

export interface SiteOptions {
  type: 'CUT' | 'FILL';
  name: string;
  latitude: number;
  longitude: number;
  quantity?: number;
  /** Days from today. */
  start?: number;
  end?: number;
  fields?: Record<string, unknown>;
}

/** Inert natural topsoil (CUT) or a need for any topsoil accepting it (FILL). */
export function siteFields(options: SiteOptions): Record<string, unknown> {
  const quantity = options.quantity ?? 1000;
  return {
    type: options.type,
    project_name: options.name,
    site_latitude: options.latitude,
    site_longitude: options.longitude,
    start_date: dayFromToday(options.start ?? 30),
    end_date: dayFromToday(options.end ?? 120),
    materials:
      options.type === 'CUT'
        ? [{ ...TOPSOIL, quantity, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' }]
        : [{ ...ANY_TOPSOIL, quantity }],
    ...(options.type === 'FILL'
      ? { receiving_use: 'UNDER_BUILDING', accepted_quality_classes: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'], accepted_waste_codes: ['17 05 04'] }
      : {}),
    ...options.fields,
  };
}

/** A listing submitted by the owner and validated by the admin (status APPROVED). */
export async function validatedListing(api: TestApi, owner: OwnerFixture, options: SiteOptions): Promise<string> {
  const id = await createCompleteDraft(api, owner.token, siteFields(options));
  const submitted = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { status: 'PENDING_VALIDATION' } });
  expect(submitted.status).toBe(200);
  const validated = await api.request('PUT', `/inquiries/${id}/status`, { token: await adminToken(api), body: { status: 'APPROVED' } });
  expect(validated.status).toBe(200);
  return id;
}

/** Moves a listing through the admin's statuses, one step at a time, up to `target`. */
export async function walkTo(api: TestApi, id: string, target: string): Promise<void> {
  const order = ['APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];
  const token = await adminToken(api);
  const current = (await api.request('GET', `/inquiries/${id}`, { token })).body.status as string;
  for (const status of order.slice(order.indexOf(current) + 1, order.indexOf(target) + 1)) {
    const moved = await api.request('PUT', `/inquiries/${id}/status`, { token, body: { status } });
    expect(moved.status).toBe(200);
  }
}

/**
 * The plan of the matching prefilter `query` as the runtime role under the connection's scope
 * (row-level security applies), sequential scans off and the map's GiST point index dropped for
 * the moment (rolled back), so that a table of a few rows cannot prefer it: its lines, to see
 * which conditions the match indexes take ('Index Cond') and which are left to a filter.
 */
export async function explainPrefilter(db: Db, query: SQL): Promise<string[]> {
  let lines: string[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local role none`);
      // On the test run's few rows any index may look cheapest: keep only the two the prefilter
      // is meant to use (and the primary key), so the plan says whether those can serve it.
      const others = await tx.execute<{ name: string }>(
        sql`select indexname as name from pg_indexes where schemaname = 'public' and tablename = 'inquiries'
              and indexname not in ('inquiries_pkey', 'inquiries_match_cut_idx', 'inquiries_match_fill_idx')`,
      );
      for (const { name } of others.rows) await tx.execute(sql.raw(`drop index "${name}"`));
      await tx.execute(sql.raw(`set local role ${RUNTIME_ROLE}`));
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      lines = plan.rows.map((row) => row['QUERY PLAN']);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return lines;
}
