// The reference servers of `bench:api` (scripts/bench-api.ts starts this file as a process of
// its own, like the API): what the hardware gives before any of the API's own work.
// - GET /bare: a bare Fastify route answering a constant JSON object (no database, no token).
// - GET /inquiries/:id: "the minimal ceiling": the same HS256 access token as the API's, checked
//   with one HMAC-SHA256 (node:crypto, constant-time comparison, alg / exp / audience read), then
//   one prepared SELECT by id on the same PostgreSQL database (node-postgres, a pool of the API's
//   size), the row answered as JSON. No session check, no hooks, no logs: a floor of work that a
//   real read cannot go below, so its throughput is the ceiling the API is measured against.
// - GET /jose/inquiries/:id: the minimal server as issue 23's measurement built it ("a minimal
//   Fastify + jose + one-SELECT server"): the same token checked by jose's `jwtVerify` (issuer,
//   access audience, HS256 only: what the API ran before its own check), then the same SELECT.
//   The HMAC ceiling above is the stricter reference; both are printed.
// - PUT /inquiries/:id: "the minimal write" (issue 23): the same token check, then one prepared
//   `UPDATE … RETURNING` of the listing's project name (its announcement trigger fires as for the
//   API's), the row answered as JSON. No transaction, no row-level security, no settle.
// Environment: DATABASE_URL, AUTH_SECRET, PORT (127.0.0.1). Prints `listening <port>` when ready.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { POOL_MAX } from '../src/db/index.js';

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.AUTH_SECRET;
const port = Number(process.env.PORT ?? 0);
if (!databaseUrl || !secret) throw new Error('DATABASE_URL and AUTH_SECRET are required');

// The API derives its access-token key the same way (src/auth/tokens.ts).
const key = createHmac('sha256', secret).update('jwt:access').digest();
const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });

/** True when `token` is a compact HS256 JWS signed with `key`, for the access audience, not expired. */
function validToken(token: string): boolean {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || !signature || extra !== undefined) return false;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: unknown }).alg;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp?: unknown; aud?: unknown; sub?: unknown };
  return alg === 'HS256' && claims.aud === 'access' && typeof claims.sub === 'string' && typeof claims.exp === 'number' && claims.exp > Date.now() / 1000;
}

const app = Fastify({ logger: false });

/** The read both read references answer: one prepared SELECT by id, the row as JSON, or a 404. */
async function readInquiry(id: string, reply: FastifyReply): Promise<unknown> {
  const { rows } = await pool.query({ name: 'inquiry_by_id', text: 'select * from inquiries where id = $1', values: [id] });
  if (!rows[0]) return reply.code(404).send({ status: 404 });
  return rows[0];
}

app.get('/bare', async () => ({ status: 'ok' }));

app.get<{ Params: { id: string } }>('/inquiries/:id', async (request, reply) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || !validToken(header.slice(7))) return reply.code(401).send({ status: 401 });
  return readInquiry(request.params.id, reply);
});

app.get<{ Params: { id: string } }>('/jose/inquiries/:id', async (request, reply) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return reply.code(401).send({ status: 401 });
  try {
    await jwtVerify(header.slice(7), key, { issuer: 'bourse-aux-terres', audience: 'access', algorithms: ['HS256'] });
  } catch {
    return reply.code(401).send({ status: 401 });
  }
  return readInquiry(request.params.id, reply);
});

app.put<{ Params: { id: string }; Body: { project_name?: unknown } }>('/inquiries/:id', async (request, reply) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || !validToken(header.slice(7))) return reply.code(401).send({ status: 401 });
  const name = request.body?.project_name;
  if (typeof name !== 'string') return reply.code(422).send({ status: 422 });
  const { rows } = await pool.query({
    name: 'inquiry_rename',
    text: 'update inquiries set project_name = $2, updated_at = now() where id = $1 returning *',
    values: [request.params.id, name],
  });
  if (!rows[0]) return reply.code(404).send({ status: 404 });
  return rows[0];
});

await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : port}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  });
}
