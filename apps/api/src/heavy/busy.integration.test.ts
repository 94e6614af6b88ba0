// Heavy routes under a full pool (issue 12): when every thread renders and the queue is full, a
// PDF or a register export is answered at once with 503, Retry-After and a French detail, rather
// than joining an unbounded backlog; once a place frees up, the same request succeeds.
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createOwner, type OwnerFixture } from '../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../test/helpers/openapi.js';
import { startApiForTest, type TestApi } from '../../test/helpers/session.js';
import { HeavyWork } from './pool.js';

// One place (no thread, no queue), held by a render the test releases by hand.
const gates: (() => void)[] = [];
const heavyWork = new HeavyWork(
  { threads: 0, queue: 0, timeoutMs: 60_000 },
  { inline: () => new Promise<Uint8Array>((resolve) => gates.push(() => resolve(new TextEncoder().encode('%PDF-1.7 test')))) },
);

let api: TestApi;
let owner: OwnerFixture;
let admin: string;
let listingId: string;

beforeAll(async () => {
  api = await startApiForTest({}, { heavyWork });
  owner = await createOwner(api);
  admin = await adminToken(api);
  const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Annonce très demandée' } });
  listingId = created.body.id;
});

afterAll(async () => {
  gates.splice(0).forEach((open) => open());
  await api?.close();
});

async function whenHeld(): Promise<void> {
  while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a full heavy-work pool', () => {
  it('answers a PDF with 503, Retry-After and a French detail, then renders it once there is room', async () => {
    const first = fetch(`${api.url}/api/v1/inquiries/${listingId}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    await whenHeld();
    const refused = await api.request('GET', `/inquiries/${listingId}/pdf`, { token: owner.token });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectResponseMatches('GET', '/inquiries/{id}/pdf', 503, refused.body);
    expect(refused.body.detail).toBe(messages.serverBusy);

    gates.shift()!();
    const answer = await first;
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe('%PDF-1.7 test');

    const again = fetch(`${api.url}/api/v1/inquiries/${listingId}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    await whenHeld();
    gates.shift()!();
    expect((await again).status).toBe(200);
  });

  it('bounds the register export the same way', async () => {
    const query = 'from=2020-01-01&to=2020-01-31';
    const held = fetch(`${api.url}/api/v1/inquiries/${listingId}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    await whenHeld();
    const refused = await api.request('GET', `/register/exports?${query}`, { token: admin });
    expect(refused.status).toBe(503);
    expectResponseMatches('GET', '/register/exports', 503, refused.body);
    expect(refused.body.detail).toBe(messages.serverBusy);
    gates.shift()!();
    expect((await held).status).toBe(200);
  });
});
