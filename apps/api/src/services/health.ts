// Readiness (GET /api/health, /api/health/ready): the database answers AND holds every migration
// this build ships, so a load balancer sends traffic only to a usable API.
import type { FastifyInstance } from 'fastify';
import { ping } from '../db/index.js';

export type Readiness = 'ready' | 'unreachable' | 'not-migrated';

export async function readiness(app: Pick<FastifyInstance, 'database' | 'db' | 'log'>): Promise<Readiness> {
  try {
    // Asked without switching to the runtime role, which the first migration creates; once
    // migrated, the ping proves the runtime role's connections work too.
    if (!(await app.database.isMigrated())) return 'not-migrated';
    await ping(app.db);
    return 'ready';
  } catch (error) {
    app.log.warn({ err: error }, 'health: database unreachable');
    return 'unreachable';
  }
}
