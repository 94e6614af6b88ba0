// Row-level security (issue 12, defence in depth; migration 0013, src/db/scope.ts). Proves, on
// PostgreSQL: every organisation's table has forced RLS and a policy (and the check itself
// fails on a table that lacks them); the API's connections run as a role that owns nothing and
// bypasses nothing; raw SQL without a WHERE clause, under organisation A or under no scope,
// neither reads nor changes organisation B's rows. Prints what scoping costs per request.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompleteDraft, createEmployee, createOwner, type OwnerFixture } from '../../test/helpers/fixtures.js';
import { packsOf, payWithSimulator } from '../../test/helpers/payments.js';
import { testConfig } from '../../test/helpers/app.js';
import { refreshOptions, startApiForTest, type LoginResponse, type TestApi } from '../../test/helpers/session.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ADMIN_ROLE, createDatabase, RUNTIME_ROLE, ScopedPool } from './index.js';
import { adminScope, currentScope, NO_SCOPE, organizationScope, scopeSettings, systemScope, withScope, type Scope, type ScopeSettings } from './scope.js';

/** Tables with an organisation: `organizations`, those with an organization_id column, and those with a foreign key to one of these. */
const EXPECTED_SCOPED = [
  'organizations',
  'users',
  'session_families',
  'refresh_tokens',
  'invitations',
  'invitation_emails',
  'credit_ledger',
  'inquiries',
  'documents',
  'matches',
  'match_alerts',
  'purchases',
  'invoices',
];

/** Tables with an organization_id column (each row belongs to exactly one organisation). */
const ORGANIZATION_COLUMN_TABLES = ['invitations', 'invitation_emails', 'credit_ledger', 'inquiries', 'documents', 'purchases', 'invoices', 'users'];

