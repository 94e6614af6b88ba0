// E-mail (CONTRACT §7): nodemailer over SMTP_URL, or, when unset, the dev outbox: messages are
// logged and kept in memory (the last 100, newest first), listed at GET /api/dev/outbox outside
// production.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

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

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a hanging mail server fails the request in seconds (503), not minutes.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      async close() {
        transport.close();
      },
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
        options.log.info({ to, subject: message.subject }, 'dev outbox: e-mail\n%s', message.text);
      }
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
    },
    async close() {},
  };
}
