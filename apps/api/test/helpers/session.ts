/* eslint-disable @typescript-eslint/no-explicit-any -- answer bodies are whatever the server
   sent; tests check them against openapi.yaml with expectResponseMatches. */
// An API under test, over real HTTP, on this run's PostgreSQL database, mailing a real SMTP
// server on loopback; and the sign-in flow a client goes through (request, e-mailed code, verify).
import type { Role } from '@terres/domain';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database } from '../../src/db/index.js';
import type { EnvInput } from '../../src/env.js';
import { openPostgres, startApp, testConfig, type RunningApp } from './app.js';
import type { HeavyWork } from '../../src/heavy/pool.js';
import { codeOf, startSmtp, type TestSmtp } from './smtp.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApi {
  url: string;
  running: RunningApp;
  smtp: TestSmtp;
  database: Database;
  /** An ADMIN_EMAILS address of this API only (the run's test files share one database). */
  adminEmail: string;
  /** `path` under /api/v1, e.g. '/users/me'. */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/**
 * A sign-in as a test sees it: the answer's body, plus the refresh token the API set in its
 * HttpOnly cookie (`refreshTokenFromCookie`), so tests can refresh as the browser would.
 */
export interface LoginResponse {
  accessToken: string;
  /** Not in the body: read from the answer's `terres_refresh` cookie. */
  refreshToken: string;
  accessTokenExpirationDate: string;
  refreshTokenExpirationDate: string;
  user: {
    id: string;
    email: string;
    role: Role;
    firstName: string | null;
    lastName: string | null;
    phoneNumber: string | null;
    organizationId: string | null;
  };
}

export const TEST_ADMIN_EMAIL = 'admin@plateforme.test';

export interface StartApiOptions {
  /** Receives every log line (set `LOG_LEVEL` in `env` to see any). */
  logStream?: { write(line: string): void };
  /** Another database than the run's shared one (the isolation sweep compares all of it). */
  databaseUrl?: string;
  /** This ADMIN_EMAILS address instead of a fresh one (two apps on one database, one admin). */
  adminEmail?: string;
  /** The heavy-work pool to use (a test's own, see src/heavy/pool.ts). */
  heavyWork?: HeavyWork;
}

export async function startApiForTest(env: EnvInput = {}, options: StartApiOptions = {}): Promise<TestApi> {
  const smtp = await startSmtp();
  const adminEmail = options.adminEmail ?? `admin.${randomBytes(5).toString('hex')}@plateforme.test`;
  const databaseUrl = options.databaseUrl ?? inject('databaseUrl');
  const database = await openPostgres(databaseUrl);
  const running = await startApp({
    config: testConfig({
      ADMIN_EMAILS: `${adminEmail},${TEST_ADMIN_EMAIL}`,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      ...env,
    }),
    database,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.heavyWork ? { heavyWork: options.heavyWork } : {}),
    keepPublicUrl: env.API_PUBLIC_URL !== undefined,
  });
  return {
    url: running.url,
    running,
    smtp,
    database,
    adminEmail,
    request: (method, path, options) => httpRequest(`${running.url}/api/v1${path}`, method, options),
    async close() {
      await running.close();
      await database.close();
      await smtp.close();
    },
  };
}

export async function httpRequest<T = any>(url: string, method: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const parsed = text && type.includes('json') ? JSON.parse(text) : text || undefined;
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** The refresh token of an answer's `Set-Cookie: terres_refresh=...` (undefined when none, '' when cleared). */
export function refreshTokenFromCookie(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = /^terres_refresh=([^;]*)/.exec(line);
    if (match) return decodeURIComponent(match[1]!);
  }
  return undefined;
}

/** The body of a sign-in or refresh answer with the cookie's refresh token added. */
export function withRefreshToken<T extends object>(response: ApiResponse<T>): T & { refreshToken: string } {
  return { ...response.body, refreshToken: refreshTokenFromCookie(response.headers) ?? '' };
}

/** The portals' CSRF header on the session calls (SESSION_CSRF_HEADER). */
export const SESSION_HEADERS: Record<string, string> = { 'x-requested-with': 'terres' };

/** `POST /auth/refresh` as a portal sends it: the cookie and the CSRF header, no body. */
export function refreshOptions(refreshToken: string, headers: Record<string, string> = {}): RequestOptions {
  return { headers: { cookie: `terres_refresh=${encodeURIComponent(refreshToken)}`, ...SESSION_HEADERS, ...headers } };
}

export function authHeader(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A fresh address per call, so tests sharing the run's database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@exemple-chantier.fr`;
}

/** Lets the next code request for this address through the 60 s cooldown (moves its codes back). */
export async function skipCodeCooldown(api: TestApi, email: string): Promise<void> {
  await api.database.db.execute(
    sql`update one_time_codes set created_at = created_at - interval '2 hours' where email = ${email.toLowerCase()}`,
  );
}

/** Requests a code (login, or registration), reads it from the SMTP server and verifies it. */
export async function signIn(api: TestApi, email: string, options: { register?: boolean } = {}): Promise<LoginResponse> {
  const path = options.register ? '/auth/register/magic-link/request' : '/auth/login/magic-link/request';
  const requested = await api.request('POST', path, { body: { email } });
  if (requested.status !== 202) throw new Error(`code request ${requested.status}: ${JSON.stringify(requested.body)}`);
  const mail = await api.smtp.waitForMessage(email, (m) => /\d{6}/.test(m.text));
  const verified = await api.request<LoginResponse>('POST', '/auth/magic-link/verify', { body: { email, otp: codeOf(mail) } });
  if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${JSON.stringify(verified.body)}`);
  return withRefreshToken(verified);
}

/** A new OWNER account (registration flow), without organisation. */
export function registerOwner(api: TestApi, email = uniqueEmail('owner')): Promise<LoginResponse> {
  return signIn(api, email, { register: true });
}
