import { describe, expect, it } from 'vitest';
import { documentSentEmail } from './document-sent.js';

const input = {
  projectName: 'ZAC du Ried',
  type: 'FILL',
  fileName: 'courrier.pdf',
  documentsUrl: 'http://localhost:5173/user/inquiry/details/x/documents',
};

describe('document sent e-mail', () => {
  it('names the listing and the file in French, with the documents tab link in text and HTML', () => {
    const mail = documentSentEmail(input);
    expect(mail.subject).toBe('Nouveau document pour votre annonce de remblais « ZAC du Ried »');
    expect(mail.text).toContain("L'équipe Bourse aux terres vous a envoyé un document pour votre annonce de remblais « ZAC du Ried » : courrier.pdf.");
    expect(mail.text).toContain(`Voir les documents : ${input.documentsUrl}`);
    expect(mail.html).toContain(`href="${input.documentsUrl}"`);
  });

  it('escapes the names in the HTML', () => {
    const mail = documentSentEmail({ ...input, projectName: '<b>x</b>', fileName: '<img src=x>.pdf' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;img src=x&gt;.pdf');
  });
});
