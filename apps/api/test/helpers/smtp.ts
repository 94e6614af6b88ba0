// A real SMTP server on loopback (smtp-server), parsing each message with mailparser: tests read
// the codes and links the API e-mails exactly as a user's mailbox would receive them.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` matching `predicate` not handed out before (waits for it). */
  waitForMessage(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages to this address, oldest first. */
  messagesTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP server has no TCP address');

  // Each message is handed out once per recipient, so successive waits return successive e-mails.
  const taken = new WeakMap<ReceivedMail, Set<string>>();
  const isTaken = (mail: ReceivedMail, to: string) => taken.get(mail)?.has(to.toLowerCase()) ?? false;
  const take = (mail: ReceivedMail, to: string) => taken.set(mail, (taken.get(mail) ?? new Set()).add(to.toLowerCase()));
  const messagesTo = (to: string) => messages.filter((m) => m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    messagesTo,
    waitForMessage(to, predicate = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messagesTo(to).find((m) => !isTaken(m, to) && predicate(m));
          if (found) {
            take(found, to);
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a code e-mail (the text holds it as a run of 6 digits). */
export function codeOf(mail: ReceivedMail): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in: ${mail.text}`);
  return match[1]!;
}
