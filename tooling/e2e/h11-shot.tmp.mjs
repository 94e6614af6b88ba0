import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4301';
const api = 'http://127.0.0.1:4300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.goto(base + '/login');
await page.getByRole('textbox', { name: 'Votre email', exact: true }).fill('admin@demo.test');
const since = Date.now();
await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
await page.getByRole('heading', { name: 'Vérification du code' }).waitFor({ timeout: 20000 });
let code;
for (let i = 0; i < 50 && !code; i++) {
  await new Promise((r) => setTimeout(r, 300));
  const box = await (await fetch(api + '/api/dev/outbox')).json();
  const last = box.filter((m) => m.to === 'admin@demo.test' && Date.parse(m.createdAt) >= since - 2000)[0];
  const m = last && /\b(\d{6})\b/.exec(last.text);
  if (m) code = m[1];
}
if (!code) throw new Error('no code');
console.log('BOXES', await page.locator('input').evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 160))));
await page.locator('input:not([type=email])').first().click();
await page.keyboard.type(code); await page.waitForTimeout(500); if (page.url().includes('/login')) await page.getByRole('button', { name: 'Valider le code' }).click().catch(() => {});
try { await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15000 }); } catch (e) { await page.screenshot({ path: '/tmp/h11-shots/fail.png' }); console.log(await page.locator('body').innerText()); throw e; }
for (const [name, width, height] of [['phone', 375, 812], ['desktop', 1280, 800]]) {
  await page.setViewportSize({ width, height });
  await page.goto(base + '/admin/map');
  const card = page.getByRole('region', { name: 'Transferts réalisés' });
  await card.getByText('Volume de terres réutilisé').waitFor({ timeout: 20000 });
  await page.waitForTimeout(1500);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/h11-shots/map-${name}.png`, fullPage: true });
  await card.screenshot({ path: `/tmp/h11-shots/map-card-${name}.png` });
  console.log(name, (await card.innerText()).replace(/\n+/g, ' | '));
}
await browser.close();
