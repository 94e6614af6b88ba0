// The sign-in's short path (issue 23): an existing account's code check writes a code, a new
// session family and its refresh token, none of which a read cache can hold, so its answer does
// not wait for the change feed's settle; a registration's first sign-in (which makes the account)
// still does. With the read caches on, as in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, signIn, skipCodeCooldown, startApiForTest, uniqueEmail, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;

beforeAll(async () => {
  api = await startApiForTest({ READ_CACHE: '1' });
});

afterAll(async () => {
  await api?.close();
});

describe('the code check and the change feed', () => {
  it("does not settle an existing account's sign-in, and still settles the one that makes the account", async () => {
    const feed = api.running.app.database.changes!();
    let settles = 0;
    const settle = feed.settle.bind(feed);
    feed.settle = async () => {
      settles += 1;
      await settle();
    };
    try {
      const email = uniqueEmail('sans-attente');
      // Two writes that settle: the registration's code request, and its check (the account is made).
      const registered = await registerOwner(api, email);
      expect(settles).toBe(2);
      await skipCodeCooldown(api, email);
      settles = 0;
      // A login: its code request settles, its code check does not.
      const again = await signIn(api, email);
      expect(again.user.id).toBe(registered.user.id);
      expect(settles).toBe(1);
      // The new session works at once, in this process and through the session check.
      expect((await api.request('GET', '/users/me', { token: again.accessToken })).status).toBe(200);
    } finally {
      feed.settle = settle;
    }
  });
});
