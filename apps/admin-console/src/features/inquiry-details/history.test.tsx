import type { InquiryHistoryEvent } from '@terres/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures';
import { problem } from '../../../test/http';
import { listing } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { detailsPath, serveInquiry } from './test-utils';

const OTHER_ID = '00000000-0000-4000-8000-0000000000f1';

function event(kind: InquiryHistoryEvent['kind'], at: string, fields: Partial<InquiryHistoryEvent> = {}): InquiryHistoryEvent {
  return {
    id: `00000000-0000-4000-8000-${String(Date.parse(at) % 1e12).padStart(12, '0')}`,
    at,
    kind,
    actorName: 'Julie Admin',
    actorRole: 'ADMIN',
    fromStatus: null,
    toStatus: null,
    reason: null,
    credits: null,
    documentKind: null,
    fileName: null,
    matchId: null,
    otherInquiryId: null,
    otherProjectName: null,
    ...fields,
  };
}

// Newest first, as the API answers.
const HISTORY: InquiryHistoryEvent[] = [
  event('MATCH_STATUS_CHANGED', '2026-11-20T09:30:00Z', { fromStatus: 'PROPOSED', toStatus: 'ACCEPTED', otherInquiryId: OTHER_ID, otherProjectName: 'Remblai de Cernay' }),
  event('MATCH_PROPOSED', '2026-11-18T15:00:00Z', { toStatus: 'PROPOSED', otherInquiryId: OTHER_ID, otherProjectName: 'Remblai de Cernay' }),
  event('DOCUMENT_SENT', '2026-11-12T10:00:00Z', { documentKind: 'SOIL_STUDY', fileName: 'etude-G2.pdf' }),
  event('STATUS_CHANGED', '2026-11-10T08:05:00Z', { fromStatus: 'PENDING_VALIDATION', toStatus: 'APPROVED', credits: 80 }),
  event('SUBMITTED', '2026-11-09T17:00:00Z', { actorName: 'Camille Muller', actorRole: 'OWNER', credits: 80 }),
  event('STATUS_CHANGED', '2026-11-03T13:05:00Z', { fromStatus: 'PENDING_VALIDATION', toStatus: 'REJECTED', reason: 'Le permis joint est illisible.' }),
  event('DOCUMENT_UPLOADED', '2026-11-01T07:00:00Z', { actorName: 'Camille Muller', actorRole: 'OWNER', documentKind: 'PERMISSION', fileName: 'permis.pdf' }),
];

describe("admin listing detail, the listing's history (issue 21)", () => {
  it('tells who validated, refused and why, the credits debited, the documents and the matches, dated in French', async () => {
    const inquiry = listing({ status: 'SITE_FOUND' });
    serveInquiry(inquiry, { history: HISTORY });
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Historique' }, { timeout: 10_000 });
    const items = await within(card).findAllByRole('listitem', {}, { timeout: 10_000 });
    expect(items.map((item) => item.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      '20 novembre 2026 à 10:30Mise en relation avec « Remblai de Cernay » : Acceptée Voir l’annoncepar Julie Admin (administrateur)',
      '18 novembre 2026 à 16:00Mise en relation proposée avec « Remblai de Cernay » Voir l’annoncepar Julie Admin (administrateur)',
      '12 novembre 2026 à 11:00Document envoyé à l’annonceur : Étude de sol « etude-G2.pdf »par Julie Admin (administrateur)',
      '10 novembre 2026 à 09:05Annonce validéepar Julie Admin (administrateur)80 crédits débités',
      '9 novembre 2026 à 18:00Annonce soumise à validationpar Camille Muller (annonceur)Coût annoncé : 80 crédits',
      '3 novembre 2026 à 14:05Annonce refuséepar Julie Admin (administrateur)Motif : Le permis joint est illisible.',
      '1er novembre 2026 à 08:00Document déposé : Autorisation d’urbanisme « permis.pdf »par Camille Muller (annonceur)',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Voir l’annonce' })).toHaveAttribute('href', `/admin/inquiry/details/${OTHER_ID}/management`);
    expect(items[3]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-10T08:05:00Z');
  });

  it('says when nothing is recorded yet', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Historique' }, { timeout: 10_000 });
    expect(await within(card).findByText('Rien n’a encore été enregistré pour cette annonce.')).toBeInTheDocument();
  });

  it('explains a failed load and retries', async () => {
    const inquiry = listing({ status: 'APPROVED' });
    serveInquiry(inquiry);
    // Failing until the admin has seen the error (the client may retry a 503 by itself first).
    let failing = true;
    server.use(http.get('*/inquiries/:id/history', () => (failing ? problem(503, 'Le serveur est très sollicité.') : undefined)));
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Historique' }, { timeout: 10_000 });
    expect(await within(card).findByText('Le serveur est très sollicité.', {}, { timeout: 8000 })).toBeInTheDocument();
    failing = false;
    await app.user.click(within(card).getByRole('button', { name: /Réessayer/ }));
    await waitFor(() => expect(within(card).getByText('Rien n’a encore été enregistré pour cette annonce.')).toBeInTheDocument());
  });
});
