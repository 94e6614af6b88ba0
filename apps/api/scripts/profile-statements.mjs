// Preload (`node --import tsx --import ./scripts/profile-statements.mjs scripts/bench-<x>.ts`):
// times every statement the process sends through node-postgres, from the call to its answer
// (so a lock wait counts in the statement that waited), and every pool checkout (the wait for a
// free connection). A benchmark calls `globalThis.terresStatementProfile.print(title)` after a
// round: the statements by total time, with count, p50, p95; then the figures start again.
// The change feed's own connection (LISTEN, settle markers) is left out.
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

globalThis.terresStatementProfile = {
  reset: () => timings.clear(),
  print(title) {
    console.log(`\nStatements of: ${title} (count, p50, p95, total as the API waited for them)`);
    const rows = [...timings].map(([key, list]) => ({ key, n: list.length, total: list.reduce((a, b) => a + b, 0), p50: percentile(list, 50), p95: percentile(list, 95) }));
    for (const row of rows.sort((a, b) => b.total - a.total).slice(0, 20)) {
      console.log(`  ${String(row.n).padStart(5)}  p50 ${row.p50.toFixed(1).padStart(6)}  p95 ${row.p95.toFixed(1).padStart(6)}  total ${row.total.toFixed(0).padStart(7)} ms  ${row.key}`);
    }
    timings.clear();
  },
};
