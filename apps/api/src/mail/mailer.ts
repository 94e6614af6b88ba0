// E-mail (CONTRACT §7): nodemailer over SMTP_URL; or, when asked for (DEV_OUTBOX=1, never in
// production), the dev outbox: messages kept in memory (the last 100, newest first) and listed
// at GET /api/dev/outbox to loopback clients; or no transport at all, where every send fails.
// No message body ever reaches the log: it may hold a sign-in code or an invitation link.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The dev outbox, newest first; undefined when mail goes over SMTP. */
  readonly outbox?: readonly OutboxMessage[];
  close(): Promise<void>;
}

const OUTBOX_SIZE = 100;

/** Thrown by every send when neither SMTP_URL nor DEV_OUTBOX=1 is set (callers answer 503). */
export class NoMailTransportError extends Error {
  override name = 'NoMailTransportError';
  constructor() {
    super('no mail transport: set SMTP_URL (or DEV_OUTBOX=1 in development)');
  }
}

export interface CreateMailerOptions {
  transport: 'smtp' | 'outbox' | 'none';
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

export function createMailer(options: CreateMailerOptions): Mailer {
  if (options.transport === 'smtp') {
    if (!options.smtpUrl) throw new Error('the smtp mail transport needs an SMTP URL');
    const smtpUrl = options.smtpUrl;
    // nodemailer is loaded, and the transport made, at the first e-mail: start-up and memory
    // stay small (issue 13). Bounded waits: a hanging mail server fails the request in seconds
    // (503), not minutes.
    let transport: Promise<Transporter> | undefined;
    const open = () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        }),
      ));
    return {
      async send(message) {
        await (await open()).sendMail({ from: options.from, ...message });
      },
      async close() {
        if (transport) (await transport).close();
      },
    };
  }
  if (options.transport === 'none') {
    return {
      async send() {
        throw new NoMailTransportError();
      },
      async close() {},
    };
  }
  const outbox: OutboxMessage[] = [];
  return {
    outbox,
    async send(message) {
      for (const to of Array.isArray(message.to) ? message.to : [message.to]) {
        outbox.unshift({
          id: randomUUID(),
          to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          createdAt: new Date().toISOString(),
        });
        // Who and what only: the text (a code, a link) is read at GET /api/dev/outbox.
        options.log.info({ to, subject: message.subject }, 'dev outbox: e-mail kept, read it at GET /api/dev/outbox');
      }
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
    },
    async close() {},
  };
}
