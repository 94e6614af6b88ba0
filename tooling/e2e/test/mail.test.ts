import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailClient, startSmtpCapture, type SmtpCapture } from '../src/mail';

let capture: SmtpCapture;
beforeAll(async () => {
  capture = await startSmtpCapture();
});
afterAll(() => capture.close());

async function send(to: string, subject: string, text: string) {
  const transport = nodemailer.createTransport(capture.smtpUrl);
  await transport.sendMail({ from: 'Bourse aux terres <no-reply@bourse-terres.test>', to, subject, text, html: `<p>${text}</p>` });
  transport.close();
}

describe('SMTP capture and its client', () => {
  it('hands the newest code, waiting for a mail sent later', async () => {
    const mail = createMailClient(capture.httpUrl);
    await send('camille@e2e.test', 'Votre code de connexion Bourse aux terres', 'Bonjour,\n\nVoici votre code.\n\n111111\n');
    expect(await mail.lastCode('Camille@E2E.test')).toBe('111111');

    const since = Date.now();
    const waiting = mail.lastCode('camille@e2e.test', { since });
    await send('camille@e2e.test', 'Votre code de connexion Bourse aux terres', 'Bonjour,\n\n222222\n');
    expect(await waiting).toBe('222222');
  });

  it('does not take a digit run inside a link for a code', async () => {
    const mail = createMailClient(capture.httpUrl);
    await send('dominique@e2e.test', 'Invitation', "Accepter l'invitation : http://127.0.0.1:5/accept-invitation?token=ab123456cd\n");
    await expect(mail.lastCode('dominique@e2e.test', { timeoutMs: 300 })).rejects.toThrow(
      /no e-mail to dominique@e2e.test \(with a 6-digit code\) within 300 ms; e-mails to that address: "Invitation"/,
    );
    expect(await mail.lastLink('dominique@e2e.test', '/accept-invitation')).toBe('http://127.0.0.1:5/accept-invitation?token=ab123456cd');
  });

  it('filters by subject and instant, and lists what arrived', async () => {
    const mail = createMailClient(capture.httpUrl);
    await send('sacha@e2e.test', 'Annonce validée : Chantier Nord', 'Votre annonce a été validée.');
    await send('sacha@e2e.test', 'Annonce refusée : Chantier Sud', 'Motif : parcelles manquantes.');
    expect((await mail.waitForMail({ to: 'sacha@e2e.test', subject: 'validée' })).subject).toBe('Annonce validée : Chantier Nord');
    expect((await mail.waitForMail({ to: 'sacha@e2e.test', subject: /refusée : .*Sud/ })).text).toContain('parcelles manquantes');
    expect((await mail.list('sacha@e2e.test')).map((m) => m.subject)).toEqual(['Annonce validée : Chantier Nord', 'Annonce refusée : Chantier Sud']);
    expect(await mail.list('sacha@e2e.test', { since: Date.now() + 60_000 })).toEqual([]);
    expect(await mail.list('personne@e2e.test')).toEqual([]);
  });
});
