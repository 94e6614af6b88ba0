import { captureDownloads } from '@terres/app-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { employee, owner } from '../../../test/fixtures';
import { makeDocument, makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { detailsPath, serveInquiry } from './test-utils';

describe('listing detail, Documents (spec §2; CONTRACT §11)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists the organisation's documents under 'Déposés' and the platform's under 'Envoyés'", async () => {
    const inquiry = makeInquiry({ status: 'APPROVED' });
    const documents = [
      makeDocument({ inquiryId: inquiry.id, fileName: 'arrete-permis-amenager.pdf', kind: 'PERMISSION', size: 48_213 }),
      makeDocument({ inquiryId: inquiry.id, fileName: 'etude-de-sol-G2-AVP.pdf', kind: 'SOIL_STUDY', size: 2_400_000 }),
      makeDocument({ inquiryId: inquiry.id, fileName: 'lettre-levee-de-doute.pdf', kind: 'OTHER', source: 'PLATFORM' }),
    ];
    serveInquiry(inquiry, { documents });
    renderApp(detailsPath(inquiry, 'documents'), { user: employee });

    const deposited = await screen.findByRole('region', { name: 'Déposés' });
    await waitFor(() => expect(document.title).toBe('Documents · Écoquartier Rive Droite – tranche 2 · Bourse aux terres'));
    const items = within(deposited).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('arrete-permis-amenager.pdf');
    expect(items[0]).toHaveTextContent('Autorisation d’urbanisme · 47,1 Ko · déposé le 02/11/2026');
    expect(items[1]).toHaveTextContent('Étude de sol · 2,3 Mo');

    const sent = screen.getByRole('region', { name: 'Envoyés' });
    const [letter] = within(sent).getAllByRole('listitem');
    expect(letter).toHaveTextContent('lettre-levee-de-doute.pdf');
    expect(letter).toHaveTextContent('Autre document · 47,1 Ko · envoyé le 02/11/2026');
    expect(within(letter!).getByRole('button', { name: 'Télécharger lettre-levee-de-doute.pdf' })).toBeInTheDocument();
  });

  it('says when nothing was deposited or sent yet', async () => {
    const draft = makeInquiry({ status: 'DRAFT' });
    serveInquiry(draft, { documents: [] });
    renderApp(detailsPath(draft, 'documents'), { user: owner });
    expect(within(await screen.findByRole('region', { name: 'Déposés' })).getByText('Aucun document déposé pour le moment.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Envoyés' })).getByText('La plateforme ne vous a encore envoyé aucun document.')).toBeInTheDocument();
  });

  it('downloads a document under the name the API gives, and the PDF summary', async () => {
    const inquiry = makeInquiry({ status: 'PENDING_VALIDATION', projectName: 'Écoquartier Rive Droite – tranche 2' });
    const permit = makeDocument({ inquiryId: inquiry.id, fileName: 'Arrêté permis 2026.pdf' });
    serveInquiry(inquiry, { documents: [permit] });
    const requested: string[] = [];
    server.use(
      http.get('*/documents/:id/download', ({ params }) => {
        requested.push(String(params.id));
        return new HttpResponse(new Blob(['%PDF-1.4 permis'], { type: 'application/pdf' }), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Arrete permis 2026.pdf"; filename*=UTF-8''Arr%C3%AAt%C3%A9%20permis%202026.pdf`,
          },
        });
      }),
      http.get('*/inquiries/:id/pdf', () =>
        new HttpResponse(new Blob(['%PDF-1.4 annonce'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="annonce-ecoquartier-rive-droite-tranche-2.pdf"' },
        }),
      ),
    );
    const downloads = captureDownloads();
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: owner });

    await app.user.click(await screen.findByRole('button', { name: 'Télécharger Arrêté permis 2026.pdf' }));
    await waitFor(() => expect(downloads.names).toEqual(['Arrêté permis 2026.pdf']));
    expect(requested).toEqual([permit.id]);
    expect(await downloads.blobs[0]!.text()).toBe('%PDF-1.4 permis');

    await app.user.click(screen.getByRole('button', { name: 'Télécharger le récapitulatif (PDF)' }));
    await waitFor(() => expect(downloads.names).toEqual(['Arrêté permis 2026.pdf', 'annonce-ecoquartier-rive-droite-tranche-2.pdf']));
  });

  it('says so when a download fails', async () => {
    const inquiry = makeInquiry();
    const permit = makeDocument({ inquiryId: inquiry.id });
    serveInquiry(inquiry, { documents: [permit] });
    server.use(
      http.get('*/documents/:id/download', () =>
        HttpResponse.json(
          { status: 404, title: 'Not Found', detail: 'Document introuvable.' },
          { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: owner });
    await app.user.click(await screen.findByRole('button', { name: `Télécharger ${permit.fileName}` }));
    expect(await screen.findByText('Le téléchargement a échoué.')).toBeInTheDocument();
    expect(screen.getByText('Document introuvable.')).toBeInTheDocument();
  });

  it.each(['DRAFT', 'REJECTED'] as const)(
    "lets the organisation remove its own uploads of a %s listing, not the platform's",
    async (status) => {
      const inquiry = makeInquiry({ status });
      const permit = makeDocument({ inquiryId: inquiry.id, fileName: 'mauvais-permis.pdf' });
      const study = makeDocument({ inquiryId: inquiry.id, fileName: 'etude-plateforme.pdf', kind: 'SOIL_STUDY', source: 'PLATFORM' });
      let documents = [permit, study];
      serveInquiry(inquiry);
      const deletedIds: string[] = [];
      server.use(
        http.get('*/inquiries/:id/documents', () => HttpResponse.json(documents)),
        http.delete('*/documents/:id', ({ params }) => {
          deletedIds.push(String(params.id));
          documents = documents.filter((document) => document.id !== params.id);
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const app = renderApp(detailsPath(inquiry, 'documents'), { user: employee });

      const sent = await screen.findByRole('region', { name: 'Envoyés' });
      expect(within(sent).queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();
      const deposited = screen.getByRole('region', { name: 'Déposés' });
      await app.user.click(within(deposited).getByRole('button', { name: 'Supprimer mauvais-permis.pdf' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce document ?' });
      expect(dialog).toHaveTextContent('Le document « mauvais-permis.pdf » sera supprimé définitivement.');
      await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

      expect(await screen.findByText('Document supprimé.')).toBeInTheDocument();
      expect(deletedIds).toEqual([permit.id]);
      await waitFor(() => expect(within(deposited).getByText('Aucun document déposé pour le moment.')).toBeInTheDocument());
      expect(within(sent).getByText('etude-plateforme.pdf', { selector: '.terres-document-list__name' })).toBeInTheDocument();
    },
  );

  it.each(['PENDING_VALIDATION', 'APPROVED'] as const)('keeps the documents of a %s listing', async (status) => {
    const inquiry = makeInquiry({ status });
    serveInquiry(inquiry, { documents: [makeDocument({ inquiryId: inquiry.id })] });
    renderApp(detailsPath(inquiry, 'documents'), { user: owner });
    const deposited = await screen.findByRole('region', { name: 'Déposés' });
    expect(within(deposited).getByRole('button', { name: /^Télécharger/ })).toBeInTheDocument();
    expect(within(deposited).queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();
  });

  it("says why a removal failed and keeps the document", async () => {
    const inquiry = makeInquiry({ status: 'DRAFT' });
    const permit = makeDocument({ inquiryId: inquiry.id, fileName: 'permis.pdf' });
    serveInquiry(inquiry, { documents: [permit] });
    server.use(
      http.delete('*/documents/:id', () =>
        HttpResponse.json(
          { status: 409, title: 'Conflict', detail: "L'annonce n'est plus modifiable." },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Supprimer permis.pdf' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression du document')).toBeInTheDocument();
    expect(screen.getByText("L'annonce n'est plus modifiable.")).toBeInTheDocument();
    expect(screen.getByText('permis.pdf', { selector: '.terres-document-list__name' })).toBeInTheDocument();
  });
});
