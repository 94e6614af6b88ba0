// Notifications over real HTTP (issue 21): every notice recorded per recipient and listed in the
// header with its unread count; e-mailed at once or queued for the daily summary as each user's
// preference for its kind says (a refusal at once whatever it says); the summary job sends one
// e-mail per user per day through the loopback SMTP server; nobody sees or marks another's.
import { digestInstant, todayInParis } from '@terres/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { sendDueNotificationDigests } from '../../services/notifications.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, chooseNotificationModes, createCompleteDraft, createEmployee, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

interface Page {
  items: Array<{ id: string; kind: string; title: string; link: string; createdAt: string; readAt: string | null }>;
  total: number;
  unreadCount: number;
  page: number;
  pageSize: number;
}

async function listOf(token: string, query = ''): Promise<Page> {
  const res = await api.request('GET', `/notifications${query}`, { token });
  expect(res.status).toBe(200);
  expectResponseMatches('GET', '/notifications', 200, res.body);
  return res.body as Page;
}

async function submitted(owner: OwnerFixture, projectName: string): Promise<string> {
  const id = await createCompleteDraft(api, owner.token, { project_name: projectName });
  const res = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { status: 'PENDING_VALIDATION' } });
  expect(res.status).toBe(200);
  return id;
}

/** A minute after the next day's summary hour: what is queued now is due then. */
function tomorrowsSummary(): Date {
  const tomorrow = todayInParis(new Date(Date.now() + 24 * 3_600_000));
  return new Date(digestInstant(tomorrow).getTime() + 60_000);
}

describe('notification preferences', () => {
  it('answers every kind with its default, stores a choice, and changes nobody else’s', async () => {
    const owner = await createOwner(api);
    const other = await createOwner(api);
    const initial = await api.request('GET', '/notifications/preferences', { token: owner.token });
    expect(initial.status).toBe(200);
    expectResponseMatches('GET', '/notifications/preferences', 200, initial.body);
    expect(initial.body.preferences).toEqual([
      { kind: 'STATUS', mode: 'DIGEST' },
      { kind: 'MATCH', mode: 'DIGEST' },
      { kind: 'DOCUMENT', mode: 'IMMEDIATE' },
      { kind: 'TRANSFER', mode: 'IMMEDIATE' },
    ]);

    const changed = await api.request('PUT', '/notifications/preferences', {
      token: owner.token,
      body: { preferences: [{ kind: 'STATUS', mode: 'IMMEDIATE' }, { kind: 'TRANSFER', mode: 'DIGEST' }] },
    });
    expect(changed.status).toBe(200);
    expectResponseMatches('PUT', '/notifications/preferences', 200, changed.body);
    expect(changed.body.preferences).toEqual([
      { kind: 'STATUS', mode: 'IMMEDIATE' },
      { kind: 'MATCH', mode: 'DIGEST' },
      { kind: 'DOCUMENT', mode: 'IMMEDIATE' },
      { kind: 'TRANSFER', mode: 'DIGEST' },
    ]);
    expect((await api.request('GET', '/notifications/preferences', { token: owner.token })).body).toEqual(changed.body);
    // Another user's preferences are their own.
    expect((await api.request('GET', '/notifications/preferences', { token: other.token })).body).toEqual(initial.body);
  });

  it('refuses an unknown kind or mode, and a kind named twice (422, in French)', async () => {
    const owner = await createOwner(api);
    for (const [preferences, detail] of [
      [[{ kind: 'STATUS', mode: 'WEEKLY' }], 'Choisissez « Immédiatement » ou « Résumé quotidien ».'],
      [[{ kind: 'NEWS', mode: 'DIGEST' }], 'Sorte de notification inconnue.'],
      [[{ kind: 'MATCH', mode: 'DIGEST' }, { kind: 'MATCH', mode: 'IMMEDIATE' }], 'Chaque sorte de notification ne peut figurer qu’une fois.'],
    ] as const) {
      const res = await api.request('PUT', '/notifications/preferences', { token: owner.token, body: { preferences } });
      expect(res.status).toBe(422);
      expectResponseMatches('PUT', '/notifications/preferences', 422, res.body);
      expect(res.body.detail).toBe(detail);
    }
    expect((await api.request('GET', '/notifications/preferences')).status).toBe(401);
  });
});

