import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileField } from '../file-field/file-field';
import { UploadProgress } from '../upload-progress/upload-progress';
import { DocumentList, type DocumentListItem } from './document-list';

const documents: DocumentListItem[] = [
  { id: 'a', fileName: 'permis-de-construire-lotissement-des-vignes.pdf', kind: 'PERMISSION', size: 284_512, createdAt: '2026-11-20T09:30:00Z', source: 'ADVERTISER' },
  { id: 'b', fileName: 'etude-de-sol.pdf', kind: 'SOIL_STUDY', size: 3_145_728, createdAt: '2026-11-21T15:00:00Z', source: 'ADVERTISER' },
  { id: 'c', fileName: 'photo-du-site.jpg', kind: 'OTHER', size: 1_887_436, createdAt: '2026-11-22T08:10:00Z', source: 'ADVERTISER' },
];

const meta = {
  title: 'Components/DocumentList',
  component: DocumentList,
  tags: ['autodocs'],
  args: { title: 'Déposés', documents, onDownload: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 400))) },
} satisfies Meta<typeof DocumentList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Télécharger etude-de-sol.pdf' }));
    await expect(args.onDownload).toHaveBeenCalledWith(documents[1]);
  },
};

/** A draft's own uploads can be deleted, after a confirmation. */
export const WithDelete: Story = {
  args: { onDelete: fn(() => Promise.resolve()), canDelete: (d) => d.kind !== 'PERMISSION' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Supprimer photo-du-site.jpg' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Supprimer' }));
    await expect(args.onDelete).toHaveBeenCalledWith(documents[2]);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** Documents the platform sent: none yet. */
export const Empty: Story = { args: { title: 'Envoyés', documents: [] } };

export const Loading: Story = { args: { documents: [], loading: true } };

export const LoadError: Story = {
  args: { documents: [], error: 'Impossible de charger les documents', onRetry: fn() },
};

export const Phone: Story = {
  args: { onDelete: fn() },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

/** The Documents step: the picker, the file being sent, then the list. */
function UploadFlow() {
  const [uploading, setUploading] = useState<File | null>(null);
  return (
    <DocumentList title="Documents du projet" documents={documents.slice(0, 2)} onDownload={() => undefined}>
      {uploading ? (
        <UploadProgress fileName={uploading.name} loaded={uploading.size * 0.64} total={uploading.size} onCancel={() => setUploading(null)} />
      ) : null}
      {/* The picker hands the file over and stays empty: the upload shows it from then on. */}
      <FileField label="Ajouter un document" value={[]} onFilesChange={(files) => setUploading(files[0] ?? null)} />
    </DocumentList>
  );
}

export const WithUpload: Story = {
  render: () => <UploadFlow />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const file = new File([new Uint8Array(1_200_000)], 'plan-de-masse.pdf', { type: 'application/pdf' });
    await userEvent.upload(canvas.getByLabelText('Ajouter un document'), file);
    await expect(canvas.getByRole('progressbar', { name: 'plan-de-masse.pdf' })).toHaveAttribute('aria-valuenow', '64');
  },
};

/** What the platform sent (the 'Envoyés' group): dated 'envoyé le'. */
export const SentByPlatform: Story = {
  args: {
    title: 'Envoyés',
    documents: [
      { id: 'd', fileName: 'lettre-levee-de-doute.pdf', kind: 'OTHER', size: 48_213, createdAt: '2026-11-22T08:00:00Z', source: 'PLATFORM' },
    ],
  },
  play: async ({ canvasElement }) => {
    const item = within(within(canvasElement).getByRole('list', { name: 'Envoyés' })).getByRole('listitem');
    await expect(item).toHaveTextContent('envoyé le 22/11/2026');
  },
};
