// `pnpm --filter @terres/admin-console bench:search -- --app <console URL> --api <API URL>`
//
// Speed of the listings table's quick search as an admin feels it (issue 10: "the table shows
// results within 100 ms of typing"): in Chromium, types each query key by key into
// /admin/inquiries at a fast typist's pace and measures, from the LAST keystroke (its `input`
// event), the moment the table's rows are those of the final search (DOM committed, not busy,
// the answer for that search received) and the next frame after it. Prints p50 / p95; asserts
// nothing. Needs the API on a database seeded with `pnpm --filter @terres/api seed:scale`
// (README "Speed") with its dev outbox (NODE_ENV not production, no SMTP_URL) to sign in, and
// the console built against it and served (a production build: `vite build` then `vite preview`).
/* global window, document, location, requestAnimationFrame, MutationObserver -- page.evaluate and addInitScript run these functions in the browser */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { recordResults } from '../bench/record-results.mjs';

recordResults('search');

const { values: args } = parseArgs({
  // pnpm hands over the `--` of `pnpm bench:search -- --app ...`.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    app: { type: 'string', default: 'http://127.0.0.1:4412' },
    api: { type: 'string', default: 'http://127.0.0.1:4411/api' },
    email: { type: 'string', default: 'admin@demo.test' },
    runs: { type: 'string', default: '5' },
    delay: { type: 'string', default: '120' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

// Project, organisation, city and owner words of the scale data, typed without accents; rare and
// frequent ones, one and several words.
const QUERIES = [
  'ecoquartier',
  'lefevre',
  'rehabilitation friche',
  'groupe scolaire',
  'gaelle',
  'emile zola',
  'perigord',
  'lotissement erables',
  'rue',
  'de',
];
const RUNS = Number(args.runs);
const KEY_DELAY_MS = Number(args.delay);
const api = args.api.replace(/\/+$/, '').replace(/\/v1$/, '');

async function signIn(email) {
  const since = Date.now();
  const request = await fetch(`${api}/v1/auth/login/magic-link/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!request.ok) throw new Error(`code request answered ${request.status}: ${await request.text()}`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const outbox = await (await fetch(`${api}/dev/outbox`)).json();
    const mail = outbox
      .filter((item) => JSON.stringify(item.to).includes(email) && Date.parse(item.createdAt) >= since - 1000)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .at(-1);
    const otp = mail && /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
    if (otp) {
      const verify = await fetch(`${api}/v1/auth/magic-link/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, otp }),
      });
      if (!verify.ok) throw new Error(`code check answered ${verify.status}: ${await verify.text()}`);
      return verify.json();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email} (is the dev outbox on?)`);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const session = await signIn(args.email);
const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
await context.addInitScript((stored) => {
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  // When each answer of the listings list reached the page (fetch resolved), by its search.
  window.__answers = [];
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const started = performance.now();
    const response = await original(input, init);
    const url = new URL(typeof input === 'string' ? input : input.url, location.href);
    if (url.pathname.endsWith('/inquiries')) {
      window.__answers.push({ q: url.searchParams.get('q'), started, received: performance.now() });
    }
    return response;
  };
}, session);
const page = await context.newPage();

const samples = [];
for (const query of QUERIES) {
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh page each time: nothing cached from an earlier run.
    await page.goto(`${args.app}/admin/inquiries`);
    const table = page.getByRole('table', { name: 'Annonces de toutes les organisations' });
    await table.locator('tbody tr a').first().waitFor();
    await page.evaluate((target) => {
      const bench = { target, lastInput: 0, dom: 0, frame: 0 };
      window.__bench = bench;
      const field = document.querySelector('input[type="search"]');
      field.addEventListener('input', () => {
        bench.lastInput = performance.now();
      });
      const check = () => {
        if (bench.dom || field.value !== target) return;
        const table = document.querySelector('table');
        if (new URL(location.href).searchParams.get('q') !== target || table.getAttribute('aria-busy') === 'true') return;
        if (!window.__answers.some((answer) => answer.q === target && answer.received > bench.lastInput)) return;
        bench.dom = performance.now();
        requestAnimationFrame(() => {
          bench.frame = performance.now();
        });
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    }, query);
    await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).pressSequentially(query, { delay: KEY_DELAY_MS });
    await page.waitForFunction(() => window.__bench.frame > 0, undefined, { timeout: 15_000 });
    const result = await page.evaluate(() => {
      const bench = window.__bench;
      const answer = window.__answers.filter((item) => item.q === bench.target).at(-1);
      const rows = document.querySelectorAll('tbody tr').length;
      return {
        toDom: bench.dom - bench.lastInput,
        toFrame: bench.frame - bench.lastInput,
        request: answer.received - answer.started,
        requests: window.__answers.filter((item) => item.q).length,
        rows,
        range: document.querySelector('.terres-data-table__range')?.textContent ?? '',
      };
    });
    samples.push({ query, ...result });
  }
}
await browser.close();

console.log(`bench:search, ${RUNS} runs per query, a key every ${KEY_DELAY_MS} ms, from the last keystroke`);
console.log('query'.padEnd(24), 'rows, range'.padEnd(28), 'to rows p50 / max', '  to frame p50', '  API call p50', '  searches sent');
for (const query of QUERIES) {
  const mine = samples.filter((sample) => sample.query === query);
  const toDom = mine.map((sample) => sample.toDom);
  console.log(
    query.padEnd(24),
    `${mine[0].rows}, ${mine[0].range}`.padEnd(28),
    `${ms(percentile(toDom, 50))} / ${ms(Math.max(...toDom))}`.padEnd(19),
    ms(percentile(mine.map((sample) => sample.toFrame), 50)).padStart(13),
    ms(percentile(mine.map((sample) => sample.request), 50)).padStart(14),
    String(percentile(mine.map((sample) => sample.requests), 50)).padStart(15),
  );
}
const all = (key) => samples.map((sample) => sample[key]);
console.log(`all ${samples.length} searches: keystroke to rows p50 ${ms(percentile(all('toDom'), 50))}, p95 ${ms(percentile(all('toDom'), 95))};`);
console.log(`  to the next frame p50 ${ms(percentile(all('toFrame'), 50))}, p95 ${ms(percentile(all('toFrame'), 95))};`);
console.log(`  the final search's API call (browser side) p50 ${ms(percentile(all('request'), 50))}, p95 ${ms(percentile(all('request'), 95))}`);