describe('a notice goes through one place', () => {
  it('is listed for every member, e-mailed at once to who asked for it and queued for the others', async () => {
    const owner = await createOwner(api, { credits: 200 });
    const employee = await createEmployee(api, owner);
    await chooseNotificationModes(api, owner.token, { STATUS: 'IMMEDIATE' });
    const id = await submitted(owner, 'Parking des Tilleuls');

    const mail = await api.smtp.waitForMessage(owner.email, (m) => m.subject.includes('Parking des Tilleuls'));
    expect(mail.subject).toBe('Annonce de déblais « Parking des Tilleuls » : En attente de validation');

    for (const token of [owner.token, employee.token]) {
      const page = await listOf(token);
      expect(page.unreadCount).toBe(1);
      expect(page.items).toEqual([
        expect.objectContaining({
          kind: 'STATUS',
          title: 'Annonce de déblais « Parking des Tilleuls » : En attente de validation',
          link: `/user/inquiry/details/${id}/overview`,
          readAt: null,
        }),
      ]);
    }
    // The employee kept the default (status changes in the summary): nothing mailed yet.
    expect(api.smtp.messagesTo(employee.email).filter((m) => m.subject.includes('Parking des Tilleuls'))).toEqual([]);
    const rows = await api.database.db.select().from(notifications).where(eq(notifications.userId, employee.session.user.id));
    expect(rows.map((row) => [row.delivery, row.emailedAt])).toEqual([['DIGEST', null]]);
  });

  it('e-mails a refusal at once even to a user who chose the summary for status changes', async () => {
    const owner = await createOwner(api, { credits: 200 });
    await chooseNotificationModes(api, owner.token, { STATUS: 'DIGEST' });
    const id = await submitted(owner, 'Quai des Brasseurs');
    const refused = await api.request('PUT', `/inquiries/${id}/status`, {
      token: admin,
      body: { status: 'REJECTED', reason: 'Le plan de situation ne correspond pas au site déclaré.' },
    });
    expect(refused.status).toBe(200);
    const mail = await api.smtp.waitForMessage(owner.email, (m) => m.subject.includes('Quai des Brasseurs'));
    expect(mail.subject).toBe('Annonce de déblais « Quai des Brasseurs » : Refusée');
    expect(mail.text).toContain('Le plan de situation ne correspond pas au site déclaré.');
    // Its submission waits for the summary: only the refusal left.
    expect(api.smtp.messagesTo(owner.email).filter((m) => m.subject.includes('Quai des Brasseurs'))).toHaveLength(1);
    expect((await listOf(owner.token)).items.map((item) => item.title)).toEqual([
      'Annonce de déblais « Quai des Brasseurs » : Refusée',
      'Annonce de déblais « Quai des Brasseurs » : En attente de validation',
    ]);
  });
});

describe('reading notifications', () => {
  it('pages the newest first, marks one then all read, and counts what is unread', async () => {
    const owner = await createOwner(api, { credits: 400 });
    for (const name of ['Rue Haute', 'Rue Basse', 'Rue Neuve']) await submitted(owner, name);
    const first = await listOf(owner.token, '?page=1&page_size=2');
    expect(first).toMatchObject({ total: 3, unreadCount: 3, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.title)).toEqual([
      'Annonce de déblais « Rue Neuve » : En attente de validation',
      'Annonce de déblais « Rue Basse » : En attente de validation',
    ]);
    expect((await listOf(owner.token, '?page=2&page_size=2')).items.map((item) => item.title)).toEqual([
      'Annonce de déblais « Rue Haute » : En attente de validation',
    ]);

    const read = await api.request('POST', `/notifications/${first.items[0]!.id}/read`, { token: owner.token });
    expect(read.status).toBe(204);
    const afterOne = await listOf(owner.token);
    expect(afterOne.unreadCount).toBe(2);
    const readAt = afterOne.items[0]!.readAt;
    expect(readAt).not.toBeNull();
    // Again: harmless, the first reading's time kept.
    expect((await api.request('POST', `/notifications/${first.items[0]!.id}/read`, { token: owner.token })).status).toBe(204);
    expect((await listOf(owner.token)).items[0]!.readAt).toBe(readAt);

    expect((await api.request('POST', '/notifications/read-all', { token: owner.token })).status).toBe(204);
    const afterAll = await listOf(owner.token);
    expect(afterAll.unreadCount).toBe(0);
    expect(afterAll.items.every((item) => item.readAt !== null)).toBe(true);
  });

  it('shows another user nothing, and nobody (an admin included) marks another’s notification', async () => {
    const owner = await createOwner(api, { credits: 200 });
    const stranger = await createOwner(api);
    await submitted(owner, 'Chemin des Vignes');
    const mine = await listOf(owner.token);
    const target = mine.items[0]!;

    const strangers = await listOf(stranger.token);
    expect(strangers.items.some((item) => item.id === target.id || item.title.includes('Chemin des Vignes'))).toBe(false);
    expect(strangers.total).toBe(0);
    const admins = await listOf(admin);
    expect(admins.items.some((item) => item.id === target.id)).toBe(false);

    for (const token of [stranger.token, admin]) {
      const res = await api.request('POST', `/notifications/${target.id}/read`, { token });
      expect(res.status).toBe(404);
      expectResponseMatches('POST', '/notifications/{id}/read', 404, res.body);
      expect(res.body.detail).toBe('Notification introuvable.');
      expect((await api.request('POST', '/notifications/read-all', { token })).status).toBe(204);
    }
    expect((await api.request('POST', '/notifications/not-a-uuid/read', { token: owner.token })).status).toBe(404);
    expect((await listOf(owner.token)).items[0]).toEqual(target);
    expect((await api.request('GET', '/notifications')).status).toBe(401);
  });
});

