// The mailbox of the end-to-end stack: a real SMTP server on loopback (smtp-server) that parses
// each message with mailparser, as the API tests do (apps/api/test/helpers/smtp.ts). Test workers
// are other processes, so the capture also answers over HTTP on loopback (see MailClient).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { DEFAULT_MAIL_TIMEOUT_MS, describeMiss, matches, paramsToQuery, type CapturedMail, type MailQuery } from './mail';

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, the API's SMTP_URL. */
  smtpUrl: string;
  /** `http://127.0.0.1:<port>`, read by MailClient in the test workers. */
  httpUrl: string;
  /** Every message received, oldest first. */
  mails: readonly CapturedMail[];
  /** The newest mail matching, waiting for one to arrive (rejects after `timeoutMs`). */
  waitForMail(query: MailQuery, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            id: mails.length + 1,
            receivedAt: Date.now(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpAddress = smtp.server.address() as AddressInfo;

  const newest = (query: MailQuery) => mails.filter((mail) => matches(mail, query)).at(-1);

  const waitForMail = (query: MailQuery, timeoutMs = DEFAULT_MAIL_TIMEOUT_MS, signal?: AbortSignal) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const done = () => {
        waiters.delete(check);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const check = () => {
        const found = newest(query);
        if (found) {
          done();
          resolve(found);
        }
      };
      const onAbort = () => {
        done();
        reject(new Error('aborted'));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(describeMiss(query, mails, timeoutMs)));
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort);
      waiters.add(check);
      check();
    });

  // GET /mails?to=...: every match, oldest first. GET /mails/wait?to=...&timeout=...: the newest
  // match once there is one (200), or 408 with the reason.
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://capture.local');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let query: MailQuery;
    try {
      query = paramsToQuery(url.searchParams);
    } catch (error) {
      json(400, { error: (error as Error).message });
      return;
    }
    if (url.pathname === '/mails') {
      json(200, mails.filter((mail) => matches(mail, query)));
    } else if (url.pathname === '/mails/wait') {
      const timeout = Number(url.searchParams.get('timeout') ?? DEFAULT_MAIL_TIMEOUT_MS);
      const aborted = new AbortController();
      res.on('close', () => aborted.abort());
      waitForMail(query, timeout, aborted.signal).then(
        (mail) => json(200, mail),
        (error: Error) => {
          if (!aborted.signal.aborted) json(408, { error: error.message });
        },
      );
    } else {
      json(404, { error: 'not found' });
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpAddress = http.address() as AddressInfo;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpAddress.port}`,
    httpUrl: `http://127.0.0.1:${httpAddress.port}`,
    mails,
    waitForMail: (query, timeoutMs) => waitForMail(query, timeoutMs),
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
