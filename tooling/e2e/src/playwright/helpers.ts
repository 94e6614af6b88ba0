// What every journey does: sign in through the real screens with the code from the mailbox,
// check accessibility, keep screenshots for review.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { siretWithCheckDigit } from '@terres/domain';
import { createMailClient, type MailClient } from '../mail/client';
import { forgetUsedCodes } from '../stack/database';
import { currentStack } from './stack-info';

// The spec's words on the sign-in screens (§4), the accessible names the journeys find them by.
export const SIGN_IN_TEXTS = {
  emailLabel: 'Votre email',
  loginButton: 'Se connecter',
  registerButton: 'Créer mon compte',
  codeTitle: 'Vérification du code',
  /** Each of the six boxes is named 'Chiffre n sur 6' (packages/ui OneTimeCodeInput). */
  firstBox: 'Chiffre 1 sur 6',
} as const;

let mailClient: MailClient | undefined;
function mailbox(): MailClient {
  mailClient ??= createMailClient(currentStack().mailUrl);
  return mailClient;
}

/** An address nobody else in the run uses: the API allows one code a minute per address. */
export function uniqueEmail(label = 'user'): string {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'user';
  return `${slug}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@e2e.test`;
}

/** A valid SIRET nobody else in the run uses: two active organisations cannot share one. */
export function uniqueSiret(): string {
  return siretWithCheckDigit(Array.from(randomBytes(13), (byte) => byte % 10).join(''));
}

/** Step 2 of the code screens: waits for it, reads the code mailed since `since`, types it in the boxes. */
export async function enterCode(page: Page, email: string, since: number): Promise<void> {
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.codeTitle })).toBeVisible();
  const code = await mailbox().lastCode(email, { since });
  await page.getByRole('textbox', { name: SIGN_IN_TEXTS.firstBox, exact: true }).click();
  // Typed as a person does: each digit moves to the next box; the sixth submits.
  await page.keyboard.type(code);
}

export interface SignInOptions {
  /** Where to start; `false` when the page is already on the sign-in screen (e.g. after a redirect). Default '/login'. */
  goto?: string | false;
}

/**
 * Signs in through the real /login screen: types the e-mail, reads the code from the SMTP
 * capture, types it into the six boxes, and waits to leave /login. Before and after, lets the
 * address ask for a code again at once (see forgetUsedCodes): journeys sign the same people in often.
 */
export async function signIn(page: Page, email: string, { goto = '/login' }: SignInOptions = {}): Promise<void> {
  await test.step(`sign in as ${email}`, async () => {
    await forgetUsedCodes(currentStack().databaseUrl, email);
    if (goto !== false) await page.goto(goto);
    await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel, exact: true }).fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: SIGN_IN_TEXTS.loginButton, exact: true }).click();
    await enterCode(page, email, since);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await forgetUsedCodes(currentStack().databaseUrl, email);
  });
}

/**
 * Creates an owner account through the real /register screen (e-mail, code) and waits to leave
 * /register (the spec sends a new account to /onboarding/profile; the journey asserts it).
 */
