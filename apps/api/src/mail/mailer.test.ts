import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { codeEmail } from './templates/auth.js';
import { escapeHtml } from '../http/html.js';
import { renderEmail } from './templates/layout.js';

describe('dev outbox', () => {
  it('keeps the last 100 messages, newest first, one per recipient', async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: undefined, from: 'Bourse aux terres <no-reply@bourse-terres.test>', log });
    for (let i = 0; i < 104; i += 1) await mailer.send({ to: `n${i}@exemple.fr`, subject: `n°${i}`, text: 't', html: '<p>t</p>' });
    await mailer.send({ to: ['a@exemple.fr', 'b@exemple.fr'], subject: 'deux', text: 't', html: 'h' });
    expect(mailer.outbox).toHaveLength(100);
    expect(mailer.outbox!.slice(0, 3).map((m) => [m.to, m.subject])).toEqual([
      ['b@exemple.fr', 'deux'],
      ['a@exemple.fr', 'deux'],
      ['n103@exemple.fr', 'n°103'],
    ]);
  });
});

describe('templates', () => {
  it('puts the 6-digit code in the text and the HTML, with a French subject', () => {
    const mail = codeEmail('042917', 'LOGIN');
    expect(mail.subject).toBe('Votre code de connexion Bourse aux terres');
    expect(mail.text).toMatch(/(?<!\d)042917(?!\d)/);
    expect(mail.html).toContain('>042917<');
  });

  it('escapes every value in the HTML', () => {
    const mail = renderEmail({
      subject: 'A <b> & "c"',
      greeting: "Bonjour <script>alert('x')</script>,",
      paragraphs: ['1 < 2'],
      action: { label: 'Voir', url: 'https://exemple.fr/?a=1&b="2"' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml("<script>alert('x')</script>"));
    expect(mail.html).toContain('href="https://exemple.fr/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain("Bonjour <script>alert('x')</script>,");
  });
});
