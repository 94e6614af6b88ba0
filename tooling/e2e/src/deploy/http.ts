// Requests to nginx as a browser makes them: TLS to 127.0.0.1 with the site's name as SNI and
// Host (the test's certificate is self-signed), keep-alive, the body read whole.
import { request as plainRequest } from 'node:http';
import { Agent, request } from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const agents = new Map<string, Agent>();
function agentFor(host: string): Agent {
  let agent = agents.get(host);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false, servername: host });
    agents.set(host, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export function httpsGet(port: number, host: string, path: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { host: `${host}:${port}`, ...headers }, agent: agentFor(host), timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** A plain-HTTP GET with the site's Host (fetch would send 127.0.0.1's), redirects not followed. */
export function httpGet(port: number, host: string, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = plainRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}
