import { colors, font, logoShapes, logoSvg } from '@terres/ui/tokens';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer, NoMailTransportError } from './mailer.js';
import { codeEmail } from './templates/auth.js';
import { escapeHtml } from '../http/html.js';
import { renderEmail } from './templates/layout.js';

describe('dev outbox', () => {
  it('keeps the last 100 messages, newest first, one per recipient', async () => {
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => void logged.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ transport: 'outbox', smtpUrl: undefined, from: 'Bourse aux terres <no-reply@bourse-terres.test>', log });
    for (let i = 0; i < 104; i += 1) await mailer.send({ to: `n${i}@exemple.fr`, subject: `n°${i}`, text: 't', html: '<p>t</p>' });
    await mailer.send({ to: ['a@exemple.fr', 'b@exemple.fr'], subject: 'deux', text: 't', html: 'h' });
    expect(mailer.outbox).toHaveLength(100);
    expect(mailer.outbox!.slice(0, 3).map((m) => [m.to, m.subject])).toEqual([
      ['b@exemple.fr', 'deux'],
      ['a@exemple.fr', 'deux'],
      ['n103@exemple.fr', 'n°103'],
    ]);
    // Who and what, never the text (a sign-in code, an invitation link).
    expect(logged).toHaveLength(106);
    expect(JSON.stringify(logged)).not.toContain('"t"');
  });

  it('logs no body: a code e-mail leaves no code in the log', async () => {
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => void logged.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ transport: 'outbox', smtpUrl: undefined, from: 'x <x@exemple.fr>', log });
    await mailer.send({ to: 'a@exemple.fr', ...codeEmail('042917', 'LOGIN') });
    expect(mailer.outbox![0]!.text).toContain('042917');
    expect(JSON.stringify(logged)).not.toContain('042917');
  });
});

describe('no transport', () => {
  it('fails every send, keeping nothing', async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ transport: 'none', smtpUrl: undefined, from: 'x <x@exemple.fr>', log });
    await expect(mailer.send({ to: 'a@exemple.fr', ...codeEmail('042917', 'LOGIN') })).rejects.toThrow(NoMailTransportError);
    expect(mailer.outbox).toBeUndefined();
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

  it('wears the apps’ face: their brown, their typeface, their logo mark, and no other colour', () => {
    const { html } = renderEmail({ subject: 'S', paragraphs: ['p'], action: { label: 'Voir', url: 'https://exemple.fr/' }, footnote: 'n' });
    expect(html).toContain(logoSvg({ size: 28 }).replace('<svg ', '<svg style="vertical-align:middle;margin-right:8px" '));
    expect(html).toContain(`background:${colors.primary};color:${colors.onPrimary}`);
    expect(html).toContain(`font-family:${escapeHtml(font.fontStack)}`);
    const palette = new Set<string>(Object.values(colors));
    for (const shape of logoShapes) palette.add(shape.fill);
    const used = html.match(/#[0-9a-f]{6}\b/gi) ?? [];
    expect(used.filter((colour) => !palette.has(colour.toLowerCase()))).toEqual([]);
  });
});
