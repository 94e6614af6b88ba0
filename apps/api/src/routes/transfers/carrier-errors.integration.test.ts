// A carrier refused over HTTP (issue 18): the domain's `carrierSchema` reports a field's own rule
// and the rules between fields in one pass, so one 422 names every field a form must fix (the
// missing name and the SIRET a French carrier needs together), in the fields' wire names, and
// nothing is stored.
import { transferMessages as m } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;
let owner: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  owner = await createOwner(api, { name: 'Transports refusés du Léon' });
});

afterAll(async () => {
  await api?.close();
});

describe('a carrier refused with a 422', () => {
  it('names the fields refused by their own rule and by the rules between fields, in one answer, and stores nothing', async () => {
    const path = `/organizations/${owner.organizationId}/carriers`;
    const res = await api.request('POST', path, {
      token: owner.token,
      body: { name: '', street: '2 quai de l’Odet', postcode: '29000', city: 'Quimper', receipt_department: '99' },
    });
    expect(res.status).toBe(422);
    expectResponseMatches('POST', '/organizations/{id}/carriers', res.status, res.body, res.headers.get('content-type')?.split(';')[0]);
    expect(res.body.errors).toEqual({
      name: m.carrierNameRequired,
      siret: m.carrierSiretRequired,
      receipt_department: expect.any(String),
      receipt_number: m.carrierReceiptNumberRequired,
      receipt_valid_until: m.carrierReceiptValidUntilInvalid,
    });

    const byAdmin = await api.request('POST', path, {
      token: admin,
      body: { country_code: 'BE', identifier: '', name: 'Transports Liégeois', street: '', postcode: '4000', city: 'Liège', exemption: 'OWN_WASTE' },
    });
    expect(byAdmin.status).toBe(422);
    expect(byAdmin.body.errors).toEqual({ identifier: m.carrierIdentifierRequired, street: m.carrierStreetRequired, exemption: m.carrierExemptionForeign });

    const list = await api.request('GET', path, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });
});
