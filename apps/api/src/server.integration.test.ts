// SIGTERM on the real entry point (src/server.ts under tsx, as `pnpm --filter @terres/api dev`
// runs it), in a child process: the request under way is answered, new connections are refused,
// kept-alive idle connections do not hold the process, and it exits 0.
import { once } from 'node:events';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tempDir, TEST_AUTH_SECRET } from '../test/helpers/app.js';
import { startServer, type Server } from '../test/helpers/server-process.js';

/** Resolves true when a TCP connection to the port is refused, false when one is accepted. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM', () => {
  const dir = tempDir();
  let server: Server;

  beforeAll(async () => {
    server = await startServer({
      NODE_ENV: 'test',
      // `debug`: a request's arrival is logged (`incoming request`); at `info` only its completion.
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: dir.path,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DEV_OUTBOX: '1',
      // The per-IP counters live in the run's database, where every test file calls from 127.0.0.1.
      OTP_REQUESTS_PER_IP: '100000',
      // Longer than this test needs: a hang shows as exit code 1, not as a slow pass.
      SHUTDOWN_TIMEOUT_SECONDS: '60',
    });
  }, 120_000);

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    dir.remove();
  });

  it('answers the request under way, refuses new connections, then exits 0', async () => {
    const { port } = server;
    // A kept-alive connection that has answered and sits idle must not hold the process.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const warm = await fetchVia(agent, port, 'GET', '/api/health/ready');
    expect(warm.status).toBe(200);

    // A slow request: its headers and half its body now, the rest after SIGTERM.
    const body = JSON.stringify({ email: 'lent.signal@exemple-chantier.fr' });
    // Its client would keep the connection open for minutes (as a load balancer may).
    const patient = new Agent({ keepAlive: true, timeout: 600_000 });
    const slow = httpRequest({
      agent: patient,
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/auth/login/magic-link/request',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = once(slow, 'response').then(async ([response]) => {
      const res = response as IncomingMessage;
      let text = '';
      for await (const chunk of res) text += chunk;
      return { status: res.statusCode, text, connection: res.headers.connection };
    });
    slow.write(body.slice(0, 10));
    slow.flushHeaders();
    // The server has the request (its log says so) before the signal.
    await server.logged('incoming request', (line) => (line.req as { url?: string } | undefined)?.url === '/api/v1/auth/login/magic-link/request');

    server.child.kill('SIGTERM');
    await server.logged('SIGTERM received');
    // New connections are refused from now on (the listening socket closes right after the log line).
    let closed = false;
    for (let attempt = 0; attempt < 100 && !closed; attempt += 1) {
      closed = await refused(port);
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(closed).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still answering the slow request

    slow.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
    // Told to go away: the kept-alive connection closes, it does not hold the server open.
    expect(answer.connection).toBe('close');

    expect(await server.exited).toBe(0);
    expect(server.lines.some((line) => line.msg === 'closed')).toBe(true);
    agent.destroy();
    patient.destroy();
  }, 120_000);
});

function fetchVia(agent: Agent, port: number, method: string, path: string): Promise<{ status: number | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    req.on('error', reject);
    req.end();
  });
}
