import type { Document, User } from '@terres/api-client';
import { ToastProvider } from '@terres/ui/toast';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_API as API, setupApiServer } from '../../test/api-server';
import type { Auth } from '../auth/auth';
import { AuthProvider } from '../auth/auth-context';
import { DownloadButton } from '../downloads/download-button';
import { admin, owner } from '../testing/fixtures';
import { captureDownloads, problemResponse } from '../testing/http';
import { ListingDocuments, type ListingDocumentsProps } from './listing-documents';

const server = setupApiServer();

const TEXTS = {
  noDeposited: 'Aucun document déposé pour le moment.',
  noSent: 'La plateforme ne vous a encore envoyé aucun document.',
  downloadFailed: 'Le téléchargement a échoué.',
  deleteFailed: 'Erreur lors de la suppression du document',
  deleted: 'Document supprimé.',
};

const doc = (over: Partial<Document>): Document => ({
  id: 'd1',
  inquiryId: 'i1',
  kind: 'PERMISSION',
  source: 'ADVERTISER',
  fileName: 'permis.pdf',
  mimeType: 'application/pdf',
  size: 1024,
  createdAt: '2026-11-20T09:30:00Z',
  ...over,
});
const permit = doc({ id: 'd1', fileName: 'permis.pdf' });
const letter = doc({ id: 'd2', fileName: 'lettre.pdf', kind: 'OTHER', source: 'PLATFORM' });

/** A signed-in viewer, as the apps' AuthProvider gives it. */
function authOf(user: User): Auth {
  const state = { status: 'signed-in', user };
  return { subscribe: () => () => undefined, getState: () => state } as unknown as Auth;
}

function renderList(user: User, props: Partial<ListingDocumentsProps> = {}) {
  const remove = vi.fn(() => Promise.resolve());
  render(
    <AuthProvider auth={authOf(user)}>
      <ToastProvider>
        <ListingDocuments listing={{ id: 'i1', status: 'DRAFT' }} documents={[permit, letter]} remove={remove} texts={TEXTS} {...props} />
      </ToastProvider>
    </AuthProvider>,
  );
  return { remove, user: userEvent.setup() };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('ListingDocuments', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists 'Déposés' and 'Envoyés' apart, and says when one is empty", () => {
    renderList(owner, { documents: [letter], sentExtra: <p>Envoi en cours</p> });
    expect(within(region('Déposés')).getByText(TEXTS.noDeposited)).toBeInTheDocument();
    const sent = region('Envoyés');
    expect(within(sent).getAllByRole('listitem')[0]).toHaveTextContent('lettre.pdf');
    expect(within(sent).getByText('Envoi en cours')).toBeInTheDocument();
  });

  it('lets the organisation remove its own upload of a draft, never what the platform sent', async () => {
    const { remove, user } = renderList(owner);
    expect(within(region('Envoyés')).queryByRole('button', { name: 'Supprimer lettre.pdf' })).not.toBeInTheDocument();
    await user.click(within(region('Déposés')).getByRole('button', { name: 'Supprimer permis.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(remove).toHaveBeenCalledWith(permit);
    const toast = (await screen.findByText('Document supprimé.')).closest('.terres-toast__text');
    expect(toast).toHaveTextContent(/^Document supprimé\.$/);
  });

  it('offers no removal once the listing is submitted', () => {
    renderList(owner, { listing: { id: 'i1', status: 'PENDING_VALIDATION' } });
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();
  });

  it("lets an admin withdraw what the platform sent (named in the toast), never the advertiser's upload", async () => {
    const { remove, user } = renderList(admin, { listing: { id: 'i1', status: 'APPROVED' }, nameRemoved: true, texts: { ...TEXTS, deleted: 'Document retiré.' } });
    expect(within(region('Déposés')).queryByRole('button', { name: 'Supprimer permis.pdf' })).not.toBeInTheDocument();
    await user.click(within(region('Envoyés')).getByRole('button', { name: 'Supprimer lettre.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(remove).toHaveBeenCalledWith(letter);
    expect((await screen.findByText('Document retiré.')).closest('.terres-toast__text')).toHaveTextContent('lettre.pdf');
  });

  it('says when a removal failed', async () => {
    const { user } = renderList(owner, {
      remove: () => Promise.reject(new Error('refused')),
    });
    await user.click(screen.getByRole('button', { name: 'Supprimer permis.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(TEXTS.deleteFailed)).toBeInTheDocument();
  });

  it('downloads a document under the name the API gives, and says when it fails', async () => {
    server.use(
      http.get(`${API}/documents/d1/download`, () =>
        new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename*=UTF-8''Arr%C3%AAt%C3%A9.pdf` },
        }),
      ),
      http.get(`${API}/documents/d2/download`, () => problemResponse(404, 'Document introuvable.')),
    );
    const downloads = captureDownloads();
    const { user } = renderList(owner);
    await user.click(screen.getByRole('button', { name: 'Télécharger permis.pdf' }));
    await waitFor(() => expect(downloads.names).toEqual(['Arrêté.pdf']));
    await user.click(screen.getByRole('button', { name: 'Télécharger lettre.pdf' }));
    expect(await screen.findByText(TEXTS.downloadFailed)).toBeInTheDocument();
    expect(screen.getByText('Document introuvable.')).toBeInTheDocument();
  });
});

describe('DownloadButton', () => {
  it('is busy while it downloads and says when it failed', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const save = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    render(
      <ToastProvider>
        <DownloadButton save={save} loadingLabel="Téléchargement..." failedTitle="Le téléchargement a échoué.">
          Télécharger le récapitulatif (PDF)
        </DownloadButton>
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le récapitulatif (PDF)' }));
    expect(save).toHaveBeenCalledOnce();
    const button = screen.getByRole('button', { name: 'Téléchargement...' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    fail(new Error('network'));
    expect(await screen.findByText('Le téléchargement a échoué.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Télécharger le récapitulatif (PDF)' })).not.toHaveAttribute('aria-busy'));
  });
});
