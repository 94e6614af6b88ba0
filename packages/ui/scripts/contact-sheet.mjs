// A contact sheet of screenshots (one PNG holding many), to look at many stories at once.
//   node scripts/contact-sheet.mjs out.png a.png b.png ...
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium } from 'playwright';

const [out, ...files] = process.argv.slice(2);
const cells = files
  .map(
    (f) =>
      `<figure><img src="data:image/png;base64,${readFileSync(f).toString('base64')}"><figcaption>${basename(f)}</figcaption></figure>`,
  )
  .join('');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
await page.setContent(
  `<style>body{margin:8px;display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start;font:11px sans-serif}figure{margin:0;border:1px solid #999}img{display:block;width:375px;max-height:700px;object-fit:cover;object-position:top}figcaption{width:375px;overflow-wrap:anywhere}</style>${cells}`,
);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(out);
