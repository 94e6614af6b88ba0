import { expect, expectNoAxeViolations, screenshot, signIn, test, uniqueEmail } from '@terres/e2e/test';
import type { Page } from '@playwright/test';

// Acceptance plan (issue 9): an owner buys credits through the payment simulator (the API's pay
// page under `pnpm start`), first cancelling, then paying, and sees the balance rise in the
// header; the purchase gives an invoice.

/** The header's balance as a number ('Solde : 1 300 crédits'). */
async function headerBalance(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Mon espace' }).locator('p').filter({ hasText: /^Solde/ }).innerText();
  return Number(text.replace(/\D/g, ''));
}

test('an owner buys credits through the payment simulator and sees the balance rise', async ({ page, api }) => {
  const email = uniqueEmail('buyer');
  await api.seedOwner({ email, credits: 40, profile: { first_name: 'Lucie', last_name: 'Weber', phone_number: '06 44 55 66 77' } });
  let packCredits = 0;

  await test.step('the owner opens the packs from the header', async () => {
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();
    await expect.poll(() => headerBalance(page)).toBe(40);
    await page.getByRole('link', { name: 'Acheter des crédits' }).first().click();
    await expect(page).toHaveURL(/\/credits\/buy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acheter des crédits' })).toBeVisible();
    await expect(page).toHaveTitle('Acheter des crédits · Bourse aux terres');
    await expect(page.getByRole('link', { name: 'Consultez l’aide' })).toHaveAttribute('href', '/help#credits');
    // Each pack says TTC, HT with the VAT rate, and the price of one credit (review D7).
    await expect(page.locator('article').first()).toContainText(/TTC/);
    await expect(page.locator('article').first()).toContainText(/HT le crédit/);
    await expect(page.getByRole('table', { name: 'Coût d’une annonce en crédits' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'credits-packs');
  });

  const recommended = page.locator('article[data-recommended]');

  await test.step('the recommended pack is highlighted; cancelling on the pay page comes back with a warning', async () => {
    await expect(recommended).toHaveCount(1);
    await expect(recommended.getByText('Recommandé')).toBeVisible();
    packCredits = Number((await recommended.getByRole('heading').innerText()).replace(/\D/g, ''));
    expect(packCredits).toBeGreaterThan(0);
    await recommended.getByRole('link', { name: 'Acheter ce pack' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paiement de votre pack de crédits' })).toBeVisible();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByText('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.')).toBeVisible();
    // The parameter leaves the address; the warning stays.
    await expect(page).toHaveURL(/\/credits\/buy$/);
    await expect(page.getByText('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.')).toBeVisible();
    await expect.poll(() => headerBalance(page)).toBe(40);
    await expectNoAxeViolations(page);
    await screenshot(page, 'credits-cancelled');
  });

  await test.step('paying returns to the confirmation, which shows the new balance', async () => {
    await recommended.getByRole('link', { name: 'Acheter ce pack' }).click();
    await page.getByRole('button', { name: 'Payer' }).click();
    await expect(page).toHaveURL(/\/credits\/success\?/);
    await expect(page).toHaveTitle('Paiement · Bourse aux terres');
    await expect(page.getByRole('heading', { level: 2, name: 'Paiement confirmé\u00a0!' })).toBeVisible();
    await expect(page.getByText(/Nouveau solde/)).toContainText(`${40 + packCredits}`.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f'));
    await expect.poll(() => headerBalance(page)).toBe(40 + packCredits);
    await expect(page.getByText(/Redirection vers vos annonces dans \d+ s\./)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'credits-confirmed');
  });

  await test.step("'Aller à mes annonces' leaves at once; the header keeps the new balance", async () => {
    await page.getByRole('button', { name: 'Aller à mes annonces' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => headerBalance(page)).toBe(40 + packCredits);
  });

  await test.step('the purchase has its invoice', async () => {
    await page.getByRole('link', { name: 'Mon Compte' }).click();
    await page.getByRole('navigation', { name: 'Mon Compte' }).getByRole('link', { name: 'Factures' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Facture' })).toBeVisible();
    const invoices = page.getByRole('list', { name: 'Factures de votre organisation' }).getByRole('listitem');
    await expect(invoices).toHaveCount(1);
    await expect(invoices.first()).toContainText(/FA-\d{4}-\d{6}/);
    await expect(invoices.first()).toContainText(`${packCredits}`.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f'));
    const download = page.waitForEvent('download');
    await invoices.first().getByRole('button', { name: 'Télécharger le PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^facture-FA-\d{4}-\d{6}\.pdf$/);
    // Under the invoices, the credits' movements: the purchase, and the platform's grant with its
    // reason but never the admin's name (issue 21).
    await expect(page.getByRole('heading', { level: 2, name: 'Mouvements de crédits' })).toBeVisible();
    const movements = page.getByRole('list', { name: 'Mouvements de crédits de votre organisation' }).getByRole('listitem');
    await expect(movements).toHaveCount(2);
    await expect(movements.nth(0)).toContainText(/Achat de crédits\s*Facture FA-\d{4}-\d{6}/);
    await expect(movements.nth(1)).toContainText('Attribué par la plateforme · Motif : Crédits de la mise en place du parcours');
    await expect(movements.nth(1)).not.toContainText('@');
    await expectNoAxeViolations(page);
    await screenshot(page, 'credits-invoice');
  });
});

test('a payment the API has not credited after 30 s: the page says so, with the balance and the support contact', async ({ page, api }) => {
  const email = uniqueEmail('slow-payment');
  await api.seedOwner({ email, credits: 40, profile: { first_name: 'Marc', last_name: 'Hubert', phone_number: '06 44 55 66 78' } });
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();

  // The page's timers run on a clock the test moves (no waiting 30 s); the balance is read from the real API.
  let checks = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/organizations/me') && response.request().method() === 'GET') checks += 1;
  });
  await page.clock.install();
  const opened = Date.now();
  await page.goto('/credits/success?expected_credit_count=340');
  await expect(page.getByRole('heading', { level: 2, name: 'Confirmation de votre paiement' })).toBeVisible();
  // From here time moves only when the test says (the first check is due 2 s after the page opened).
  // The page's clock runs until paused: a target read a moment ago may already be past on a
  // loaded machine ('Cannot fast-forward to the past'); read it again and retry.
  for (let tries = 1; ; tries += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      break;
    } catch (error) {
      if (tries === 5 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
  const before = checks;
  // The page's seconds also count the real time it ran before the pause (long on a loaded machine).
  const beforePause = Math.ceil((Date.now() - opened) / 1000);

  await test.step('a check every 2 s; after 5 s, the seconds spent', async () => {
    for (let check = 1; check <= 3; check += 1) {
      await page.clock.runFor(2000);
      await expect.poll(() => checks - before).toBe(check);
    }
    await page.clock.runFor(1000);
    const elapsed = page.getByText(/^Vérification en cours depuis \d+ s…$/);
    await expect(elapsed).toBeVisible();
    const seconds = Number((await elapsed.textContent())!.match(/\d+/)![0]);
    expect(seconds).toBeGreaterThanOrEqual(7);
    expect(seconds).toBeLessThanOrEqual(7 + beforePause);
    // (axe needs the page's timers: it runs once the clock is let go, below.)
    await screenshot(page, 'credits-waiting');
  });

  await test.step('after the 15th check or 30 s, the timeout: current balance, support mail, way back', async () => {
    // 30 s of the page's time: the seconds it ran before the pause count, so on a loaded machine
    // the page may give up a check or two before the 15th.
    const timedOut = page.getByRole('heading', { level: 2, name: 'Le paiement prend plus de temps que prévu' });
    for (let check = 4; check <= 15; check += 1) {
      await page.clock.runFor(2000);
      await expect.poll(async () => checks - before === check || (await timedOut.isVisible())).toBe(true);
      if (await timedOut.isVisible()) break;
    }
    await expect(timedOut).toBeVisible();
    const done = checks - before;
    expect(done).toBeGreaterThanOrEqual(15 - beforePause);
    expect(done).toBeLessThanOrEqual(15);
    await expect(page.getByText(/^Solde actuel\s:\s40\scrédits\.$/)).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'Retour à mes annonces' })).toHaveAttribute('href', '/dashboard');
    await page.clock.runFor(10_000);
    expect(checks - before).toBe(done);
    await page.clock.resume();
    await expectNoAxeViolations(page);
    await screenshot(page, 'credits-timeout');
  });
});
