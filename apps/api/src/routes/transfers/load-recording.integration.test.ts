// Recording loads under concurrency (issue 18, "Performance"; migration 0023, docs/transfers.md):
// parallel records never over-count the remaining volume; the transfer's running balance (kept by
// the trigger `loads_balance`) equals the sum of its loads after parallel records, corrections,
// receptions, refusals and cancellations; load numbers from the year's sequence are unique and
// written as the domain's `formatLoadNumber`; a load's writes answer without the change feed's
// settle and announce no row the read caches keep. The sites are in Aveyron, where no other test
// file puts any.
import { formatLoadNumber, parseLoadNumber, PROBLEM_TYPES } from '@terres/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createEmployee, createOwner, dayFromToday, VALID_SIRETS, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { validatedListing } from '../../../test/helpers/matching.js';
import { startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let producerEmployee: string;
let receiver: OwnerFixture;
let listingIds: string[];
let transferId: string;
let carrierId: string;

const RODEZ = { latitude: 44.3506, longitude: 2.5750 };
const MARCILLAC = { latitude: 44.4753, longitude: 2.4631 };

const departure = (overrides: Record<string, unknown> = {}) => ({
  departed_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  carrier_id: carrierId,
  vehicle_plate: 'fg 456 hj',
  waste_code: '17 05 04',
  volume_m3: 10,
  ...overrides,
});

const received = (outcome: 'ACCEPTED' | 'REFUSED', overrides: Record<string, unknown> = {}) => ({
  received_at: new Date().toISOString(),
  outcome,
  ...(outcome === 'REFUSED' ? { refusal_reason: 'Terre non conforme au cahier des charges' } : {}),
  ...overrides,
});

async function record(body: Record<string, unknown>, key?: string): Promise<ApiResponse> {
  const res = await api.request('POST', `/transfers/${transferId}/loads`, { token: producerEmployee, body, headers: key ? { 'idempotency-key': key } : {} });
  expectResponseMatches('POST', '/transfers/{id}/loads', res.status, res.body, res.headers.get('content-type')?.split(';')[0]);
  return res;
}

/** The transfer's running balance next to the sums over its loads (same rules), exact (numeric). */
async function ledger() {
  const result = await api.database.db.execute<{ received: string; in_transit: string; sum_received: string; sum_in_transit: string; loads: number }>(sql`
    select t.received_volume_m3::text as received, t.in_transit_volume_m3::text as in_transit,
      coalesce(sum(case when l.received_volume_m3 > 0 then l.received_volume_m3 else l.volume_m3 end::numeric) filter (where l.status = 'ACCEPTED'), 0)::text as sum_received,
      coalesce(sum(l.volume_m3::numeric) filter (where l.status = 'IN_TRANSIT'), 0)::text as sum_in_transit,
      count(l.id)::int as loads
    from transfers t left join loads l on l.transfer_id = t.id
    where t.id = ${transferId}
    group by t.id`);
  const row = result.rows[0]!;
  return { received: Number(row.received), inTransit: Number(row.in_transit), sumReceived: Number(row.sum_received), sumInTransit: Number(row.sum_in_transit), loads: row.loads };
}

async function expectBalanceEqualsLoads(): Promise<{ received: number; inTransit: number }> {
  const figures = await ledger();
  expect(figures.received).toBe(figures.sumReceived);
  expect(figures.inTransit).toBe(figures.sumInTransit);
  // What both parties read (computed from every load by the domain's transferBalance) agrees.
  const answer = await api.request('GET', `/transfers/${transferId}`, { token: admin });
  expect(answer.body.balance.receivedVolumeM3).toBeCloseTo(figures.received, 6);
  expect(answer.body.balance.inTransitVolumeM3).toBeCloseTo(figures.inTransit, 6);
  return { received: figures.received, inTransit: figures.inTransit };
}

beforeAll(async () => {
  // The read caches on, as in production: the change feed listens and writes settle.
  api = await startApiForTest({ READ_CACHE: '1' });
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements du Rouergue', credits: 500 });
  receiver = await createOwner(api, { name: 'Remblais du Vallon', credits: 500 });
  producerEmployee = (await createEmployee(api, producer)).token;
  const cut = await validatedListing(api, producer, { type: 'CUT', name: 'Déblais de Rodez', ...RODEZ, quantity: 1000 });
  const fill = await validatedListing(api, receiver, { type: 'FILL', name: 'Remblai de Marcillac', ...MARCILLAC, quantity: 100 });
  listingIds = [cut, fill];
  const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
  expect(proposed.status).toBe(201);
  const accepted = await api.request('PUT', `/matches/${proposed.body.id}/status`, { token: admin, body: { status: 'ACCEPTED' } });
  expect(accepted.status).toBe(200);
  transferId = accepted.body.transferId;
  const carrier = await api.request('POST', `/organizations/${producer.organizationId}/carriers`, {
    token: producer.token,
    body: {
      siret: VALID_SIRETS[2], name: 'Transports du Causse', street: '1 route de Millau', postcode: '12000', city: 'Rodez',
      receipt_number: '2025-12-0042', receipt_department: '12', receipt_valid_until: dayFromToday(365),
    },
  });
  expect(carrier.status).toBe(201);
  carrierId = carrier.body.id;
});

afterAll(async () => {
  await api?.close();
});

describe('recording loads in parallel', () => {
  it('never over-counts: of 20 parallel loads of 10 m³ on 100 m³, 10 are recorded and 10 asked to confirm', async () => {
    const expected = (await api.request('GET', `/transfers/${transferId}`, { token: admin })).body.expectedVolumeM3;
    expect(expected).toBe(100);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => record(departure(), `parallel-${i}`)));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(10);
    const asked = answers.filter((res) => res.status === 409);
    expect(asked).toHaveLength(10);
    for (const res of asked) {
      expect(res.body.type).toBe(PROBLEM_TYPES.overRemainingVolume);
      expect(res.body.remainingVolumeM3).toBe(0);
    }
    expect(await expectBalanceEqualsLoads()).toEqual({ received: 0, inTransit: 100 });
    // Unique numbers, each the domain's format of the year's sequence.
    const numbers = answers.filter((res) => res.status === 201).map((res) => res.body.number as string);
    expect(new Set(numbers).size).toBe(10);
    for (const number of numbers) {
      const parsed = parseLoadNumber(number);
      expect(parsed).not.toBeNull();
      expect(formatLoadNumber(parsed!.year, parsed!.sequence)).toBe(number);
    }
  });

  it('answers parallel retries of one Idempotency-Key with one load', async () => {
    const body = departure({ volume_m3: 4.2, confirm_over_remaining: true });
    const answers = await Promise.all(Array.from({ length: 6 }, () => record(body, 'retry-of-one')));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
    expect(answers[0]!.body.overRemaining).toBe(true);
    const figures = await ledger();
    expect(figures.loads).toBe(11);
    // One audit line per load recorded (written in the load's own statement), with its number.
    const audit = await api.database.db.execute<{ number: string; loads: string }>(sql`
      select a.details->>'number' as number, l.number as loads from audit_log a join loads l on l.id::text = a.target_id
      where a.action = 'load.recorded' and l.transfer_id = ${transferId}`);
    expect(audit.rows).toHaveLength(11);
    for (const row of audit.rows) expect(row.number).toBe(row.loads);
    expect(await expectBalanceEqualsLoads()).toEqual({ received: 0, inTransit: 104.2 });
  });

  it('keeps the running balance equal to the sum of the loads through corrections, receptions, refusals and cancellations', async () => {
    const list = await api.request('GET', `/transfers/${transferId}/loads?status=IN_TRANSIT&page=1&page_size=100`, { token: admin });
    const loads = list.body as { id: string; volumeM3: number }[];
    expect(loads).toHaveLength(11);
    const [a, b, c, d, e, f, g, h, i] = loads as [typeof loads[0], typeof loads[0], typeof loads[0], typeof loads[0], typeof loads[0], typeof loads[0], typeof loads[0], typeof loads[0], typeof loads[0]];
    const correct = (id: string, volume: number) =>
      api.request('PUT', `/loads/${id}`, { token: producerEmployee, body: departure({ volume_m3: volume, expected_version: 1, confirm_over_remaining: true }) });
    const receive = (id: string, body: Record<string, unknown>, key?: string) =>
      api.request('POST', `/loads/${id}/reception`, { token: receiver.token, body, headers: key ? { 'idempotency-key': key } : {} });
    const cancel = (id: string) => api.request('POST', `/loads/${id}/cancel`, { token: producerEmployee, body: { reason: 'Bon saisi deux fois' } });
    const [others, confirmations] = await Promise.all([
      Promise.all([
        correct(a.id, 9.7),
        correct(b.id, 0.1),
        receive(c.id, received('ACCEPTED', { received_volume_m3: 9.3 })),
        receive(d.id, received('ACCEPTED')),
        receive(e.id, received('REFUSED')),
        cancel(f.id),
        receive(h.id, received('ACCEPTED', { received_volume_m3: 11.1 })),
        record(departure({ volume_m3: 2.35, confirm_over_remaining: true }), 'during-the-rest'),
      ]),
      // One load confirmed by four phones at once: counted once.
      Promise.all(Array.from({ length: 4 }, (_, n) => receive(g.id, received('ACCEPTED', { received_volume_m3: 10.05 }), `g-${n}`))),
    ]);
    expect(others.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(confirmations.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    // A cancellation after the reception takes the load out of the received volume.
    expect((await cancel(h.id)).status).toBe(200);
    // A correction that no longer fits asks for confirmation; the balance is unchanged by it.
    const before = await expectBalanceEqualsLoads();
    const tooBig = await api.request('PUT', `/loads/${i.id}`, { token: producerEmployee, body: departure({ volume_m3: 50, expected_version: 1 }) });
    expect(tooBig.status).toBe(409);
    expect(tooBig.body.type).toBe(PROBLEM_TYPES.overRemainingVolume);
    // A record over the remainder is asked to confirm with the remainder the running balance leaves.
    const overRecord = await record(departure({ volume_m3: 50 }));
    expect(overRecord.status).toBe(409);
    expect(overRecord.body.remainingVolumeM3).toBeCloseTo(100 - before.received - before.inTransit, 3);
    const after = await expectBalanceEqualsLoads();
    expect(after).toEqual(before);
    // The same figures worked out from what was done: accepted c (9.3 received), d, g (10.05
    // received); in transit everything else but e (refused) and f, h (cancelled), with a and b
    // corrected, plus the 2.35 recorded meanwhile.
    const total = (list: { volumeM3: number }[]) => list.reduce((sum, load) => sum + load.volumeM3, 0);
    expect(after.received).toBeCloseTo(9.3 + d.volumeM3 + 10.05, 9);
    expect(after.inTransit).toBeCloseTo(total(loads) - total([a, b, c, d, e, f, g, h]) + 9.7 + 0.1 + 2.35, 9);
  });

  it('answers retries racing the load that fills the remainder with that load, not a confirmation', async () => {
    const figures = await ledger();
    const remaining = Math.round((100 - figures.received - figures.inTransit) * 1000) / 1000;
    expect(remaining).toBeGreaterThan(0);
    const body = departure({ volume_m3: Math.min(remaining, 50) });
    const answers = await Promise.all(Array.from({ length: 6 }, () => record(body, 'fills-the-rest')));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
    await expectBalanceEqualsLoads();
  });

  it('draws numbers written as the domain writes them, past 999 999 too', async () => {
    // As the tables' owner (the runtime roles may draw a number, not move a sequence).
    const owner = new pg.Client({ connectionString: inject('databaseUrl') });
    await owner.connect();
    try {
      const first = (await owner.query<{ n: string }>('select terres_next_load_number(2999) as n')).rows[0]!.n;
      expect(parseLoadNumber(first)?.year).toBe(2999);
      await owner.query("select setval('load_numbers_2999', 41)");
      expect((await owner.query<{ n: string }>('select terres_next_load_number(2999) as n')).rows[0]!.n).toBe(formatLoadNumber(2999, 42));
      await owner.query("select setval('load_numbers_2999', 1234566)");
      const long = (await owner.query<{ n: string }>('select terres_next_load_number(2999) as n')).rows[0]!.n;
      expect(long).toBe(formatLoadNumber(2999, 1234567));
      await expect(owner.query('select terres_next_load_number(1999)')).rejects.toThrow(/out of range/);
    } finally {
      await owner.end();
    }
  });
});

describe('a record from the facts this process remembers', () => {
  // After a first record, the next one on the same transfer with the same carrier is one
  // statement that inserts only if the facts it was checked against are still the database's.
  // The changes below are written in SQL, behind the API's back (no updated_at moved).
  const confirmed = (overrides: Record<string, unknown> = {}) => departure({ volume_m3: 0.5, confirm_over_remaining: true, ...overrides });
  const setCarrierReceipt = (day: string) => api.database.db.execute(sql`update carriers set receipt_valid_until = ${day} where id = ${carrierId}`);
  const setWasteCode = (code: string) =>
    api.database.db.execute(sql`update inquiries set materials = jsonb_set(materials, '{0,wasteCode}', to_jsonb(${code}::text)) where id = ${listingIds[0]}`);

  it('refuses a carrier whose receipt expired since the last record, and takes it again once renewed', async () => {
    expect((await record(confirmed(), 'remembered-1')).status).toBe(201);
    await setCarrierReceipt(dayFromToday(-2));
    const refused = await record(confirmed(), 'remembered-2');
    expect(refused.status).toBe(422);
    expect(refused.body.type).toBe(PROBLEM_TYPES.carrierUnusable);
    expect(refused.body.errors.carrier_id).toBeTruthy();
    await setCarrierReceipt(dayFromToday(365));
    expect((await record(confirmed(), 'remembered-3')).status).toBe(201);
    await expectBalanceEqualsLoads();
  });

  it('refuses a waste code taken off the listing since the last record', async () => {
    expect((await record(confirmed(), 'remembered-4')).status).toBe(201);
    await setWasteCode('17 05 06');
    try {
      const refused = await record(confirmed(), 'remembered-5');
      expect(refused.status).toBe(422);
      expect(refused.body.errors.waste_code).toBeTruthy();
      expect((await record(confirmed({ waste_code: '17 05 06' }), 'remembered-6')).status).toBe(201);
    } finally {
      await setWasteCode('17 05 04');
    }
  });

  it('asks to confirm over the remaining volume, answers a retry, and is refused to the FILL side, another organisation and anonymous', async () => {
    const first = confirmed();
    expect((await record(first, 'remembered-7')).status).toBe(201);
    // The expected 100 m³ committed (confirmed), whatever ran before.
    for (let n = 0; ; n += 1) {
      const { received: done, inTransit } = await ledger();
      if (done + inTransit >= 100) break;
      expect((await record(confirmed({ volume_m3: 30 }), `remembered-fill-${n}`)).status).toBe(201);
    }
    const over = await record(departure({ volume_m3: 30 }), 'remembered-8');
    expect(over.status).toBe(409);
    expect(over.body.type).toBe(PROBLEM_TYPES.overRemainingVolume);
    const retry = await record(first, 'remembered-7');
    expect(retry.status).toBe(200);
    const reused = await record({ ...first, volume_m3: 0.75 }, 'remembered-7');
    expect(reused.status).toBe(409);
    expect(reused.body.type).toBe(PROBLEM_TYPES.idempotencyKeyReused);
    const other = await createOwner(api, { name: 'Terrassements du Lévézou' });
    const as = (token: string | undefined) => api.request('POST', `/transfers/${transferId}/loads`, { token, body: confirmed(), headers: { 'idempotency-key': 'remembered-9' } });
    expect((await as(receiver.token)).status).toBe(403);
    expect((await as(other.token)).status).toBe(404);
    expect((await as(undefined)).status).toBe(401);
    const numbered = await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from loads where transfer_id = ${transferId} and idempotency_key like 'remembered-%' and idempotency_key not like 'remembered-fill-%'`);
    expect(numbered.rows[0]!.n).toBe(5);
    await expectBalanceEqualsLoads();
  });
});

describe('a load written without waiting for the change feed', () => {
  it('does not settle, and announces no row a read cache keeps', async () => {
    const feed = api.running.app.database.changes!();
    let settles = 0;
    const settle = feed.settle.bind(feed);
    feed.settle = async () => {
      settles += 1;
      await settle();
    };
    const listener = new pg.Client({ connectionString: inject('databaseUrl') });
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.connect();
    await listener.query('listen terres_changes');
    try {
      const load = await record(departure({ volume_m3: 1, confirm_over_remaining: true }), 'no-settle');
      expect(load.status).toBe(201);
      const other = await record(departure({ volume_m3: 1, confirm_over_remaining: true }), 'no-settle-2');
      const writes = [
        await api.request('PUT', `/loads/${load.body.id}`, { token: producerEmployee, body: departure({ volume_m3: 1.5, confirm_over_remaining: true }) }),
        await api.request('POST', `/loads/${load.body.id}/reception`, { token: receiver.token, body: received('ACCEPTED') }),
        await api.request('POST', `/loads/${other.body.id}/cancel`, { token: producerEmployee, body: { reason: 'Camion en panne' } }),
      ];
      expect(writes.map((res) => res.status)).toEqual([200, 200, 200]);
      expect(settles).toBe(0);
      // A marker of this test, announced last: every announcement committed before it arrived first.
      await listener.query("select pg_notify('terres_changes', 'test-flush')");
      for (let n = 0; n < 100 && !heard.includes('test-flush'); n += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toContain('test-flush');
      const ours = [producer.organizationId, receiver.organizationId, ...listingIds];
      expect(heard.filter((payload) => ours.some((id) => payload.endsWith(`:${id}`)))).toEqual([]);
      // The control: a carrier's edit (another route) still settles.
      const edited = await api.request('POST', `/carriers/${carrierId}/archive`, { token: producer.token });
      expect(edited.status).toBe(200);
      expect(settles).toBe(1);
    } finally {
      feed.settle = settle;
      await listener.end();
    }
  });
});
