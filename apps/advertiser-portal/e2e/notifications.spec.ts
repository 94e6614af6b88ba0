import { completeListing, expect, expectNoAxeViolations, pdf, screenshot, signIn, test, uniqueEmail } from '@terres/e2e/test';

// Notifications people can live with (issue 21), as a user's acceptance plan: an owner chooses in
// 'Mon Compte' to get status changes at once (by default they wait for the daily summary), submits
// a listing, and finds the notice in the header's bell (the unread count, the notice as a link)
// and in their mailbox at once; following it marks it read.

test('an owner chooses status e-mails at once and finds the notice in the header', async ({ page, api, mail }) => {
  const email = uniqueEmail('notified');
  const owner = await api.seedOwner({ email, credits: 200, profile: { first_name: 'Inès', last_name: 'Keller', phone_number: '06 31 42 53 64' } });
  const projectName = `Parvis de la gare ${Date.now().toString(36)}`;

  await test.step('the owner opens Mon Compte, Notifications: the defaults are shown', async () => {
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Mon Compte' }).click();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/user\/account\/notifications$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Notifications par e-mail' })).toBeVisible();
    const status = page.getByRole('radiogroup', { name: 'Statut de vos annonces' });
    await expect(status.getByRole('radio', { name: 'Résumé quotidien' })).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: 'Transferts et chargements' }).getByRole('radio', { name: 'Immédiatement' })).toBeChecked();
    await expectNoAxeViolations(page);
    await screenshot(page, 'notifications-preferences');
  });

  await test.step('they choose « Immédiatement » for status changes and save', async () => {
    await page.getByRole('radiogroup', { name: 'Statut de vos annonces' }).getByRole('radio', { name: 'Immédiatement' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Vos préférences de notification sont enregistrées.', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Statut de vos annonces' }).getByRole('radio', { name: 'Immédiatement' })).toBeChecked();
  });

  const since = Date.now();
  const listing = await test.step('a listing of theirs is submitted', async () => {
    const created = await api.call<{ id: string }>(owner.session, 'POST', '/inquiries', { type: 'CUT', project_name: projectName, status: 'DRAFT' });
    await api.call(owner.session, 'PUT', `/inquiries/${created.id}`, { project_name: projectName, ...completeListing(2, { type: 'CUT' }) });
    await api.upload(owner.session, created.id, 'PERMISSION', 'permis.pdf', pdf('permis'));
    await api.call(owner.session, 'PUT', `/inquiries/${created.id}`, { status: 'PENDING_VALIDATION' });
    return created;
  });
  const title = `Annonce de déblais « ${projectName} » : En attente de validation`;

  await test.step('the e-mail leaves at once, as chosen', async () => {
    const received = await mail.waitForMail({ to: email, subject: projectName, since });
    expect(received.subject).toBe(title);
  });

  await test.step('the bell says one unread; opened, it lists the notice as a link', async () => {
    // The header reads the list again when the tab comes back; here, on opening the bell.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const menu = page.getByRole('menu');
    const notice = menu.getByRole('menuitem', { name: new RegExp(projectName) });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications, 1 non lue(s)' })).toBeVisible();
    await expect(notice).toContainText(`Non lue : ${title}`);
    await expect(notice).toContainText('Statut de vos annonces');
    await expect(notice).toHaveAttribute('href', `/user/inquiry/details/${listing.id}/overview`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'notifications-bell');
  });

  await test.step('following it opens the listing and marks it read', async () => {
    await page.getByRole('menu').getByRole('menuitem', { name: new RegExp(projectName) }).click();
    await expect(page).toHaveURL(new RegExp(`/user/inquiry/details/${listing.id}/overview$`));
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(projectName) })).not.toContainText('Non lue');
    await expect(page.getByRole('menuitem', { name: 'Tout marquer comme lu' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
