// The test workers' side of the mailbox: asks the capture (in the runner process) over HTTP.
import { DEFAULT_MAIL_TIMEOUT_MS, codeOf, linkOf, queryToParams, type CapturedMail, type MailQuery } from './mail';

export interface WaitOptions {
  /** Only mail received at or after this instant. */
  since?: number | Date;
  /** How long to wait for it (default 30 s: the machine may be loaded). */
  timeoutMs?: number;
}

export interface MailClient {
  /** The newest mail matching the query, once one has arrived. */
  waitForMail(query: MailQuery & { timeoutMs?: number }): Promise<CapturedMail>;
  /** The 6-digit code of the newest code mail to `to` (waits for one). */
  lastCode(to: string, options?: WaitOptions): Promise<string>;
  /** The link of the newest mail to `to` holding one whose path starts with `pathPrefix` (waits for one). */
  lastLink(to: string, pathPrefix: string, options?: WaitOptions): Promise<string>;
  /** Every mail to `to` received so far (optionally since an instant), oldest first. */
  list(to: string, options?: Pick<WaitOptions, 'since'>): Promise<CapturedMail[]>;
}

export function createMailClient(captureUrl: string): MailClient {
  const base = captureUrl.replace(/\/+$/, '');

  const waitForMail: MailClient['waitForMail'] = async ({ timeoutMs = DEFAULT_MAIL_TIMEOUT_MS, ...query }) => {
    const params = queryToParams(query);
    params.set('timeout', String(timeoutMs));
    const response = await fetch(`${base}/mails/wait?${params.toString()}`);
    const body = (await response.json()) as CapturedMail | { error: string };
    if (!response.ok) throw new Error('error' in body ? body.error : `mail capture answered ${response.status}`);
    return body as CapturedMail;
  };

  return {
    waitForMail,
    async lastCode(to, { since, timeoutMs } = {}) {
      const mail = await waitForMail({ to, withCode: true, ...(since !== undefined ? { since } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
      return codeOf(mail)!;
    },
    async lastLink(to, pathPrefix, { since, timeoutMs } = {}) {
      const mail = await waitForMail({
        to,
        linkPath: pathPrefix,
        ...(since !== undefined ? { since } : {}),
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      return linkOf(mail, pathPrefix)!;
    },
    async list(to, { since } = {}) {
      const params = queryToParams({ to, ...(since !== undefined ? { since } : {}) });
      const response = await fetch(`${base}/mails?${params.toString()}`);
      if (!response.ok) throw new Error(`mail capture answered ${response.status}`);
      return (await response.json()) as CapturedMail[];
    },
  };
}
