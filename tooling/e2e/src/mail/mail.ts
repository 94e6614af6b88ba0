// What the capture knows about a message, and the queries both sides (the capture in the runner
// process, the client in the test workers) agree on.

/** How long a test waits for an e-mail by default: patient, the machine may be loaded. */
export const DEFAULT_MAIL_TIMEOUT_MS = 30_000;

export interface CapturedMail {
  /** Order of arrival, from 1. */
  id: number;
  /** When the capture finished reading it (ms since the epoch, this machine's clock). */
  receivedAt: number;
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface MailQuery {
  /** Recipient (any case). */
  to: string;
  /** Part of the subject (any case), or a pattern. */
  subject?: string | RegExp;
  /** Only mail received at or after this instant (`Date.now()` taken before the action that mails). */
  since?: number | Date;
  /** Only mail holding a sign-in code (a line of exactly 6 digits). */
  withCode?: boolean;
  /** Only mail holding a link whose path starts with this, e.g. '/accept-invitation'. */
  linkPath?: string;
}

/** The one-time code of a code e-mail: the API prints it alone on its line (CONTRACT §7). */
export function codeOf(mail: Pick<CapturedMail, 'text'>): string | undefined {
  return /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
}

/** The links of a mail's text, in order. */
export function linksOf(mail: Pick<CapturedMail, 'text'>): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

/** The first link of the mail whose path starts with `pathPrefix`. */
export function linkOf(mail: Pick<CapturedMail, 'text'>, pathPrefix: string): string | undefined {
  return linksOf(mail).find((link) => {
    try {
      return new URL(link).pathname.startsWith(pathPrefix);
    } catch {
      return false;
    }
  });
}

function sinceMs(since: number | Date | undefined): number {
  return since === undefined ? 0 : typeof since === 'number' ? since : since.getTime();
}

export function matches(mail: CapturedMail, query: MailQuery): boolean {
  if (!mail.to.includes(query.to.trim().toLowerCase())) return false;
  if (mail.receivedAt < sinceMs(query.since)) return false;
  if (query.subject instanceof RegExp && !query.subject.test(mail.subject)) return false;
  if (typeof query.subject === 'string' && !mail.subject.toLowerCase().includes(query.subject.toLowerCase())) return false;
  if (query.withCode && codeOf(mail) === undefined) return false;
  if (query.linkPath !== undefined && linkOf(mail, query.linkPath) === undefined) return false;
  return true;
}

/** A query as URL search parameters (a RegExp travels as its source and flags). */
export function queryToParams(query: MailQuery): URLSearchParams {
  const params = new URLSearchParams({ to: query.to });
  if (query.subject instanceof RegExp) {
    params.set('subjectPattern', query.subject.source);
    params.set('subjectFlags', query.subject.flags);
  } else if (query.subject !== undefined) {
    params.set('subject', query.subject);
  }
  if (query.since !== undefined) params.set('since', String(sinceMs(query.since)));
  if (query.withCode) params.set('withCode', '1');
  if (query.linkPath !== undefined) params.set('linkPath', query.linkPath);
  return params;
}

export function paramsToQuery(params: URLSearchParams): MailQuery {
  const to = params.get('to');
  if (!to) throw new Error('to is required');
  const pattern = params.get('subjectPattern');
  const subject = pattern !== null ? new RegExp(pattern, params.get('subjectFlags') ?? '') : (params.get('subject') ?? undefined);
  const since = params.get('since');
  return {
    to,
    ...(subject !== undefined ? { subject } : {}),
    ...(since !== null ? { since: Number(since) } : {}),
    ...(params.get('withCode') === '1' ? { withCode: true } : {}),
    ...(params.get('linkPath') !== null ? { linkPath: params.get('linkPath')! } : {}),
  };
}

/** Why nothing matched, for a failing test's message: what did arrive for that address. */
export function describeMiss(query: MailQuery, mails: CapturedMail[], timeoutMs: number): string {
  const to = query.to.trim().toLowerCase();
  const theirs = mails.filter((mail) => mail.to.includes(to));
  const wanted = [
    query.subject !== undefined ? `subject ${String(query.subject)}` : '',
    query.since !== undefined ? `since ${new Date(sinceMs(query.since)).toISOString()}` : '',
    query.withCode ? 'with a 6-digit code' : '',
    query.linkPath !== undefined ? `with a link to ${query.linkPath}` : '',
  ].filter(Boolean);
  const seen =
    theirs.length === 0
      ? 'no e-mail at all to that address'
      : `e-mails to that address: ${theirs.map((mail) => `"${mail.subject}" at ${new Date(mail.receivedAt).toISOString()}`).join('; ')}`;
  return `no e-mail to ${to}${wanted.length ? ` (${wanted.join(', ')})` : ''} within ${timeoutMs} ms; ${seen}`;
}
