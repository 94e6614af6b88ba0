import { completeListing, day, expect, expectNoAxeViolations, pdf, screenshot, signIn, test, uniqueEmail, uniqueWord, type E2eApi, type Session } from '@terres/e2e/test';

// Issue 21, the admins' own notifications: validating a listing that has compatible sites tells
// the admins at once (they have matches to propose); the console's header bell lists it with the
// unread count, and following it opens the listing's management page and marks it read.

async function seedValidated(api: E2eApi, owner: Session, projectName: string, type: 'CUT' | 'FILL', siteIndex: number, fields: Record<string, unknown>) {
  const listing = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type, project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { ...completeListing(siteIndex, { type, quantity: 2 }), start_date: day(20), end_date: day(140), ...fields });
  await api.upload(owner, listing.id, 'PERMISSION', 'arrete-permis-amenager.pdf', pdf('permis'));
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  await api.call(await api.admin(), 'PUT', `/inquiries/${listing.id}/status`, { status: 'APPROVED' });
  return listing;
}

test('an admin finds the best matches of a validated listing in the header’s bell', async ({ page, api, stack }) => {
  const word = uniqueWord('n');
  const { session: producer } = await api.seedOwner({ email: uniqueEmail('producteur'), credits: 500, organization: { name: `Terrassements ${word}` } });
  const { session: receiver } = await api.seedOwner({ email: uniqueEmail('receveur'), credits: 500, organization: { name: `Aménagements ${word}` } });
  await seedValidated(api, producer, `Déblais du quai ${word}`, 'CUT', 0, {
    materials: [{ material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 1000, price: 8, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' }],
  });
  const fillName = `Remblai du square ${word}`;
  const fill = await seedValidated(api, receiver, fillName, 'FILL', 1, {
    materials: [{ material_name: 'Terre Végétale', ground_composition: 'Nature inconnue', quantity: 600, price: 2 }],
    receiving_use: 'UNDER_BUILDING',
    accepted_quality_classes: ['INERT_NATURAL_BACKGROUND'],
    accepted_waste_codes: ['17 05 04'],
  });
  await signIn(page, stack.adminEmails[0]!);

  await test.step('the bell counts it; opened, it lists it as a link to the listing’s management', async () => {
    await page.getByRole('button', { name: /^Notifications, \d+ non lue\(s\)$/ }).click();
    const notice = page.getByRole('menu').getByRole('menuitem', { name: new RegExp(fillName) });
    await expect(notice).toContainText('Non lue');
    await expect(notice).toContainText('Sites compatibles');
    await expect(notice).toHaveAttribute('href', `/admin/inquiry/details/${fill.id}/management`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'notifications-bell');
  });

  await test.step('following it opens the management page and marks it read', async () => {
    await page.getByRole('menu').getByRole('menuitem', { name: new RegExp(fillName) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/inquiry/details/${fill.id}/management$`));
    await expect(page.getByRole('region', { name: 'Sites compatibles' })).toBeVisible();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(fillName) })).not.toContainText('Non lue');
    await page.keyboard.press('Escape');
  });
});
