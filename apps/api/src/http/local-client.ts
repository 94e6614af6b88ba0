// Whether a request comes from this machine: the dev outbox and the metrics answer only to it.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * The connection comes from loopback AND no proxy forwarded it: a reverse proxy on the same
 * machine connects from 127.0.0.1 on behalf of anyone, and says so in these headers.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  if (request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
