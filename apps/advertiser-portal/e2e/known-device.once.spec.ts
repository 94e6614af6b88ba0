import { expect, registerOwner, signIn, test, uniqueEmail } from '@terres/e2e/test';

// Acceptance plan (issue 12, device cookies): a stranger who knows an owner's address voids its
// code and holds its cooldown; the owner, in the browser that signed in before, still signs in,
// because that browser sends its device cookie (HttpOnly, set by the API at sign-in) with the
// sign-in calls. A browser that never signed in is held like the stranger.

const WAIT = 'Veuillez patienter avant de demander un nouveau code.';

test('a known browser signs in while a stranger locks the address out', async ({ page, browser, stack, mail }) => {
  const email = uniqueEmail('known-device');

  await test.step('the owner registers: the API leaves a device cookie in this browser', async () => {
    await registerOwner(page, email);
    const cookies = await page.context().cookies(`${stack.apiUrl}/auth/magic-link/verify`);
    const device = cookies.find((cookie) => cookie.name === 'terres_device');
    expect(device, 'the sign-in answer set the device cookie').toBeDefined();
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    // Signed out by hand (what the tabs share, and the session's refresh cookie); the device
    // cookie stays, no script can read it.
    await page.evaluate(() => window.localStorage.clear());
    await page.context().clearCookies({ name: 'terres_refresh' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('terres_device');
  });

  await test.step('a stranger asks for a code and voids it with five wrong guesses', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const since = Date.now();
    expect((await post('/auth/login/magic-link/request', { email })).status).toBe(202);
    const code = await mail.lastCode(email, { since });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const details: string[] = [];
    for (let i = 0; i < 5; i += 1) details.push(((await (await post('/auth/magic-link/verify', { email, otp: wrong })).json()) as { detail: string }).detail);
    expect(details.at(-1)).toBe('Trop de tentatives. Ce code est annulé : demandez un nouveau code.');
    expect((await post('/auth/login/magic-link/request', { email })).status).toBe(429);
  });

  await test.step('a browser that never signed in is held too', async () => {
    const fresh = await browser.newContext({ baseURL: stack.apps['advertiser-portal'].url });
    try {
      const other = await fresh.newPage();
      await other.goto('/login');
      await other.getByRole('textbox', { name: 'Votre email', exact: true }).fill(email);
      await other.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(other.getByText(WAIT)).toBeVisible();
    } finally {
      await fresh.close();
    }
  });

  await test.step('the known browser signs in at once, on its own budget', async () => {
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByText(WAIT)).toHaveCount(0);
  });
});
