// One-time sign-in codes (CONTRACT §6): 6 digits from a CSPRNG, 10 minutes, stored only as an
// HMAC, compared in constant time, single use; a new code voids the earlier ones; 5 wrong tries
// void it. Everything about one address runs under a transaction-scoped advisory lock on that
// address, so parallel requests and guesses are counted one after the other.
//
// Budgets (issue 12, device cookies: src/auth/devices.ts): the limits (one code a minute, 5 an
// hour, 5 tries a code) are counted per address AND per budget. Strangers (no valid device
// cookie for the address) share one budget; each browser that signed in to the address before
// has its own (`device_id`). A stranger voiding codes or using up the hour touches only the
// strangers' codes; a known device that guesses wrong voids only its own code and uses up only
// its own hour.
import { messages } from '@terres/domain';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.js';
import { oneTimeCodes } from '../db/schema.js';
import { problem } from '../http/problem.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_COOLDOWN_SECONDS = 60;
export const CODES_PER_HOUR = 5;

export type CodePurpose = 'LOGIN' | 'REGISTER' | 'INVITATION';
export type CodeRow = typeof oneTimeCodes.$inferSelect;

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

export type CheckResult =
  | { ok: true; code: CodeRow }
  | { ok: false; detail: string };

/** The newest usable code of one budget of the address. */
async function liveCode(tx: Tx, email: string, deviceId: string | null, now: Date): Promise<CodeRow | undefined> {
  const [live] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), budget(deviceId), isNull(oneTimeCodes.consumedAt), isNull(oneTimeCodes.voidedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return live && live.expiresAt.getTime() > now.getTime() ? live : undefined;
}

export interface CheckCodeOptions {
  /** A known device of this address: its own code is checked first (and counts its tries). */
  deviceId?: string | undefined;
  now?: Date;
}

/**
 * Checks a code against the address's live code, inside the caller's transaction (which must
 * also create the session, so two parallel right answers make one session). A known device
 * checks its own code, or, when it has none, the strangers' one (a code asked for from another
 * browser); everyone else only the strangers' one. A wrong guess is counted on the code checked
 * (and the 5th voids it) even though the caller answers with an error: callers commit, then throw.
 */
export async function checkCode(tx: Tx, secret: string, emailInput: string, given: string, options: CheckCodeOptions = {}): Promise<CheckResult> {
  const { deviceId, now = new Date() } = options;
  const email = emailInput.toLowerCase();
  await lockAddress(tx, email);
  const live = (deviceId ? await liveCode(tx, email, deviceId, now) : undefined) ?? (await liveCode(tx, email, null, now));
  if (!live) return { ok: false, detail: messages.expiredCode };

  const expected = Buffer.from(live.codeHash, 'hex');
  const actual = Buffer.from(hashCode(secret, email, given), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, live.id));
    return { ok: true, code: { ...live, consumedAt: now } };
  }
  const attempts = live.failedAttempts + 1;
  await tx
    .update(oneTimeCodes)
    .set({ failedAttempts: attempts, ...(attempts >= CODE_MAX_ATTEMPTS ? { voidedAt: now } : {}) })
    .where(eq(oneTimeCodes.id, live.id));
  return { ok: false, detail: attempts >= CODE_MAX_ATTEMPTS ? messages.tooManyTries : messages.wrongCode };
}