/** The database's refusal (drizzle wraps it: its message names the query, its cause says why). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    const failed = error as { message: string; cause?: { message?: string } };
    return failed.cause?.message ?? failed.message;
  }
}

interface Coverage {
  scoped: string[];
  gaps: string[];
}

/** What the catalog says (asked as the owner): the organisation's tables and what each lacks. */
async function rlsCoverage(client: pg.ClientBase): Promise<Coverage> {
  const { rows: tables } = await client.query<{ name: string; enabled: boolean; forced: boolean; has_org: boolean; cmds: string[] | null }>(
    `select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped) as has_org,
            (select array_agg(p.polcmd::text) from pg_policy p where p.polrelid = c.oid) as cmds
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  const { rows: keys } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const scoped = new Set(tables.filter((t) => t.name === 'organizations' || t.has_org).map((t) => t.name));
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of keys) {
      if (scoped.has(parent) && !scoped.has(child)) {
        scoped.add(child);
        grew = true;
      }
    }
  }
  const gaps: string[] = [];
  for (const table of tables.filter((t) => scoped.has(t.name))) {
    if (!table.enabled) gaps.push(`${table.name}: row-level security not enabled`);
    if (!table.forced) gaps.push(`${table.name}: row-level security not forced (the owner would bypass it)`);
    // pg_policy.polcmd: '*' all, r select, a insert, w update, d delete.
    const cmds = new Set(table.cmds ?? []);
    const covered = cmds.has('*') || ['r', 'a', 'w', 'd'].every((cmd) => cmds.has(cmd));
    if (!covered) gaps.push(`${table.name}: no policy for every command`);
  }
  return { scoped: [...scoped].sort(), gaps: gaps.sort() };
}

async function asOwner<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('row-level security on PostgreSQL', () => {
  let api: TestApi;
  let a: OwnerFixture;
  let b: OwnerFixture;
  let userA: string;
  let userB: string;
  let listingA: string;
  let listingB: string;

  beforeAll(async () => {
    api = await startApiForTest();
    // Two organisations with rows in every kind of table: users, sessions, refresh tokens,
    // invitations and their e-mails, ledger lines, listings and documents.
    a = await createOwner(api, { credits: 40 });
    b = await createOwner(api, { credits: 40 });
    userA = a.session.user.id;
    userB = b.session.user.id;
    await createEmployee(api, a);
    await createEmployee(api, b);
    listingA = await createCompleteDraft(api, a.token);
    listingB = await createCompleteDraft(api, b.token);
    // A purchase and its invoice each, through the simulator's pay page.
    for (const owner of [a, b]) {
      const [pack] = await packsOf(api, owner.token);
      await payWithSimulator(api, pack!.link);
    }
  });

  afterAll(async () => {
    await api?.close();
  });

  it('forces row-level security with a policy on every table with an organisation', async () => {
    const coverage = await asOwner(rlsCoverage);
    expect(coverage.scoped).toEqual(expect.arrayContaining(EXPECTED_SCOPED));
    expect(coverage.gaps).toEqual([]);
  });

  it('the coverage check fails on a new table with an organisation, or reached through one, until it has its policy', async () => {
    await asOwner(async (client) => {
      await client.query('begin');
      try {
        await client.query('create table rls_probe_direct (id uuid primary key, organization_id uuid)');
        await client.query('create table rls_probe_child (id uuid primary key, inquiry_id uuid references inquiries (id))');
        await client.query('alter table rls_probe_child enable row level security');
        const before = await rlsCoverage(client);
        expect(before.gaps).toEqual([
          'rls_probe_child: no policy for every command',
          'rls_probe_child: row-level security not forced (the owner would bypass it)',
          'rls_probe_direct: no policy for every command',
          'rls_probe_direct: row-level security not enabled',
          'rls_probe_direct: row-level security not forced (the owner would bypass it)',
        ]);
        await client.query('alter table rls_probe_direct enable row level security, force row level security');
        await client.query('alter table rls_probe_child force row level security');
        await client.query('create policy probe on rls_probe_direct using (organization_id = terres_scope_organization())');
        await client.query('create policy probe_select on rls_probe_child for select using (true)');
        expect((await rlsCoverage(client)).gaps).toEqual(['rls_probe_child: no policy for every command']);
      } finally {
        await client.query('rollback');
      }
    });
  });

  it('serves requests as roles that own no table, are no superuser and bypass no policy: members and admins each their own', async () => {
    const who = () => api.database.db.execute<{ role: string; superuser: string }>(sql`select current_user as role, current_setting('is_superuser') as superuser`);
    expect((await withScope(organizationScope(a.organizationId, userA), who)).rows).toEqual([{ role: RUNTIME_ROLE, superuser: 'off' }]);
    expect((await withScope(adminScope(userA), who)).rows).toEqual([{ role: ADMIN_ROLE, superuser: 'off' }]);
    expect((await withScope(systemScope('sign-in'), who)).rows).toEqual([{ role: ADMIN_ROLE, superuser: 'off' }]);
    for (const name of [RUNTIME_ROLE, ADMIN_ROLE]) {
      const role = await asOwner(async (client) => {
        const { rows: flags } = await client.query(
          'select rolsuper, rolbypassrls, rolcanlogin, rolcreaterole, rolcreatedb from pg_roles where rolname = $1',
          [name],
        );
        const { rows: owned } = await client.query(
          'select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = $1',
          [name],
        );
        return { flags: flags[0], owned: owned[0].n as number };
      });
      expect(role).toEqual({
        flags: { rolsuper: false, rolbypassrls: false, rolcanlogin: false, rolcreaterole: false, rolcreatedb: false },
        owned: 0,
      });
    }
  });


  /** Raw SQL under `scope`, as the API's connections run it. */
  function underScope<T extends Record<string, unknown>>(scope: Scope, query: ReturnType<typeof sql>) {
    return withScope(scope, () => api.database.db.execute<T>(query)).then((result) => result.rows);
  }

  /** Rows per organisation (A, B, others) of a table with organization_id, read without any WHERE clause. */
  async function readAll(scope: Scope, table: string) {
    const [row] = await underScope<{ total: number; a: number; b: number }>(
      scope,
      sql`select count(*)::int as total,
                 count(*) filter (where organization_id = ${a.organizationId})::int as a,
                 count(*) filter (where organization_id = ${b.organizationId})::int as b
            from ${sql.identifier(table)}`,
    );
    return row!;
  }

  it("under organisation A, a query without WHERE reads A's rows only, in every table", async () => {
    const scopeA = organizationScope(a.organizationId, userA);
    for (const table of ORGANIZATION_COLUMN_TABLES) {
      const seen = await readAll(scopeA, table);
      expect({ table, ...seen }).toEqual({ table, total: seen.a, a: seen.a, b: 0 });
      // Not vacuous: the system scope sees both organisations' rows.
      const all = await readAll(adminScope(userA), table);
      expect({ table, a: all.a > 0, b: all.b > 0 }).toEqual({ table, a: true, b: true });
    }
    const [organizations] = await underScope<{ ids: string[] }>(scopeA, sql`select array_agg(id::text) as ids from organizations`);
    expect(organizations!.ids).toEqual([a.organizationId]);
    const [sessions] = await underScope<{ total: number; own: number }>(
      scopeA,
      sql`select (select count(*) from session_families)::int + (select count(*) from refresh_tokens)::int as total,
                 (select count(*) from session_families s join users u on u.id = s.user_id where u.organization_id = ${a.organizationId})::int
               + (select count(*) from refresh_tokens t join users u on u.id = t.user_id where u.organization_id = ${a.organizationId})::int as own`,
    );
    expect(sessions!.own).toBeGreaterThan(0);
    expect(sessions!.total).toBe(sessions!.own);
    const [codes] = await underScope<{ n: number }>(scopeA, sql`select count(*)::int as n from one_time_codes`);
    expect(codes!.n).toBe(0);
  });

  it("under organisation A, an UPDATE or DELETE without WHERE changes A's rows only; writing B's rows is refused", async () => {
    const scopeA = organizationScope(a.organizationId, userA);
    const before = await readAll(NO_SCOPE_SYSTEM, 'inquiries');
    const touched = await underScope<{ organization_id: string }>(scopeA, sql`update inquiries set updated_at = updated_at returning organization_id`);
    expect(new Set(touched.map((row) => row.organization_id))).toEqual(new Set([a.organizationId]));
    const renamed = await underScope<{ id: string }>(scopeA, sql`update organizations set updated_at = updated_at returning id`);
    expect(renamed.map((row) => row.id)).toEqual([a.organizationId]);
    const deleted = await underScope<{ organization_id: string }>(scopeA, sql`delete from invitation_emails returning organization_id`);
    expect(deleted.length).toBeGreaterThan(0);
    expect(new Set(deleted.map((row) => row.organization_id))).toEqual(new Set([a.organizationId]));
    const after = await readAll(NO_SCOPE_SYSTEM, 'invitation_emails');
    expect(after.b).toBeGreaterThan(0);
    expect((await readAll(NO_SCOPE_SYSTEM, 'inquiries')).b).toBe(before.b);

    // Inserting a row of B, moving A's listing to B, or reading B's listing by id: refused or nothing.
    expect(
      await refusal(underScope(scopeA, sql`insert into invitation_emails (organization_id, email) values (${b.organizationId}, 'intrus@exemple.fr')`)),
    ).toMatch(/row-level security/);
    expect(await refusal(underScope(scopeA, sql`update inquiries set organization_id = ${b.organizationId} where id = ${listingA}`))).toMatch(
      /row-level security/,
    );
    expect(await underScope(scopeA, sql`select id from inquiries where id = ${listingB}`)).toEqual([]);
    expect(await underScope(scopeA, sql`update inquiries set project_name = 'pris' where id = ${listingB} returning id`)).toEqual([]);
    expect(await underScope(scopeA, sql`delete from credit_ledger where organization_id = ${b.organizationId} returning id`)).toEqual([]);
    const [listing] = await underScope<{ project_name: string; organization_id: string }>(
      adminScope(userB),
      sql`select project_name, organization_id from inquiries where id = ${listingB}`,
    );
    expect(listing).toMatchObject({ organization_id: b.organizationId });
    expect(listing!.project_name).not.toBe('pris');
  });

  it('without any scope, nothing is read, changed or inserted (default deny)', async () => {
    for (const table of [...ORGANIZATION_COLUMN_TABLES, 'organizations', 'session_families', 'refresh_tokens', 'matches', 'match_alerts', 'one_time_codes']) {
      const [row] = await underScope<{ n: number }>(NO_SCOPE, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      expect({ table, n: row!.n }).toEqual({ table, n: 0 });
    }
    expect(await underScope(NO_SCOPE, sql`update inquiries set updated_at = updated_at returning id`)).toEqual([]);
    expect(await underScope(NO_SCOPE, sql`delete from credit_ledger returning id`)).toEqual([]);
    expect(
      await refusal(underScope(NO_SCOPE, sql`insert into invitation_emails (organization_id, email) values (${a.organizationId}, 'intrus@exemple.fr')`)),
    ).toMatch(/row-level security/);

    // The same without the API's wrapper: a bare session of the runtime role, no setting at all.
    const counts = await asOwner(async (client) => {
      await client.query(`set role ${RUNTIME_ROLE}`);
      const { rows } = await client.query('select (select count(*) from inquiries)::int as inquiries, (select count(*) from users)::int as users');
      return rows[0];
    });
    expect(counts).toEqual({ inquiries: 0, users: 0 });
  });

  it("finds a user by address through the address's unique index under the policy (sign-in)", async () => {
    // A lookup the planner may only run after the policy scans every user; enable_seqscan off
    // makes any path through the index win, so a scan here means the index cannot serve it.
    const plan = await withScope(systemScope('sign-in'), () =>
      api.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain select id from users where email_key = ${a.email.toLowerCase()}`,
        );
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      }),
    );
    expect(plan).toContain('users_email_key_unique');
  });

  it("gives the admins' role every row of every organisation table, and its lists their indexes", async () => {
    // The members' role keeps its scope policy; the admins' role has one that lets every row
    // through, which PostgreSQL drops from the plan (migration 0017).
    const policies = await asOwner(async (client) => {
      const { rows } = await client.query<{ table: string; roles: string[]; qual: string }>(
        "select tablename as table, roles::text[] as roles, qual from pg_policies where schemaname = 'public'",
      );
      return rows;
    });
    const coverage = await asOwner(rlsCoverage);
    for (const table of coverage.scoped) {
      const mine = policies.filter((policy) => policy.table === table);
      expect(mine.filter((policy) => policy.roles.includes(ADMIN_ROLE)).map((policy) => policy.qual), table).toEqual(['true']);
      expect(mine.some((policy) => policy.roles.includes(RUNTIME_ROLE)), table).toBe(true);
    }
    // A policy is a barrier: PostgreSQL runs it before any condition that is not leakproof, such
    // as the quick search's LIKE, which then cannot use its trigram index (a scan of every listing
    // at scale, bench:lists). The admins' policy is constant-true: gone from their plans, so the
    // planner is as free as without row-level security. A member's plan still carries its policy.
    const plan = (scope: Scope, query: ReturnType<typeof sql>) =>
      withScope(scope, () =>
        api.database.db.transaction(async (tx) => {
          // On this small table the planner is told to take an index whenever it can.
          await tx.execute(sql`set local enable_seqscan = off`);
          const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
          return result.rows.map((row) => row['QUERY PLAN']).join('\n');
        }),
      );
    const search = sql`select id from inquiries where deleted_at is null and search_text like '% ly%'`;
    const adminSearch = await plan(adminScope(userA), search);
    expect(adminSearch, adminSearch).not.toMatch(/current_setting|organization_id/);
    const memberSearch = await plan(organizationScope(a.organizationId, userA), search);
    expect(memberSearch, memberSearch).toMatch(/current_setting/);
    // The lists' counts stay index-only (organization_id, which the policy reads, is in none of those indexes).
    const count = sql`select count(*) from inquiries where deleted_at is null and status <> 'DRAFT'`;
    const adminCount = await plan(adminScope(userA), count);
    expect(adminCount, adminCount).toContain('Index Only Scan');
  });

  it('a connection that changes scope at every checkout reads, in the same round trip, only the scope of its caller', async () => {
    // One connection for all: each checkout needs the other organisation's scope, its statement
    // pipelined right before the caller's query; the reads are started together.
    const pool = new ScopedPool({ connectionString: inject('databaseUrl'), max: 1 }, () => scopeSettings(currentScope()));
    try {
      const db = drizzle({ client: pool });
      const owners = [a, b];
      const reads = Array.from({ length: 20 }, (_, i) =>
        withScope(organizationScope(owners[i % 2]!.organizationId, null), () =>
          db.execute<{ organization_id: string }>(sql`select distinct organization_id from inquiries`),
        ).then((result) => result.rows.map((row) => row.organization_id)),
      );
      const seen = await Promise.all(reads);
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => [owners[i % 2]!.organizationId]));
      expect(pool.scopeStats.applied).toBe(20);
    } finally {
      await pool.end();
    }
  });

  it("when a scope statement fails, the query pipelined behind it answers that failure, not the rows of the connection's previous scope", async () => {
    // The admin scope's statement names a role that does not exist: it fails at the server.
    const failing = (settings: ScopeSettings) => [settings.all === 'on' ? 'terres_no_such_role' : RUNTIME_ROLE, settings.all, settings.organizationId, settings.userId];
    const pool = new ScopedPool({ connectionString: inject('databaseUrl'), max: 1 }, () => scopeSettings(currentScope()), failing);
    try {
      const db = drizzle({ client: pool });
      const listings = () => db.execute<{ organization_id: string }>(sql`select organization_id from inquiries`);
      // The connection's scope is organisation A's: its listings are readable.
      const before = await withScope(organizationScope(a.organizationId, null), listings);
      expect(before.rows.length).toBeGreaterThan(0);
      // Under the failing scope, the query ran in A's scope on the server: its rows never come back.
      expect(await refusal(withScope(adminScope(userA), listings))).toMatch(/terres_no_such_role/);
      // The connection was closed: the next checkout is a new one, in its own scope.
      const after = await withScope(organizationScope(b.organizationId, null), listings);
      expect(new Set(after.rows.map((row) => row.organization_id))).toEqual(new Set([b.organizationId]));
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('prints what scoping costs: scope statements per request, and the time of one', async () => {
    // Fresh access tokens carry the organisation (the registration's was signed before it existed).
    const fresh = async (owner: OwnerFixture) => {
      const refreshed = await api.request<LoginResponse>('POST', '/auth/refresh', refreshOptions(owner.session.refreshToken));
      expect(refreshed.status).toBe(200);
      return refreshed.body.accessToken;
    };
    const tokenA = await fresh(a);
    const tokenB = await fresh(b);
    const requests = 40;

    async function run(label: string, tokenFor: (i: number) => string) {
      const start = api.database.scopeStats().applied;
      const began = performance.now();
      for (let i = 0; i < requests; i += 1) {
        const res = await api.request('GET', '/inquiries', { token: tokenFor(i) });
        expect(res.status).toBe(200);
      }
      const ms = (performance.now() - began) / requests;
      const applied = api.database.scopeStats().applied - start;
      console.log(`rls: ${label}: ${requests} GET /inquiries, ${applied} scope statements (${(applied / requests).toFixed(2)} a request), ${ms.toFixed(2)} ms a request`);
      return applied;
    }

    const same = await run('one caller', () => tokenA);
    const alternating = await run('two organisations alternating', (i) => (i % 2 === 0 ? tokenA : tokenB));
    const stale = await run('token signed before its organisation existed', () => a.token);
    // One statement at most per request when the token is fresh (none when the connection is already in scope).
    expect(same).toBeLessThanOrEqual(requests);
    expect(alternating).toBeLessThanOrEqual(requests);
    expect(stale).toBeLessThanOrEqual(3 * requests);

    // One scope statement's own time, on a connection of the pool.
    const timed = 200;
    const began = performance.now();
    for (let i = 0; i < timed; i += 1) {
      await withScope(organizationScope(i % 2 === 0 ? a.organizationId : b.organizationId, null), () => api.database.db.execute(sql`select 1`));
    }
    const perQuery = (performance.now() - began) / timed;
    const plainStart = performance.now();
    for (let i = 0; i < timed; i += 1) {
      await withScope(organizationScope(a.organizationId, null), () => api.database.db.execute(sql`select 1`));
    }
    const plain = (performance.now() - plainStart) / timed;
    console.log(`rls: select 1 switching scope every time ${perQuery.toFixed(3)} ms, in the same scope ${plain.toFixed(3)} ms: one scope statement ≈ ${(perQuery - plain).toFixed(3)} ms`);
  });
});

/** The test's own view of everything (admin scope of nobody in particular). */
const NO_SCOPE_SYSTEM: Scope = { kind: 'system', reason: 'tests' };

describe('a login of its own (DATABASE_URL) and the owner for migrations (DATABASE_OWNER_URL)', () => {
  it('migrates as the owner, serves as terres_api (terres_admin for admins), and without those roles the login reads nothing', async () => {
    const login = `terres_web_${randomBytes(4).toString('hex')}`;
    await asOwner((client) => client.query(`create role ${login} login noinherit in role ${RUNTIME_ROLE}, ${ADMIN_ROLE}`));
    const ownerUrl = inject('databaseUrl');
    const loginUrl = new URL(ownerUrl);
    loginUrl.username = login;
    try {
      const database = await createDatabase(testConfig({ DATABASE_URL: loginUrl.toString(), DATABASE_OWNER_URL: ownerUrl }), {
        unscoped: systemScope('tests'),
      });
      try {
        await database.migrate();
        expect(await database.isMigrated()).toBe(true);
        const { rows } = await database.db.execute<{ role: string; login: string; organizations: number }>(
          sql`select current_user as role, session_user as login, (select count(*) from organizations)::int as organizations`,
        );
        // The handle's default scope here is a system one: the admins' role.
        expect(rows[0]).toMatchObject({ role: ADMIN_ROLE, login });
        const member = await withScope(organizationScope(null, null), () => database.db.execute<{ role: string }>(sql`select current_user as role`));
        expect(member.rows[0]).toMatchObject({ role: RUNTIME_ROLE });
        expect(rows[0]!.organizations).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
      // What injected SQL could do (RESET ROLE) leaves the login with no right of its own.
      const client = new pg.Client({ connectionString: loginUrl.toString() });
      await client.connect();
      try {
        expect(await refusal(client.query('select count(*) from organizations'))).toMatch(/permission denied/);
      } finally {
        await client.end();
      }
    } finally {
      await asOwner((client) => client.query(`drop role ${login}`));
    }
  });
});
