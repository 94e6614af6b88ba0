import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentList, type DocumentListItem } from './document-list';

const documents: DocumentListItem[] = [
  { id: 'a', fileName: 'permis-de-construire.pdf', kind: 'PERMISSION', size: 284_512, createdAt: '2026-11-20T09:30:00Z', source: 'ADVERTISER' },
  { id: 'b', fileName: 'etude-de-sol.pdf', kind: 'SOIL_STUDY', size: 3 * 1024 * 1024, createdAt: '2026-11-21T15:00:00Z', source: 'ADVERTISER' },
];

describe('DocumentList', () => {
  it('lists each document with its kind, size and date under its title', () => {
    render(<DocumentList title="Déposés" documents={documents} onDownload={vi.fn()} />);
    const list = screen.getByRole('list', { name: 'Déposés' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('permis-de-construire.pdf');
    expect(items[0]).toHaveTextContent('Autorisation d’urbanisme · 277,8 Ko · déposé le 20/11/2026');
    expect(items[1]).toHaveTextContent('Étude de sol · 3 Mo');
  });

  it("dates what the platform sent 'envoyé le', not 'déposé le'", () => {
    const sent: DocumentListItem[] = [
      { id: 'c', fileName: 'lettre-levee-de-doute.pdf', kind: 'OTHER', size: 1024, createdAt: '2026-11-22T08:00:00Z', source: 'PLATFORM' },
    ];
    render(<DocumentList title="Envoyés" documents={sent} />);
    const item = within(screen.getByRole('list', { name: 'Envoyés' })).getByRole('listitem');
    expect(item).toHaveTextContent('Autre document · 1 Ko · envoyé le 22/11/2026');
    expect(item).not.toHaveTextContent('déposé');
  });

  it('downloads, busy until the download ends', async () => {
    let finish: () => void = () => undefined;
    const onDownload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DocumentList documents={documents} onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger etude-de-sol.pdf' }));
    expect(onDownload).toHaveBeenCalledWith(documents[1]);
    const button = screen.getByRole('button', { name: 'Téléchargement... etude-de-sol.pdf' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    finish();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
  });

  it('deletes only what may be deleted, after a confirmation', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(<DocumentList documents={documents} onDownload={vi.fn()} onDelete={onDelete} canDelete={(d) => d.kind === 'SOIL_STUDY'} />);
    expect(screen.queryByRole('button', { name: 'Supprimer permis-de-construire.pdf' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer etude-de-sol.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer ce document ?' });
    expect(dialog).toHaveTextContent('Le document « etude-de-sol.pdf » sera supprimé définitivement.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer etude-de-sol.pdf' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(onDelete).toHaveBeenCalledWith(documents[1]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('reads Aucun document, Chargement... and a load error with Réessayer', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<DocumentList title="Envoyés" documents={[]} />);
    expect(screen.getByText('Aucun document')).toBeInTheDocument();
    rerender(<DocumentList title="Envoyés" documents={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
    rerender(<DocumentList title="Envoyés" documents={[]} error="Impossible de charger les documents" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les documents');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
