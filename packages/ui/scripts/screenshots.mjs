// Screenshots of the built catalogue, to look at components as a user would.
//
//   pnpm --filter @terres/ui build-storybook
//   pnpm --filter @terres/ui screenshots [filter] [--width=375,1280] [--out=dir]
//
// `filter` keeps the stories whose id contains it (e.g. 'data-table', 'phone'). Stories whose
// name says 'Phone' are taken at 375 px only. PNGs go to storybook-static/screenshots (gitignored).
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)), 'storybook-static');
const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const filter = args.find((a) => !a.startsWith('--')) ?? '';
const widths = option('width', '375,1280').split(',').map(Number);
const out = resolve(option('out', join(root, 'screenshots')));

if (!existsSync(join(root, 'index.json'))) {
  console.error('No built catalogue: run `pnpm --filter @terres/ui build-storybook` first.');
  process.exit(1);
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
  const file = join(root, path || 'index.html');
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address();

const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter((e) => e.type === 'story' && e.id.includes(filter));
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const story of stories) {
    const phoneOnly = /phone/i.test(story.id);
    for (const width of phoneOnly ? [375] : widths) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const globals = width <= 400 ? '&globals=viewport:phone' : '';
      await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${story.id}&viewMode=story${globals}`);
      // Wait for the story's render and play function to end.
      await page.waitForFunction(
        () => ['completed', 'finished', 'errored', 'aborted'].includes(globalThis.__STORYBOOK_PREVIEW__?.currentRender?.phase),
        null,
        { timeout: 30_000 },
      );
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
      const file = join(out, `${story.id}--${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file}${overflow > 0 ? `  (overflows by ${overflow} px)` : ''}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
