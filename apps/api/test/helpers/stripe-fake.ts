// A local stand-in for Stripe's Checkout Sessions on loopback (STRIPE_API_URL points the
// official client here): `POST /v1/checkout/sessions` records each form body as sent and answers
// a session object, replaying the first answer for a repeated `Idempotency-Key` as Stripe does;
// `GET /v1/checkout/sessions/{id}` answers a session as it is now (a test may expire or complete
// it). And the signed webhook deliveries a test sends, made with the package's own
// `webhooks.generateTestHeaderString`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_bourse_aux_terres_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_bourse_aux_terres_fake_secret';

export interface RecordedSessionRequest {
  /** The urlencoded body as Stripe's client sent it, e.g. `metadata[credits]` -> '300'. */
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The session answered. */
  session: FakeSession;
  /** A repeated Idempotency-Key: the first answer was replayed, no session was made. */
  replayed: boolean;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  /** Null once the session is no longer open, as Stripe answers. */
  url: string | null;
  mode: string;
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  expires_at: number | null;
}

export interface StripeFake {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_URL. */
  url: string;
  /** Every `POST /v1/checkout/sessions`, replays included. */
  requests: RecordedSessionRequest[];
  /** The sessions made (not the replays), by id. */
  sessions: Map<string, FakeSession>;
  /** How many `GET /v1/checkout/sessions/{id}` were answered. */
  retrievals: number;
  /** While > 0, each session request answers a 500 (and decrements it): Stripe being down. */
  failures: number;
  /** Stripe expiring a session (its time ran out, or it was expired through the API). */
  expire(id: string): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedSessionRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const fake: StripeFake = {
    url: '',
    requests,
    sessions,
    retrievals: 0,
    failures: 0,
    expire(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'expired';
      session.url = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        response.end(JSON.stringify(value));
      };
      const retrieve = request.method === 'GET' ? /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(request.url ?? '') : null;
      if (!retrieve && (request.method !== 'POST' || request.url !== '/v1/checkout/sessions')) {
        send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url})` } });
        return;
      }
      if (fake.failures > 0) {
        fake.failures -= 1;
        send(500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
        return;
      }
      if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (retrieve) {
        const found = sessions.get(retrieve[1]!);
        if (!found) {
          send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${retrieve[1]}'` } });
          return;
        }
        fake.retrievals += 1;
        send(200, found);
        return;
      }
      const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
      const replay = idempotencyKey === undefined ? undefined : byIdempotencyKey.get(idempotencyKey);
      if (replay) {
        requests.push({ form: Object.fromEntries(new URLSearchParams(body)), headers: request.headers, session: replay, replayed: true });
        send(200, replay);
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: form.mode ?? 'payment',
        currency: form['line_items[0][price_data][currency]'] ?? form.currency ?? 'eur',
        amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0) * Number(form['line_items[0][quantity]'] ?? 1),
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        expires_at: form.expires_at ? Number(form.expires_at) : null,
      };
      sessions.set(id, session);
      if (idempotencyKey !== undefined) byIdempotencyKey.set(idempotencyKey, session);
      requests.push({ form, headers: request.headers, session: { ...session }, replayed: false });
      send(200, session);
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Stripe fake has no TCP address');
  fake.url = `http://127.0.0.1:${address.port}`;
  return fake;
}

/** A Stripe event around a session, as its webhook would deliver it. */
export function checkoutEvent(
  type: string,
  session: Partial<FakeSession> & { id: string },
  eventId = `evt_test_${randomBytes(12).toString('hex')}`,
): Record<string, unknown> {
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { object: 'checkout.session', mode: 'payment', ...session } },
  };
}

/** `Stripe-Signature` for this exact payload, with Stripe's own test helper. */
export function signPayload(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}
