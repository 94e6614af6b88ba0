// Issue 12, item 1: what the router, the body parsers and Node's HTTP parser refuse answers a
// French problem document (never Fastify's English JSON, never the path echoed back).
import { request as httpRequest } from 'node:http';
import { messages, defaultProblemType } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let owner: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest();
  owner = await createOwner(api);
});

afterAll(async () => {
  await api?.close();
});

interface RawAnswer {
  status: number;
  type: string | undefined;
  text: string;
  body: Record<string, unknown>;
}

/** A request exactly as written (fetch would normalise the URL), on its own connection. */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], text, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function expectProblem(answer: RawAnswer, status: number, detail: string): void {
  expect(answer.status).toBe(status);
  expect(answer.type).toBe('application/problem+json; charset=utf-8');
  // Each status's general problem type (a 431 or a 414 has none: about:blank).
  expect(answer.body).toMatchObject({ type: defaultProblemType(status), status, detail });
}

describe('router-level refusals', () => {
  it('a URL that does not decode: 400 in French, the path not echoed', async () => {
    const answer = await raw('/api/v1/inquiries/%zz-secret-path');
    expectProblem(answer, 400, messages.urlInvalid);
    expect(answer.text).not.toContain('secret-path');
    expectResponseMatches('GET', '/inquiries/{id}', 400, answer.body);
  });

  it('a path parameter longer than any id: 414 in French, the path not echoed', async () => {
    const answer = await raw(`/api/v1/inquiries/${'a'.repeat(500)}`);
    expectProblem(answer, 414, messages.urlTooLong);
    expect(answer.text).not.toContain('aaaa');
    expectResponseMatches('GET', '/inquiries/{id}', 414, answer.body);
  });

  it('a URL or headers over 16 KiB (Node refuses them before Fastify): 431 in French', async () => {
    const answer = await raw(`/api/v1/inquiries?q=${'a'.repeat(20_000)}`);
    expectProblem(answer, 431, messages.requestHeadersTooLarge);
    expect(answer.text).not.toContain('aaaa');
  });

  it('a malformed request line: 400 in French', async () => {
    const { hostname, port } = new URL(api.url);
    const { connect } = await import('node:net');
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toContain('Content-Type: application/problem+json; charset=utf-8');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, detail: 'La requête est invalide.' });
  });
});

describe('body parser refusals', () => {
  const put = (headers: Record<string, string>, body?: string) =>
    raw('/api/v1/users/me', { method: 'PUT', headers: { authorization: `Bearer ${owner.token}`, ...headers }, body });

  it('malformed JSON, an empty JSON body, a prototype key: 400 in French', async () => {
    for (const [body, detail] of [
      ['{"first_name":', "Le contenu de la requête n'est pas un JSON valide."],
      ['{"__proto__":{"admin":true}}', "Le contenu de la requête n'est pas un JSON valide."],
    ] as const) {
      const answer = await put({ 'content-type': 'application/json' }, body);
      expectProblem(answer, 400, detail);
      expectResponseMatches('PUT', '/users/me', 400, answer.body);
    }
    const empty = await put({ 'content-type': 'application/json', 'content-length': '0' });
    expectProblem(empty, 400, 'Le contenu de la requête est vide.');
  });

  it('a media type no parser takes: 415 in French', async () => {
    const answer = await put({ 'content-type': 'application/xml' }, '<user/>');
    expectProblem(answer, 415, 'Type de contenu non pris en charge.');
  });
});
