// Passwordless sign-in (CONTRACT §6): a 6-digit code e-mailed for login, registration or an
// invitation, verified into a session (15-minute access token, rotated 30-day refresh token).
import { emailSchema, formObject, loginEmailSchema, messages, otpSchema } from '@terres/domain';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH, knownDevice, rememberDevice } from '../../auth/devices.js';
import { RateLimiter } from '../../auth/rate-limit.js';
import { assertSessionRequest, clearedRefreshCookieHeader, clearRefreshCookie, refreshCookieName, setRefreshCookie } from '../../auth/refresh-cookie.js';
import type { LoginResponse } from '../../auth/sessions.js';
import { verifyInvitationToken } from '../../auth/tokens.js';
import { setScope, systemScope } from '../../db/scope.js';
import { answerWithoutSettle } from '../../plugins/app/database.js';
import { bodyObject, parseBody } from '../../http/input.js';
import { HttpProblem, problem } from '../../http/problem.js';
import { refreshSession, sendInvitationCode, sendSignInCode, signOut, verifyCode } from '../../services/sign-in.js';

// formObject: a missing field reads like an empty one (the field's own French message), never
// valibot's English "Invalid key" (issue 12, found by the fuzzer).
const LoginRequest = formObject({ email: loginEmailSchema });
const RegisterRequest = formObject({ email: emailSchema });
const VerifyRequest = formObject({ email: loginEmailSchema, otp: otpSchema });

const authRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const windowMs = config.rateLimits.ipWindowSeconds * 1000;
  // Counted in PostgreSQL: every API process of the deployment shares them (src/auth/rate-limit.ts).
  const codeRequests = new RateLimiter(app.db, { name: 'otp-request', limit: config.rateLimits.otpRequestsPerIp, windowMs });
  const codeChecks = new RateLimiter(app.db, { name: 'otp-check', limit: config.rateLimits.otpChecksPerIp, windowMs });

  // Device cookies (src/auth/devices.ts): read on every code request and check, set at sign-in.
  await app.register(cookie);

  // No caller yet: codes, users, invitations and sessions are found by e-mail or token, across
  // organisations (row-level security, src/db/scope.ts). Logout's `app.authenticate`, which
  // runs after this hook, narrows its request to the caller's own scope.
  app.addHook('preHandler', async () => setScope(systemScope('sign-in')));

  /** The known device of this browser for the address (its own code budget), if any. */
  function deviceOf(request: FastifyRequest, email: string): string | undefined {
    return knownDevice(config.authSecret, request.cookies[DEVICE_COOKIE], email);
  }

  /**
   * After a successful sign-in: this browser becomes (or stays) a known device of the address.
   * HttpOnly (no script reads it), SameSite=Strict and a path limited to the sign-in calls: the
   * portals call the API from the same site (another port, or a sibling sub-domain in
   * production), with `credentials: 'include'` on these calls only.
   */
  function rememberThisDevice(request: FastifyRequest, reply: FastifyReply, email: string): void {
    const { value } = rememberDevice(config.authSecret, request.cookies[DEVICE_COOKIE], email);
    reply.setCookie(DEVICE_COOKIE, value, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.isProduction || request.protocol === 'https',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }

  /**
   * The refresh token of a refresh call: the cookie; else, once, the `refresh_token` body of a
   * browser still holding one in localStorage from an earlier build (the answer moves it into
   * the cookie, and rotating it ends any copy a script may have taken). 401 when neither.
   */
  function refreshTokenOf(request: FastifyRequest): string {
    const fromCookie = request.cookies[refreshCookieName(config, request)];
    if (fromCookie) return fromCookie;
    const legacy = bodyObject(request.body ?? {}).refresh_token;
    if (typeof legacy === 'string' && legacy.length > 0 && legacy.length <= 200) return legacy;
    throw problem(401, messages.sessionExpired);
  }

  /** The answer of a sign-in or refresh: the refresh token goes into the cookie, never the body. */
  function sessionReply(request: FastifyRequest, reply: FastifyReply, session: LoginResponse) {
    const { refreshToken, ...answer } = session;
    setRefreshCookie(config, request, reply, refreshToken, session.refreshTokenExpirationDate);
    return answer;
  }

  app.post('/login/magic-link/request', async (request, reply) => {
    await codeRequests.hit(request.ip);
    const email = parseBody(LoginRequest, request.body).email.toLowerCase();
    await sendSignInCode(app, request.log, { email, ip: request.ip, deviceId: deviceOf(request, email) }, 'LOGIN');
    return reply.code(202).send();
  });

  app.post('/register/magic-link/request', async (request, reply) => {
    await codeRequests.hit(request.ip);
    const email = parseBody(RegisterRequest, request.body).email.toLowerCase();
    await sendSignInCode(app, request.log, { email, ip: request.ip, deviceId: deviceOf(request, email) }, 'REGISTER');
    return reply.code(202).send();
  });

  app.post('/invitation/request', async (request, reply) => {
    await codeRequests.hit(request.ip);
    const claims = await verifyInvitationToken(config.authSecret, bodyObject(request.body).token);
    await sendInvitationCode(app, request.log, claims, { ip: request.ip, deviceId: deviceOf(request, claims.email) });
    return reply.code(202).send({ email: claims.email });
  });

  app.post('/magic-link/verify', async (request, reply) => {
    let body: { email: string; otp: string };
    try {
      body = parseBody(VerifyRequest, request.body);
    } catch (error) {
      // A malformed check counts all the same (a well-formed one's hit is counted in its code's read).
      await codeChecks.hit(request.ip);
      throw error;
    }
    const email = body.email.toLowerCase();
    const limit = { limiter: codeChecks, subject: request.ip };
    const { session, settle } = await verifyCode(app, { email, otp: body.otp, deviceId: deviceOf(request, email), limit });
    if (!settle) answerWithoutSettle(request);
    rememberThisDevice(request, reply, email);
    return sessionReply(request, reply, session);
  });

  app.post('/refresh', async (request, reply) => {
    assertSessionRequest(config, request);
    try {
      return sessionReply(request, reply, await refreshSession(app, refreshTokenOf(request)));
    } catch (error) {
      // A refused cookie is dead (expired, revoked, reused): the browser stops sending it.
      if (!(error instanceof HttpProblem)) throw error;
      const cleared = clearedRefreshCookieHeader(config, request, app.serializeCookie.bind(app));
      throw new HttpProblem(error.status, error.detail, { ...error.options, headers: { ...error.options.headers, 'set-cookie': cleared } });
    }
  });

  // The bearer token names the session (its family), which ends with all its refresh tokens;
  // the cookie is cleared (it is not sent here: its path is the refresh call's).
  app.post('/logout', { preHandler: app.authenticate }, async (request, reply) => {
    assertSessionRequest(config, request);
    await signOut(app.db, request.auth);
    clearRefreshCookie(config, request, reply);
    return reply.code(204).send();
  });
};

export default authRoutes;
