// Prometheus metrics (issue 13), one registry per app (tests build many apps in one process;
// nothing lands in prom-client's global registry), read by GET /api/metrics (routes/ops/metrics.ts):
// - fastify-metrics: `http_request_duration_seconds` histogram per method, route PATTERN
//   (`/api/v1/inquiries/:id`, never the raw URL: ids and query strings would explode the series
//   and carry data) and status code; its `_count` is the request rate. A URL no route matches is
//   counted under `__unknown__`. Plus prom-client's process metrics (CPU, memory, event loop lag,
//   handles, GC).
// - the database pool (node-postgres): connections open, idle, and queries waiting for one.
// - e-mails sent and failed, payments: Stripe Checkout Sessions opened, Stripe events by
//   outcome, purchases credited: `app.appMetrics`, incremented where it happens.
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import client from 'prom-client';

export interface AppMetrics {
  registry: client.Registry;
  /** E-mails handed to the transport (SMTP accepted them, or the dev outbox kept them). */
  emailsSent: client.Counter<'transport'>;
  /** E-mails the transport refused or could not take (no transport, SMTP down). */
  emailsFailed: client.Counter<'transport'>;
  /** Stripe Checkout Sessions handed to a buyer: `reused` says whether an open one was given again. */
  checkouts: client.Counter<'provider' | 'reused'>;
  /** Verified Stripe events by what they did (`credited`, `duplicate_event`, ...), and refused signatures. */
  webhookEvents: client.Counter<'outcome'>;
  /** Purchases credited to an organisation (once each), by provider. */
  purchasesCredited: client.Counter<'provider'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    appMetrics: AppMetrics;
  }
}

/** Seconds; API answers take milliseconds, uploads and PDFs up to seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export default fp(
  async (app) => {
    const registry = new client.Registry();

    await app.register(fastifyMetrics, {
      endpoint: null, // served by routes/ops/metrics.ts, behind its access rule
      defaultMetrics: { enabled: true, register: registry },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        // Unmatched URLs too (a scan, a stale client), under one `__unknown__` route label.
        registeredRoutesOnly: false,
        routeBlacklist: ['/api/metrics'],
        overrides: {
          histogram: { name: 'http_request_duration_seconds', buckets: DURATION_BUCKETS, registers: [registry] },
          // fastify-metrics builds the summary even when disabled: register it nowhere.
          summary: { registers: [] },
        },
      },
    });

    const stats = app.database.poolStats;
    new client.Gauge({
      name: 'terres_db_info',
      help: 'The database driver of this process (1): postgres (node-postgres pool) or pglite (embedded, no pool).',
      labelNames: ['driver'],
      registers: [registry],
    }).set({ driver: app.database.kind }, 1);
    // Row-level security's cost: each is one statement (one round trip) giving a connection
    // another caller's scope (src/db/index.ts); a connection already in scope needs none.
    new client.Counter({
      name: 'terres_db_scope_statements_total',
      help: 'Scope statements run (a connection given another caller\'s scope, one round trip each; row-level security).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(app.database.scopeStats().applied);
      },
    });
    if (stats) {
      const gauge = (name: string, help: string, read: () => number) =>
        new client.Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read());
          },
        });
      gauge('terres_db_pool_connections', 'node-postgres pool: connections open (idle and in use).', () => stats().total);
      gauge('terres_db_pool_idle_connections', 'node-postgres pool: connections open and idle.', () => stats().idle);
      gauge('terres_db_pool_waiting_queries', 'node-postgres pool: queries waiting for a connection (the pool is full).', () => stats().waiting);
      gauge('terres_db_pool_max_connections', 'node-postgres pool: the most connections this process opens.', () => stats().max);
    }

    // The read caches (src/db/read-cache.ts): what they answered, and whether the change feed
    // listens (0: every read goes to the database).
    new client.Gauge({
      name: 'terres_change_feed_live',
      help: "1 while this process hears the database's change announcements (read caches on), else 0.",
      registers: [registry],
      collect() {
        this.set(app.readCaches().live ? 1 : 0);
      },
    });
    new client.Counter({
      name: 'terres_read_cache_reads_total',
      help: 'Read cache lookups by cache and outcome: hit, miss (read from the database), discarded (a change was announced during the read: not kept), unproven (a kept entry read from the database instead: this process could not prove itself current in time; counted in miss too).',
      labelNames: ['cache', 'outcome'],
      registers: [registry],
      collect() {
        this.reset();
        for (const cache of app.readCaches().caches) {
          const { hits, misses, discarded, unproven } = cache.stats();
          this.inc({ cache: cache.name, outcome: 'hit' }, hits);
          this.inc({ cache: cache.name, outcome: 'miss' }, misses);
          this.inc({ cache: cache.name, outcome: 'discarded' }, discarded);
          this.inc({ cache: cache.name, outcome: 'unproven' }, unproven);
        }
      },
    });
    // How this process proves itself current and waits for the others (src/db/change-feed.ts).
    new client.Counter({
      name: 'terres_change_feed_events_total',
      help: 'Change feed events: probe (sent to prove this process current), late_probe (not back within its deadline: reads went to the database), marker (one per batch of writes), unanswered_marker (a write answered at the deadline: some process did not answer in time).',
      labelNames: ['event'],
      registers: [registry],
      collect() {
        this.reset();
        const stats = app.readCaches().feed;
        if (!stats) return;
        this.inc({ event: 'probe' }, stats.probes);
        this.inc({ event: 'late_probe' }, stats.lateProbes);
        this.inc({ event: 'marker' }, stats.markers);
        this.inc({ event: 'unanswered_marker' }, stats.unansweredMarkers);
      },
    });
    new client.Gauge({
      name: 'terres_read_cache_entries',
      help: 'Entries kept per read cache.',
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        this.reset();
        for (const cache of app.readCaches().caches) this.set({ cache: cache.name }, cache.stats().size);
      },
    });

    const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new client.Counter<L>({ name, help, labelNames, registers: [registry] });
    app.decorate('appMetrics', {
      registry,
      emailsSent: counter('terres_emails_sent_total', 'E-mails handed to the transport.', ['transport']),
      emailsFailed: counter('terres_emails_failed_total', 'E-mails that could not be sent.', ['transport']),
      checkouts: counter('terres_payment_checkouts_total', 'Stripe Checkout Sessions handed to a buyer (reused: an open one again).', ['provider', 'reused']),
      webhookEvents: counter('terres_payment_webhook_events_total', 'Stripe webhook calls by outcome (bad_signature: refused).', ['outcome']),
      purchasesCredited: counter('terres_payment_purchases_credited_total', 'Purchases credited to an organisation.', ['provider']),
    } satisfies AppMetrics);
  },
  { name: 'app-metrics', dependencies: ['config', 'database'] },
);
