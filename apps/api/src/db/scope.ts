// Whose rows a query may see: the scope that row-level security (migration 0013) checks. Every
// connection of the API runs as the role `terres_api`, which owns no table; each query runs
// under the scope of the code that issued it, read here from AsyncLocalStorage and applied to
// the connection by src/db/index.ts (three `app.*` settings, one statement, only when the
// connection's current scope differs). No scope = no rows: the policies deny by default.
//
// - A request starts with no scope (plugins/app/database.ts); `app.authenticate` gives it the
//   caller's: an organisation member's (`organizationScope`) or an admin's (`adminScope`).
// - Code that must cross organisations without a signed-in admin says so, by name, with
//   `asSystem('<reason>', fn)` (grep `asSystem(`): sign-in, the Stripe webhook, matching, the
//   demo seed... The reasons are the `SystemReason` list below.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Why code runs across organisations without a signed-in admin. Add a reason, never reuse one. */
export type SystemReason =
  /** Sign-in, registration, invitation acceptance and token refresh: no caller yet, addressed by e-mail or token. */
  | 'sign-in'
  /** Reading a signed-in caller's own session, user and organisation (src/plugins/app/auth.ts) when the token's claims are stale. */
  | 'authenticate'
  /** An owner's invitation: does the address already have an account, in any organisation? */
  | 'invitation-address'
  /** Stripe's webhook: the event names the purchase, not the caller. */
  | 'stripe-webhook'
  /** An organisation's matching suggestions read other organisations' listings (figures only are answered). */
  | 'matching'
  /** A transfer's parties see each other's name, contact and site once the match is accepted (the caller is a party, checked first). */
  | 'transfer-parties'
  /** A load's weighbridge ticket is a document of the CUT organisation; the FILL party downloads it (the caller is a party of the load, checked first). */
  | 'load-ticket'
  /** E-mails about loads (a refusal, the daily digest) go to the other party's users and the admins. */
  | 'transfer-mail'
  /** Notifications (issue 21): recorded for, and e-mailed to, users of any organisation and the admins; the daily summaries. */
  | 'notifications'
  /** The register export: an organisation's lines name the other party of its transfers (its own side checked in SQL), and the export's memory is kept per declaring SIRET across organisations. */
  | 'register'
  /** The removal of stored files that nothing refers to any more (services/stored-files.ts), across organisations. */
  | 'file-sweep'
  /** Demo data loaded at start-up (DEMO_DATA=1) and its tests. */
  | 'demo-seed'
  /** Benchmarks and the scale seed (scripts/). */
  | 'scripts'
  /** Test code that arranges or inspects rows directly (test/helpers): never the app's own code. */
  | 'tests';

export type Scope =
  | { kind: 'none' }
  /** An owner or employee (organisationId null: an owner before onboarding), or a payment link's organisation (userId null). */
  | { kind: 'organization'; organizationId: string | null; userId: string | null }
  | { kind: 'admin'; userId: string }
  | { kind: 'system'; reason: SystemReason };

export const NO_SCOPE: Scope = { kind: 'none' };

export function organizationScope(organizationId: string | null, userId: string | null): Scope {
  return { kind: 'organization', organizationId, userId };
}

export function adminScope(userId: string): Scope {
  return { kind: 'admin', userId };
}

export function systemScope(reason: SystemReason): Scope {
  return { kind: 'system', reason };
}

/** The three settings the policies read (`terres_scope_all()`, `_organization()`, `_user()`). */
export interface ScopeSettings {
  /** 'on' for admins and system paths, '' otherwise. */
  all: string;
  /** A UUID or ''. */
  organizationId: string;
  /** A UUID or ''. */
  userId: string;
  /** The three joined: a connection whose last applied key is this one needs nothing. */
  key: string;
}

export function scopeSettings(scope: Scope): ScopeSettings {
  const all = scope.kind === 'admin' || scope.kind === 'system' ? 'on' : '';
  const organizationId = scope.kind === 'organization' ? (scope.organizationId ?? '') : '';
  const userId = scope.kind === 'organization' || scope.kind === 'admin' ? (scope.userId ?? '') : '';
  return { all, organizationId, userId, key: `${all}|${organizationId}|${userId}` };
}

/** What a request (or a `withScope` call) holds: mutable, so a hook can narrow or widen it. */
interface ScopeHolder {
  scope: Scope;
}

const storage = new AsyncLocalStorage<ScopeHolder>();

/** The scope of the code running now: the innermost `withScope`, else the request's, else none. */
export function currentScope(): Scope {
  return storage.getStore()?.scope ?? NO_SCOPE;
}

/** True inside a request or a `withScope` call (something holds a scope, maybe none). */
export function hasScopeHolder(): boolean {
  return storage.getStore() !== undefined;
}

/**
 * Runs `fn` (and everything it starts) under `scope`; the caller's scope is untouched. What `fn`
 * returns is awaited inside the scope: a drizzle query builder is lazy (it runs when awaited), so
 * `withScope(scope, () => db.select()...)` must not run it after leaving the scope.
 */
export function withScope<T>(scope: Scope, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ scope }, async () => await fn());
}

/** Runs `fn` across organisations for a named reason (see `SystemReason`). */
export function asSystem<T>(reason: SystemReason, fn: () => T | PromiseLike<T>): Promise<T> {
  return withScope(systemScope(reason), fn);
}

/**
 * Replaces the scope of the current request (or `withScope` call) from here on: what
 * `app.authenticate` does once it knows the caller. Throws outside any holder, so that a scope
 * is never set where nothing would keep it.
 */
export function setScope(scope: Scope): void {
  const holder = storage.getStore();
  if (!holder) throw new Error('setScope outside a request or withScope: nothing holds the scope');
  holder.scope = scope;
}

/** Starts a holder with no scope for `fn` (one per HTTP request, plugins/app/database.ts). */
export function runUnscoped<T>(fn: () => T): T {
  return storage.run({ scope: NO_SCOPE }, fn);
}
