import { appendFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@terres/vitest-config';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// `pnpm --filter @terres/maps bench`: the map benchmarks in Chromium against the loopback tile
// fixture. They print figures and assert no timing: run them by hand, not in `pnpm test`.
// What the benchmarks print (in the browser, relayed here) is appended to bench/results/pins.md
// when the run ends, dated, with the machine's cores and load (issue 17: no terminal pasted into a
// README). BENCH_RESULTS=0 prints without recording.
const printed: string[] = [];
const started = new Date();
const load = loadavg().map((value) => value.toFixed(1)).join(' ');
if (process.env.BENCH_RESULTS !== '0') {
  process.on('exit', (code) => {
    if (printed.length === 0) return;
    const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench', 'results');
    const when = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(0);
    mkdirSync(dir, { recursive: true });
    appendFileSync(
      join(dir, 'pins.md'),
      ['', `## ${when}: \`bench\``, '', `${availableParallelism()} cores, load average ${load} at the start; exit code ${code}; ${seconds} s.`, '', '```text', printed.join('\n'), '```', ''].join('\n'),
    );
  });
}

export default defineConfig({
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react/jsx-runtime',
      'leaflet',
      'supercluster',
      '@terres/domain > valibot',
      '@terres/ui > @radix-ui/react-label',
      '@terres/ui > @radix-ui/react-slot',
    ],
  },
  test: {
    name: 'bench',
    include: ['src/**/*.bench.browser.tsx'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    onConsoleLog(log) {
      printed.push(log.trimEnd());
    },
    testTimeout: 300_000,
    hookTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      viewport: { width: 1280, height: 800 },
      provider: playwright({ launchOptions: chromiumLaunchOptions }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
