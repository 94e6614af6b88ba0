// One-time sign-in codes (CONTRACT §6): 6 digits from a CSPRNG, 10 minutes, stored only as an
// HMAC, compared in constant time, single use; a new code voids the earlier ones; 5 wrong tries
// void it. Issuing a code runs under a transaction-scoped advisory lock on the address, so
// parallel requests are counted one after the other; a check's writes are each one atomic
// statement on the code's row, conditional on the code being still live (issue 23), so parallel
// guesses are each counted once and parallel right answers consume it once.
//
// Budgets (issue 12, device cookies: src/auth/devices.ts): the limits (one code a minute, 5 an
// hour, 5 tries a code) are counted per address AND per budget. Strangers (no valid device
// cookie for the address) share one budget; each browser that signed in to the address before
// has its own (`device_id`). A stranger voiding codes or using up the hour touches only the
// strangers' codes; a known device that guesses wrong voids only its own code and uses up only
// its own hour.
import { messages } from '@terres/domain';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/index.js';
import { prepared, rawStatement } from '../db/prepared.js';
import { oneTimeCodes, organizations, users } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { hitCtes, type HitValues } from './rate-limit.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_COOLDOWN_SECONDS = 60;
export const CODES_PER_HOUR = 5;

export type CodePurpose = 'LOGIN' | 'REGISTER' | 'INVITATION';
export type CodeRow = typeof oneTimeCodes.$inferSelect;
type UserRow = typeof users.$inferSelect;