export async function registerOwner(page: Page, email: string = uniqueEmail('owner')): Promise<string> {
  await test.step(`register ${email}`, async () => {
    await forgetUsedCodes(currentStack().databaseUrl, email);
    await page.goto('/register');
    await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel, exact: true }).fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: SIGN_IN_TEXTS.registerButton, exact: true }).click();
    await enterCode(page, email, since);
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));
    await forgetUsedCodes(currentStack().databaseUrl, email);
  });
  return email;
}

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One paragraph per violation: rule, impact, what it means, and each element with its fix. */
export function formatViolations(violations: AxeViolation[], url: string): string {
  const lines = [`${violations.length} accessibility violation(s) (axe, WCAG 2.1 AA) on ${url}:`];
  for (const violation of violations) {
    lines.push('', `- ${violation.id} [${violation.impact ?? 'unknown'}]: ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes.slice(0, 10)) {
      lines.push(`    at ${node.target.join(' ')}`, `       ${node.html.slice(0, 200)}`);
      const fix = node.failureSummary?.split('\n').map((line) => line.trim()).filter(Boolean).join(' / ');
      if (fix) lines.push(`       ${fix}`);
    }
    if (violation.nodes.length > 10) lines.push(`    ... and ${violation.nodes.length - 10} more element(s)`);
  }
  return lines.join('\n');
}

export interface AxeOptions {
  /** Only check inside this selector. */
  include?: string;
  /** Leave these selectors out (say why at the call site). */
  exclude?: string[];
}

/**
 * Waits for the page's finite CSS transitions and animations to end (a spinner's endless one is
 * left alone). A button that has just become enabled fades to its colour in a few hundred
 * milliseconds; axe measuring the colours half way reported a contrast the user never reads
 * (#a87652 behind 'Suivant' on a loaded machine).
 */
export async function settleAnimations(page: Page): Promise<void> {
  // Again while a new one started meanwhile (a toast that appears as the first fade ends: its
  // title was read half-transparent, 1.74:1, on a loaded CI).
  for (let round = 0; round < 5; round += 1) {
    const waited = await page.evaluate(async () => {
      const finite = document.getAnimations().filter((animation) => animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      // Two frames, for what the last one started.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return finite.length;
    });
    if (waited === 0) return;
  }
}

/**
 * Runs axe-core on the page once its transitions have ended: 0 violations of WCAG 2.1 AA, or a
 * readable failure. A page with violations is scanned a second time once still, and only what
 * that scan finds fails.
 */
export async function expectNoAxeViolations(page: Page, { include, exclude = [] }: AxeOptions = {}): Promise<void> {
  await test.step(`axe on ${new URL(page.url()).pathname}`, async () => {
    await settleAnimations(page);
    let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
    if (include) builder = builder.include(include);
    for (const selector of exclude) builder = builder.exclude(selector);
    let results = await builder.analyze();
    if (results.violations.length > 0) {
      // Something may have appeared during the scan and been read mid-fade (a draft's toast, its
      // title at 1.73:1, on a loaded CI): scanned again once the page is still. A real violation
      // is there both times.
      await settleAnimations(page);
      results = await builder.analyze();
    }
    if (results.violations.length > 0) {
      await test.info().attach(`axe ${new URL(page.url()).pathname}`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
      throw new Error(formatViolations(results.violations, page.url()));
    }
  });
}

/**
 * A full-page screenshot to look at: `test-results/screens/<project>/<name>.png` (attached to
 * the report too). For review by a person, not compared to anything.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const info = test.info();
  const path = join(info.project.outputDir, 'screens', info.project.name, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
  return path;
}

/**
 * The page does not scroll sideways: `document.documentElement.scrollWidth` is at most the
 * screen's width (375 px on the phone project). Compared with the viewport's width, not
 * `innerWidth`: on a mobile viewport (`isMobile`) Chromium widens the layout viewport to fit what
 * overflows, so `innerWidth` grows with it (892 px for an 892 px page) and would always match.
 * On failure the message names the elements that stick out past the screen's edge.
 */
export async function expectFitsScreen(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const measured = await page.evaluate((screenWidth) => {
    const outside = [] as string[];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      const parent = element.parentElement?.getBoundingClientRect();
      // The outermost element past the edge (its parent still fits): the one to look at.
      if (box.width > 0 && box.right > screenWidth + 0.5 && (!parent || parent.right <= screenWidth + 0.5)) {
        const classes = element.getAttribute('class')?.trim().split(/\s+/).join('.') ?? '';
        outside.push(`${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} (right edge ${Math.round(box.right)} px)`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside: outside.slice(0, 5) };
  }, width);
  expect(
    measured.scrollWidth,
    `${page.url()} is ${measured.scrollWidth} px wide on a ${width} px screen; past the edge: ${measured.outside.join(', ') || 'nothing in flow (a positioned element?)'}`,
  ).toBeLessThanOrEqual(width);
}

/**
 * Each element is entirely within the screen's width where it stands (e.g. a table's status on a
 * phone), without scrolling anything: scrolling it into view would scroll a wide table sideways
 * and hide the very problem. Only its horizontal position is checked.
 */
export async function expectWithinScreenWidth(page: Page, locator: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    expect(box, 'the element has a box').not.toBeNull();
    expect({ left: Math.round(box!.x) >= 0, right: Math.round(box!.x + box!.width) <= width }, `${String(element)} within 0–${width} px`).toEqual({
      left: true,
      right: true,
    });
  }
}

/**
 * Issue 21, one face: /login sets its text in the apps' typeface, Source Sans 3 (not the
 * system's DejaVu), preloaded, and the favicon is the logo mark (`faviconSvg`: `logoSvg()` of
 * `@terres/ui/tokens`, which public/favicon.svg writes out). Both apps' smoke journeys.
 */
export async function expectAppFace(page: Page, request: APIRequestContext, faviconSvg: string): Promise<void> {
  await test.step('/login sets its text in Source Sans 3, preloaded', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await page.evaluate(() => document.fonts.check('16px "Source Sans 3"'))).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).first().evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"?Source Sans 3"?,/);
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute('href', /source-sans-3-french-wght-normal-[\w-]+\.woff2$/);
    await screenshot(page, 'face-login');
  });
  await test.step('the favicon is the logo mark', async () => {
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    const favicon = await request.get('/favicon.svg');
    expect(favicon.status()).toBe(200);
    // public/favicon.svg is logoSvg() written out: regenerate it when the mark changes.
    expect(await favicon.text()).toBe(`${faviconSvg}\n`);
  });
}
