// Issue 20: a client that sends its request slowly (a byte now and then) is answered 408 and its
// socket closed once REQUEST_TIMEOUT_SECONDS (the whole request) or HEADERS_TIMEOUT_SECONDS (its
// headers) have passed. Before, Fastify's `requestTimeout` 0 let 220 such sockets stay open for
// over 330 s. Raw sockets: fetch cannot send a body this slowly.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Database } from './db/index.js';
import { openPostgres, startApp, testConfig, type RunningApp } from '../test/helpers/app.js';

let database: Database;
let running: RunningApp;
let port: number;

beforeAll(async () => {
  database = await openPostgres(inject('databaseUrl'));
  running = await startApp({ config: testConfig({ DATABASE_URL: inject('databaseUrl'), REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' }), database });
  port = Number(new URL(running.url).port);
});

afterAll(async () => {
  await running?.close();
  await database?.close();
});

interface Trickle {
  /** Milliseconds from the first byte to the server closing the socket (null: still open at `giveUpMs`). */
  closedAfterMs: number | null;
  /** What the server wrote before closing. */
  answer: string;
}

/** Writes `head` at once, then one byte of `tail` every `everyMs`, until the server closes or `giveUpMs` pass. */
function trickle(head: string, tail: string, everyMs: number, giveUpMs: number): Promise<Trickle> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < tail.length && socket.writable) socket.write(tail[sent++]!);
      }, everyMs);
    });
  });
}

describe('slow request bodies and headers time out (issue 20)', () => {
  it('a body sent a byte at a time is answered 408 and closed after REQUEST_TIMEOUT_SECONDS', async () => {
    const body = JSON.stringify({ email: `${'a'.repeat(200)}@lent.test` });
    const head =
      `POST /api/v1/auth/login/magic-link/request HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    // 215 bytes at one per 100 ms would take over 20 s; the server must not wait for them.
    const result = await trickle(head, body, 100, 10_000);
    expect(result.closedAfterMs, 'the socket is still open 10 s later').not.toBeNull();
    expect(result.closedAfterMs!).toBeGreaterThanOrEqual(1_900);
    expect(result.closedAfterMs!).toBeLessThan(5_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('application/problem+json');
  }, 20_000);

  it('headers sent a byte at a time are closed after HEADERS_TIMEOUT_SECONDS', async () => {
    const headers = `Host: 127.0.0.1\r\nX-Lent: ${'x'.repeat(200)}\r\n\r\n`;
    const result = await trickle('GET /api/health/live HTTP/1.1\r\n', headers, 100, 10_000);
    expect(result.closedAfterMs, 'the socket is still open 10 s later').not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(3_500);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('a request sent at once is answered as usual', async () => {
    const response = await fetch(`${running.url}/api/health/live`);
    expect(response.status).toBe(200);
  });
});