function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${email}:${code}`).digest('hex');
}

/** The codes of one budget: a known device's, or the strangers' (no device). */
function budget(deviceId: string | null | undefined): SQL {
  return deviceId ? eq(oneTimeCodes.deviceId, deviceId) : isNull(oneTimeCodes.deviceId);
}

/** Serialises every code operation on one address (inside the caller's transaction). */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${email}`}))`);
}

export interface IssueCodeInput {
  email: string;
  purpose: CodePurpose;
  invitationId?: string | null;
  ip?: string | null;
  /** False: store a code nobody receives (unknown address), so answers and cooldowns look the same. */
  deliverable?: boolean;
  /** A known device of this address (valid device cookie): its own budget. Absent: the strangers'. */
  deviceId?: string | undefined;
  now?: Date;
}

export interface IssuedCode {
  /** In clear, to be e-mailed at once and never stored. */
  code: string;
  id: string;
}

/**
 * Checks the per-address cooldown (60 s, 5 per hour: 429), voids the address's earlier codes and
 * stores a new one.
 */
export async function issueCode(db: Db, secret: string, input: IssueCodeInput): Promise<IssuedCode> {
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const hourAgo = new Date(now.getTime() - 3600_000);
    const recent = await tx
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, email), budget(input.deviceId), gt(oneTimeCodes.createdAt, hourAgo)))
      .orderBy(desc(oneTimeCodes.createdAt));
    const last = recent[0];
    if (last && now.getTime() - last.createdAt.getTime() < CODE_COOLDOWN_SECONDS * 1000) {
      const wait = Math.ceil((last.createdAt.getTime() + CODE_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
      throw problem(429, messages.codeCooldown, { headers: { 'retry-after': String(Math.max(1, wait)) } });
    }
    if (recent.length >= CODES_PER_HOUR) {
      const oldest = recent[recent.length - 1]!;
      const wait = Math.ceil((oldest.createdAt.getTime() + 3600_000 - now.getTime()) / 1000);
      throw problem(429, messages.codeCooldown, { headers: { 'retry-after': String(Math.max(1, wait)) } });
    }
    await tx
      .update(oneTimeCodes)
      .set({ voidedAt: now })
      .where(and(eq(oneTimeCodes.email, email), budget(input.deviceId), isNull(oneTimeCodes.consumedAt), isNull(oneTimeCodes.voidedAt)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // An undeliverable code is hashed with a random suffix: no guess can ever match it.
    const stored = input.deliverable === false ? `${code}:${randomInt(0, 2 ** 47)}` : code;
    const [row] = await tx
      .insert(oneTimeCodes)
      .values({
        email,
        purpose: input.purpose,
        codeHash: hashCode(secret, email, stored),
        invitationId: input.invitationId ?? null,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        requestIp: input.ip ?? null,
        deviceId: input.deviceId ?? null,
        createdAt: now,
      })
      .returning({ id: oneTimeCodes.id });
    return { code, id: row!.id };
  });
}

/**
 * Forgets a code whose e-mail could not be sent: nobody received it, so it must not hold the
 * address's cooldown (the user may ask again at once).
 */
export async function withdrawCode(db: Db, id: string): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/** The live code a check is made against, with the address's account (if any) and whether its organisation is archived. */
export interface CodeCheck {
  code: CodeRow;
  user: UserRow | null;
  organizationArchivedAt: Date | null;
}

/** What `readCodeCheck` found: the per-IP hit's count (null: refused, nothing read) and the code, if one is live. */
export interface CountedCodeCheck {
  hits: number | null;
  checked: CodeCheck | undefined;
}

/**
 * The per-IP hit of the check (`limiter`'s, src/auth/rate-limit.ts) and the code a check of
 * `email` is made against, with the address's account, in one statement (prepared: the sign-in's
 * hot path, issue 23): a known device's own live code first, else the strangers' one (a code
 * asked for from another browser); everyone else only the strangers'. Live: not consumed, not
 * voided, not expired (a new code voids the earlier ones of its budget, so the newest is the
 * only one). A refused hit reads no code (the caller then throws the limiter's 429: `settle`).
 * No lock: what a check then writes is one atomic statement on the code's row, conditional on it
 * being still live (`countWrongGuess`, `consumeCode`, services/sign-in.ts), so each try counts
 * once and a code opens one session.
 */
export async function readCodeCheck(db: DbOrTx, email: string, deviceId: string | null, now: Date, hit: HitValues): Promise<CountedCodeCheck> {
  const [row] = await prepared(db, 'otp_check', (db, name) => {
    const { previous, hit } = hitCtes(db);
    return (
      db
        .with(previous, hit)
        .select({ hits: hit.hits, code: oneTimeCodes, user: users, organizationArchivedAt: organizations.archivedAt })
        // One row when the hit was counted: the live code of the address, or none (nulls).
        .from(hit)
        .leftJoin(
          oneTimeCodes,
          and(
            eq(oneTimeCodes.email, sql.placeholder('email')),
            // A null device id matches no row (`= NULL`): the strangers' codes only.
            or(eq(oneTimeCodes.deviceId, sql.placeholder('deviceId')), isNull(oneTimeCodes.deviceId)),
            isNull(oneTimeCodes.consumedAt),
            isNull(oneTimeCodes.voidedAt),
            gt(oneTimeCodes.expiresAt, sql.placeholder('now')),
          ),
        )
        .leftJoin(users, eq(users.emailKey, sql.placeholder('email')))
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .orderBy(sql`${oneTimeCodes.deviceId} is null`, desc(oneTimeCodes.createdAt))
        .limit(1)
        .prepare(name)
    );
  }).execute({ ...hit, email: email.toLowerCase(), deviceId, now: now.toISOString() });
  if (!row) return { hits: null, checked: undefined };
  const { hits, code, user, organizationArchivedAt } = row;
  return { hits, checked: code ? { code, user, organizationArchivedAt } : undefined };
}

/** Whether `given` is the code: its HMAC compared with the stored one in constant time. */
export function codeMatches(secret: string, email: string, given: string, code: Pick<CodeRow, 'codeHash'>): boolean {
  const expected = Buffer.from(code.codeHash, 'hex');
  const actual = Buffer.from(hashCode(secret, email.toLowerCase(), given), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A wrong guess on `code`, counted in one atomic statement if the code is still live (the 5th
 * voids it): 20 parallel guesses count 20, each once. The answer's detail: wrong code, too many
 * tries (this guess voided it), or expired (the code died meanwhile: consumed, voided, replaced).
 */
export async function countWrongGuess(db: DbOrTx, code: Pick<CodeRow, 'id'>, now: Date): Promise<string> {
  const { rows } = await prepared(db, 'otp_wrong_guess', (db, name) =>
    rawStatement<{ failed_attempts: number }>(
      db,
      name,
      sql`update ${oneTimeCodes} set failed_attempts = failed_attempts + 1,
            voided_at = case when failed_attempts + 1 >= ${CODE_MAX_ATTEMPTS} then ${sql.placeholder('now')}::timestamptz else voided_at end
          where id = ${sql.placeholder('id')}::uuid and consumed_at is null and voided_at is null
          returning failed_attempts`,
    ),
  ).execute({ id: code.id, now: now.toISOString() });
  const row = rows[0];
  if (!row) return messages.expiredCode;
  return Number(row.failed_attempts) >= CODE_MAX_ATTEMPTS ? messages.tooManyTries : messages.wrongCode;
}

/** Consumes `code` if it is still live (one atomic statement): true for the one check that does. */
export async function consumeCode(db: DbOrTx, code: Pick<CodeRow, 'id'>, now: Date): Promise<boolean> {
  const { rows } = await prepared(db, 'otp_consume_live', (db, name) =>
    rawStatement<{ id: string }>(
      db,
      name,
      sql`update ${oneTimeCodes} set consumed_at = ${sql.placeholder('now')}::timestamptz
          where id = ${sql.placeholder('id')}::uuid and consumed_at is null and voided_at is null
          returning id`,
    ),
  ).execute({ id: code.id, now: now.toISOString() });
  return rows.length > 0;
}
