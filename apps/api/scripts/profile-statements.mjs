// Preload (`node --import tsx --import ./scripts/profile-statements.mjs scripts/bench-<x>.ts`):
// times every statement the process sends through node-postgres, from the call to its answer
// (so a lock wait counts in the statement that waited), and every pool checkout (the wait for a
// free connection). A benchmark calls `globalThis.terresStatementProfile.print(title)` after a
// round: the statements by total time, with count, p50, p95; then the figures start again.
// Preloaded in another process (the API started by bench:transfers --statements), SIGWINCH
// (ignored by default; close-with-grace closes the API on SIGUSR2) writes the same table to the file TERRES_STATEMENT_PROFILE names and starts again.
// The change feed's own connection (LISTEN, settle markers) is left out.
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import pg from 'pg';

const timings = new Map();
const add = (key, ms) => {
  const list = timings.get(key) ?? [];
  list.push(ms);
  timings.set(key, list);
};
const shape = (text) => String(text).replace(/\s+/g, ' ').slice(0, 90);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function timedQuery(config, values, callback) {
  const text = typeof config === 'string' ? config : (config?.text ?? config?.name);
  if (!text || this.connectionParameters?.application_name === 'terres-change-feed') return query.call(this, config, values, callback);
  const started = performance.now();
  const done = () => add(shape(text), performance.now() - started);
  if (typeof callback === 'function') return query.call(this, config, values, (...args) => (done(), callback(...args)));
  if (typeof values === 'function') return query.call(this, config, (...args) => (done(), values(...args)));
  if (config && typeof config.callback === 'function') {
    const inner = config.callback;
    config.callback = (...args) => (done(), inner(...args));
    return query.call(this, config, values);
  }
  const result = query.call(this, config, values);
  return result && typeof result.then === 'function' ? result.finally(done) : result;
};

const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function timedConnect(callback) {
  const started = performance.now();
  const done = () => add('[pool checkout]', performance.now() - started);
  if (typeof callback === 'function') return connect.call(this, (...args) => (done(), callback(...args)));
  return connect.call(this).then((client) => (done(), client));
};

/** The statements since the last call, by total time (count, p50, p95, total); then it starts again. */
function table() {
  const rows = [...timings].map(([key, list]) => ({ key, n: list.length, total: list.reduce((a, b) => a + b, 0), p50: percentile(list, 50), p95: percentile(list, 95) }));
  timings.clear();
  return rows
    .sort((a, b) => b.total - a.total)
    .slice(0, 20)
    .map((row) => `  ${String(row.n).padStart(5)}  p50 ${row.p50.toFixed(1).padStart(6)}  p95 ${row.p95.toFixed(1).padStart(6)}  total ${row.total.toFixed(0).padStart(7)} ms  ${row.key}`)
    .join('\n');
}

globalThis.terresStatementProfile = {
  reset: () => timings.clear(),
  print(title) {
    console.log(`\nStatements of: ${title} (count, p50, p95, total as the API waited for them)`);
    console.log(table());
  },
};

const file = process.env.TERRES_STATEMENT_PROFILE;
if (file && isMainThread) process.on('SIGWINCH', () => writeFileSync(file, `  (count, p50, p95, total as the API waited for them)\n${table()}\n`));
