import type { Document } from '@terres/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures';
import { document, listing } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { captureDownloads, problem } from '../../../test/http';
import { detailsPath, serveInquiry } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
});

const inquiry = listing({ soilStudyDelegation: true });
const permit = document({ inquiryId: inquiry.id, fileName: 'Arrêté permis 2026.pdf', kind: 'PERMISSION' });
const letter = document({ inquiryId: inquiry.id, fileName: 'courrier-plateforme.pdf', kind: 'OTHER', source: 'PLATFORM' });

const deposited = () => screen.getByRole('region', { name: 'Déposés' });
const sent = () => screen.getByRole('region', { name: 'Envoyés' });
/** The visible name of a listed document (its buttons repeat it for screen readers). */
const NAME = { selector: '.terres-document-list__name' };

describe('admin listing detail, Documents (spec §2; CONTRACT §11)', () => {
  it("lists the advertiser's documents under 'Déposés' and the platform's under 'Envoyés', each downloadable", async () => {
    serveInquiry(inquiry, { documents: [permit, letter] });
    server.use(
      http.get('*/documents/:id/download', () =>
        new HttpResponse(new Blob(['%PDF-1.4 permis'], { type: 'application/pdf' }), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Arrete permis 2026.pdf"; filename*=UTF-8''Arr%C3%AAt%C3%A9%20permis%202026.pdf`,
          },
        }),
      ),
    );
    const downloads = captureDownloads();
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: admin });

    expect(await screen.findByRole('heading', { level: 2, name: 'Déposés' })).toBeInTheDocument();
    expect(within(deposited()).getByText('Arrêté permis 2026.pdf', NAME)).toBeInTheDocument();
    // The advertiser's own files are not the admin's to remove.
    expect(within(deposited()).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(sent()).getByText('courrier-plateforme.pdf', NAME)).toBeInTheDocument();
    expect(within(sent()).getByRole('button', { name: 'Supprimer courrier-plateforme.pdf' })).toBeInTheDocument();

    await app.user.click(within(deposited()).getByRole('button', { name: 'Télécharger Arrêté permis 2026.pdf' }));
    await waitFor(() => expect(downloads.names).toEqual(['Arrêté permis 2026.pdf']));
    expect(await downloads.blobs[0]!.text()).toBe('%PDF-1.4 permis');
  });

  it("sends a soil study to the advertiser: it appears under 'Envoyés'", async () => {
    const received: { kind: string; fileName: string }[] = [];
    const documents = [permit];
    serveInquiry(inquiry, { documents });
    server.use(
      http.post('*/inquiries/:id/documents', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        received.push({ kind: String(form.get('kind')), fileName: file.name });
        const stored: Document = document({
          inquiryId: inquiry.id,
          kind: 'SOIL_STUDY',
          source: 'PLATFORM',
          fileName: file.name,
          size: file.size,
        });
        documents.push(stored);
        return HttpResponse.json(stored, { status: 201 });
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: admin });
    const send = await screen.findByRole('region', { name: "Envoyer un document à l'annonceur" });
    expect(within(send).getByText(/L'annonceur a confié l'étude de sol à la plateforme/)).toBeInTheDocument();
    // A delegated study: the kind starts on 'Étude de sol'.
    expect(within(send).getByRole('combobox', { name: 'Type de document' })).toHaveTextContent('Étude de sol');

    // An ASCII name: happy-dom's multipart encoder and MSW's parser disagree on UTF-8 names (the
    // real browser and API keep them; the end-to-end journey checks an accented one).
    const file = new File(['%PDF-1.4 étude'], 'etude-de-sol-G2.pdf', { type: 'application/pdf' });
    await app.user.upload(within(send).getByLabelText(/^Fichier à envoyer/, { selector: 'input' }), file);
    // Picking a file sends nothing (review D2): the admin sees it, then confirms.
    expect(within(send).getByText('etude-de-sol-G2.pdf')).toBeInTheDocument();
    expect(received).toEqual([]);
    await app.user.click(within(send).getByRole('button', { name: "Envoyer à l'annonceur" }));
    const dialog = await screen.findByRole('alertdialog', { name: "Envoyer ce document à l'annonceur ?" });
    expect(dialog).toHaveTextContent('« etude-de-sol-G2.pdf » sera envoyé comme « Étude de sol »');
    await app.user.click(within(dialog).getByRole('button', { name: "Envoyer à l'annonceur" }));
    expect(await within(sent()).findByText('etude-de-sol-G2.pdf', NAME, { timeout: 5000 })).toBeInTheDocument();
    expect(received).toEqual([{ kind: 'SOIL_STUDY', fileName: 'etude-de-sol-G2.pdf' }]);
    expect(await screen.findByText("Document envoyé à l'annonceur.")).toBeInTheDocument();
  });

  it('sends nothing until a type is chosen: no default type on a listing whose study is not delegated (review D2)', async () => {
    const own = listing({ soilStudyDelegation: false });
    let posted = 0;
    serveInquiry(own, { documents: [] });
    server.use(
      http.post('*/inquiries/:id/documents', () => {
        posted += 1;
        return problem(500);
      }),
    );
    const app = renderApp(detailsPath(own, 'documents'), { user: admin });
    const send = await screen.findByRole('region', { name: "Envoyer un document à l'annonceur" });
    expect(within(send).getByRole('combobox', { name: 'Type de document' })).toHaveTextContent('Choisissez le type du document');
    await app.user.upload(
      within(send).getByLabelText(/^Fichier à envoyer/, { selector: 'input' }),
      new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }),
    );
    expect(within(send).getByRole('button', { name: "Envoyer à l'annonceur" })).toBeDisabled();
    await app.user.click(within(send).getByRole('combobox', { name: 'Type de document' }));
    await app.user.click(await screen.findByRole('option', { name: 'Autre document' }));
    await app.user.click(within(send).getByRole('button', { name: "Envoyer à l'annonceur" }));
    // Cancelling the confirmation sends nothing either.
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(posted).toBe(0);
    expect(within(send).getByText('plan.pdf')).toBeInTheDocument();
  });

  it('keeps a refused upload on screen with the reason, and sends it again on retry', async () => {
    const documents: Document[] = [];
    serveInquiry(inquiry, { documents });
    let refuse = true;
    server.use(
      http.post('*/inquiries/:id/documents', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        if (refuse) return problem(503, 'Service momentanément indisponible.');
        const stored = document({ inquiryId: inquiry.id, kind: 'OTHER', source: 'PLATFORM', fileName: file.name });
        documents.push(stored);
        return HttpResponse.json(stored, { status: 201 });
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: admin });
    const send = await screen.findByRole('region', { name: "Envoyer un document à l'annonceur" });
    await app.user.upload(
      within(send).getByLabelText(/^Fichier à envoyer/, { selector: 'input' }),
      new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await app.user.click(within(send).getByRole('combobox', { name: 'Type de document' }));
    await app.user.click(await screen.findByRole('option', { name: 'Autre document' }));
    await app.user.click(within(send).getByRole('button', { name: "Envoyer à l'annonceur" }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Envoyer à l'annonceur" }));
    expect(await within(sent()).findByText('Service momentanément indisponible.', {}, { timeout: 5000 })).toBeInTheDocument();
    refuse = false;
    await app.user.click(within(sent()).getByRole('button', { name: /Réessayer/ }));
    expect(await within(sent()).findByRole('button', { name: 'Télécharger plan.pdf' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('withdraws a document the platform sent after a confirmation', async () => {
    const deleted: string[] = [];
    const documents = [permit, letter];
    serveInquiry(inquiry, { documents });
    server.use(
      http.delete('*/documents/:id', ({ params }) => {
        deleted.push(String(params.id));
        documents.splice(documents.findIndex((item) => item.id === params.id), 1);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'documents'), { user: admin });
    await app.user.click(await within(await screen.findByRole('region', { name: 'Envoyés' })).findByRole('button', { name: 'Supprimer courrier-plateforme.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Supprimer ce document/ });
    await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(within(sent()).queryByText('courrier-plateforme.pdf', NAME)).not.toBeInTheDocument());
    expect(deleted).toEqual([letter.id]);
    expect(within(deposited()).getByText('Arrêté permis 2026.pdf', NAME)).toBeInTheDocument();
  });
});
