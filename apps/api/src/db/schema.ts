// The tables, as drizzle sees them. `pnpm db:generate` turns changes here into the next numbered
// SQL migration in `drizzle/`; keep to SQL that both PostgreSQL 15 and PGlite (PG 18) accept.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what to which record: admin actions, status changes, credit grants... Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    // gen_random_uuid() is built into PostgreSQL since 13, and into PGlite.
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_target_idx').on(table.targetType, table.targetId)],
);