describe('the daily summary', () => {
  it('sends each user one e-mail a day with what was queued, through SMTP, and never twice', async () => {
    const owner = await createOwner(api, { credits: 400 });
    const employee = await createEmployee(api, owner);
    await chooseNotificationModes(api, owner.token, { STATUS: 'IMMEDIATE' });
    await submitted(owner, 'Îlot Vauban');
    await submitted(owner, 'Place du Marché');

    // Not yet: today's summary hour is behind us, these were queued after it (or it is before 7 h
    // and yesterday's summary took what was queued before yesterday's 7 h).
    const now = new Date();
    await sendDueNotificationDigests(api.running.app, now);
    expect(api.smtp.messagesTo(employee.email).filter((m) => m.subject.startsWith('Votre résumé quotidien'))).toEqual([]);

    const due = tomorrowsSummary();
    expect(await sendDueNotificationDigests(api.running.app, due)).toBeGreaterThanOrEqual(1);
    const summary = await api.smtp.waitForMessage(employee.email, (m) => m.subject.startsWith('Votre résumé quotidien'));
    expect(summary.subject).toBe('Votre résumé quotidien : 2 notification(s)');
    expect(summary.text).toContain('Statut de vos annonces — Annonce de déblais « Îlot Vauban » : En attente de validation');
    expect(summary.text).toContain('Statut de vos annonces — Annonce de déblais « Place du Marché » : En attente de validation');
    expect(summary.text).toMatch(/\/user\/inquiry\/details\/[0-9a-f-]{36}\/overview/);
    expect(summary.html).toContain('<a href="http');
    // The owner asked for each at once: no summary for them.
    expect(api.smtp.messagesTo(owner.email).filter((m) => m.subject.startsWith('Votre résumé quotidien'))).toEqual([]);

    // The same day again, or a second process: nothing more.
    await submitted(owner, 'Cour des Tanneurs');
    expect(await sendDueNotificationDigests(api.running.app, new Date(due.getTime() + 3_600_000))).toBe(0);
    expect(api.smtp.messagesTo(employee.email).filter((m) => m.subject.startsWith('Votre résumé quotidien'))).toHaveLength(1);
    const rows = await api.database.db.select().from(notifications).where(eq(notifications.userId, employee.session.user.id));
    expect(rows.filter((row) => row.emailedAt === null).map((row) => row.title)).toEqual([
      'Annonce de déblais « Cour des Tanneurs » : En attente de validation',
    ]);
  });

  it('sends one summary when two passes run at once', async () => {
    const owner = await createOwner(api, { credits: 200 });
    await submitted(owner, 'Jardin des Plantes');
    const due = new Date(tomorrowsSummary().getTime() + 2 * 24 * 3_600_000);
    const [a, b] = await Promise.all([sendDueNotificationDigests(api.running.app, due), sendDueNotificationDigests(api.running.app, due)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await api.smtp.waitForMessage(owner.email, (m) => m.subject.startsWith('Votre résumé quotidien'));
    expect(api.smtp.messagesTo(owner.email).filter((m) => m.subject.startsWith('Votre résumé quotidien'))).toHaveLength(1);
  });
});
