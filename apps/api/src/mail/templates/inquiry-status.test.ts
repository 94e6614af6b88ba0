import { INQUIRY_STATUSES, statusLabel } from '@terres/domain';
import { describe, expect, it } from 'vitest';
import { inquiryStatusEmail } from './inquiry-status.js';

const base = { projectName: 'ZAC du Ried', type: 'CUT', detailUrl: 'http://localhost:5173/user/inquiry/details/x/overview' };

describe('listing status e-mails', () => {
  it.each(INQUIRY_STATUSES.filter((s) => s !== 'DRAFT'))('names the project and the status %s in French, text and HTML', (status) => {
    const mail = inquiryStatusEmail({ ...base, status, reason: 'Motif', debited: { cost: 80, balance: 120 } });
    expect(mail.subject).toBe(`Annonce de déblais « ZAC du Ried » : ${statusLabel(status)}`);
    expect(mail.text).toContain('ZAC du Ried');
    expect(mail.html).toContain('ZAC du Ried');
    expect(mail.text).toContain(base.detailUrl);
    expect(mail.html).toContain(base.detailUrl);
  });

  it('gives the refusal reason and the debit', () => {
    const refused = inquiryStatusEmail({ ...base, status: 'REJECTED', reason: 'Parcelles incohérentes.' });
    expect(refused.text).toContain('Motif du refus : Parcelles incohérentes.');
    expect(refused.text).toContain("Aucun crédit n'a été débité.");
    const approved = inquiryStatusEmail({ ...base, type: 'FILL', status: 'APPROVED', debited: { cost: 16, balance: 4 } });
    expect(approved.subject).toBe('Annonce de remblais « ZAC du Ried » : Validée');
    expect(approved.text).toMatch(/16\s+crédits ont été débités\. Solde restant : 4\s+crédits\./);
  });

  it('escapes the project name and the reason in the HTML', () => {
    const mail = inquiryStatusEmail({ ...base, projectName: '<img src=x onerror=alert(1)>', status: 'REJECTED', reason: '<script>x</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>x</script>');
  });
});
