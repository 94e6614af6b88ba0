// A fair heavy-work queue (issue 20): one account firing 20 PDFs of its own listing at once used
// to take every place, and another account's PDF got 503. Now the flooder holds at most its
// HEAVY_PER_ACCOUNT places and gets 429 + Retry-After beyond, while another account's PDF waits
// its turn (at most one render of each account ahead) and answers 200, over HTTP.
import { messages } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type OwnerFixture } from '../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../test/helpers/openapi.js';
import { startApiForTest, type TestApi } from '../../test/helpers/session.js';
import { HeavyWork } from './pool.js';
import type { HeavyTask } from './tasks.js';

// One thread's worth of renders that the test releases by hand, each naming its listing.
const renders: { listingId: string; release: () => void }[] = [];
const heavyWork = new HeavyWork(
  { threads: 0, queue: 16, timeoutMs: 60_000, perAccount: 2 },
  {
    inline: (task: HeavyTask) =>
      new Promise<Uint8Array>((resolve) => {
        const listingId = task.kind === 'inquiry-pdf' ? task.row.id : '';
        renders.push({ listingId, release: () => resolve(new TextEncoder().encode(`%PDF-1.7 ${listingId}`)) });
      }),
  },
);

let api: TestApi;
let flooder: OwnerFixture;
let other: OwnerFixture;
let floodedListing: string;
let otherListing: string;

beforeAll(async () => {
  api = await startApiForTest({}, { heavyWork });
  [flooder, other] = await Promise.all([createOwner(api, { name: 'Inondations SARL' }), createOwner(api, { name: 'Patients et Fils' })]);
  floodedListing = (await api.request('POST', '/inquiries', { token: flooder.token, body: { type: 'CUT', project_name: 'Annonce du flot' } })).body.id;
  otherListing = (await api.request('POST', '/inquiries', { token: other.token, body: { type: 'FILL', project_name: 'Annonce voisine' } })).body.id;
});

afterAll(async () => {
  renders.splice(0).forEach((render) => render.release());
  await api?.close();
});

const pdf = (token: string, listingId: string) =>
  fetch(`${api.url}/api/v1/inquiries/${listingId}/pdf`, { headers: { authorization: `Bearer ${token}` } });

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('one account flooding the PDFs', () => {
  it('gets 429 with Retry-After beyond its places, while another account still gets its PDF (200)', async () => {
    // 20 parallel requests of the flooder: 2 places (one rendering, one waiting), 18 refusals.
    const arrived: number[] = [];
    const flood = Array.from({ length: 20 }, () =>
      pdf(flooder.token, floodedListing).then((answer) => {
        arrived.push(answer.status);
        return answer;
      }),
    );
    // Every refusal is in (on a busy machine the last requests take a while to reach the server);
    // the two accepted stay held by the render the test has not released.
    await until(() => renders.length === 1 && arrived.length >= 18);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(arrived).toHaveLength(18);

    // The other account asks while the flood holds the thread: it waits, it is not refused.
    const otherAnswer = pdf(other.token, otherListing);
    const early = await Promise.race([otherAnswer.then((r) => r.status), new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 300))]);
    expect(early).toBe('waiting');

    // Renders run in turn: the flooder's current one, at most its one waiting, then the other's.
    const order: string[] = [];
    while (!order.includes(otherListing)) {
      await until(() => renders.length > 0);
      const render = renders.shift()!;
      order.push(render.listingId);
      render.release();
    }
    expect(order.filter((id) => id === floodedListing).length).toBeLessThanOrEqual(2);
    const answer = await otherAnswer;
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe(`%PDF-1.7 ${otherListing}`);

    // Let the flood's accepted renders finish.
    while (renders.length > 0 || heavyWork.pending > 0) {
      await until(() => renders.length > 0 || heavyWork.pending === 0);
      renders.shift()?.release();
    }
    const answers = await Promise.all(flood);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18);
    expect(statuses.filter((s) => s === 503)).toHaveLength(0);

    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { detail: string; type: string };
    expectResponseMatches('GET', '/inquiries/{id}/pdf', 429, body);
    expect(body.detail).toBe(messages.heavyWorkPerAccount);
    expect(body.type).toBe('urn:bourse-terres:problem:rate-limited');
  });

  it('gives the flooder its places back once its renders are done', async () => {
    const again = pdf(flooder.token, floodedListing);
    await until(() => renders.length === 1);
    renders.shift()!.release();
    expect((await again).status).toBe(200);
    expect(heavyWork.heldBy(flooder.session.user.id)).toBe(0);
  });
});
