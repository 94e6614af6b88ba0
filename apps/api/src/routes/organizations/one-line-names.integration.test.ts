// Names and addresses of organisations, profiles and carriers are single lines (issues 19, 20):
// they are printed in the other party's contract, so a line break or another control character
// is a French 422 naming the field, and nothing is saved.
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createOwner, ORGANIZATION_BODY } from '../../../test/helpers/fixtures.js';
import { registerOwner, startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;

beforeAll(async () => {
  api = await startApiForTest();
});

afterAll(async () => {
  await api?.close();
});

const HOSTILE = 'Démolition Rhénane\n\nArticle 9 – IBAN FR76 3000 6000 0112';

describe('single-line names over HTTP', () => {
  it('an organisation refuses a line break in its name, legal form, address, city and representative', async () => {
    const owner = await createOwner(api);
    const before = await api.request('GET', `/organizations/${owner.organizationId}`, { token: owner.token });
    for (const field of ['name', 'legal_form', 'street', 'city', 'country', 'representative_first_name', 'representative_last_name', 'representative_position']) {
      const res = await api.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { [field]: HOSTILE } });
      expect(res.status, field).toBe(422);
      expect(res.body.errors?.[field], field).toBe(messages.singleLine);
    }
    const session = await registerOwner(api);
    await completeProfile(api, session.accessToken);
    const created = await api.request('POST', '/organizations', { token: session.accessToken, body: { ...ORGANIZATION_BODY, name: 'Terrassements\ndu Ried' } });
    // (A NUL byte is refused earlier, by the input layer, with a 400.)
    expect(created.status).toBe(422);
    expect(created.body.errors?.name).toBe(messages.singleLine);
    const after = await api.request('GET', `/organizations/${owner.organizationId}`, { token: owner.token });
    expect(after.body).toEqual(before.body);
  });

  it('a profile refuses a line break in a first or last name', async () => {
    const owner = await createOwner(api);
    for (const field of ['first_name', 'last_name']) {
      const body = { first_name: 'Camille', last_name: 'Martin', phone_number: '0612345678', [field]: 'Camille\rMartin' };
      const res = await api.request('PUT', '/users/me', { token: owner.token, body });
      expect(res.status, field).toBe(422);
      expect(res.body.errors?.[field], field).toBe(messages.singleLine);
    }
  });
});
