import { UploadProgress } from '@terres/ui/upload-progress';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useUploads, type UploadsOptions } from './use-uploads';

type Send = UploadsOptions<string, string>['upload'];

function Uploader({ upload, onUploaded }: { upload: Send; onUploaded: (result: string, file: File, kind: string) => void }) {
  const { uploads, start, progressProps } = useUploads<string, string>({
    upload,
    onUploaded,
    failureMessage: (error) => (error instanceof Error ? error.message : 'Échec du téléversement.'),
  });
  return (
    <>
      <button type="button" onClick={() => start(new File(['0123456789'], 'plan.pdf'), 'PERMISSION')}>
        Choisir
      </button>
      <ul>
        {uploads.map((item) => (
          <li key={item.key}>
            <UploadProgress {...progressProps(item)} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** An upload the test settles by hand. */
function controlled() {
  const calls: { kind: string; resolve: (id: string) => void; reject: (error: Error) => void; progress: (f: number) => void; signal: AbortSignal }[] = [];
  const upload: Send = (_file, kind, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      calls.push({ kind, resolve, reject, progress: onProgress, signal });
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { upload, calls };
}

describe('useUploads', () => {
  it('lists a file while it goes up, with its progress, and hands the result over once it left the list', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlled();
    const onUploaded = vi.fn();
    render(<Uploader upload={upload} onUploaded={onUploaded} />);

    await user.click(screen.getByRole('button', { name: 'Choisir' }));
    expect(screen.getByText('plan.pdf')).toBeInTheDocument();
    expect(calls[0]?.kind).toBe('PERMISSION');
    calls[0]?.progress(0.5);
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    calls[0]?.resolve('doc-1');
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith('doc-1', expect.any(File), 'PERMISSION'));
    expect(screen.queryByText('plan.pdf')).not.toBeInTheDocument();
  });

  it("keeps a failed file with its reason and 'Réessayer', which sends it again", async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlled();
    const onUploaded = vi.fn();
    render(<Uploader upload={upload} onUploaded={onUploaded} />);

    await user.click(screen.getByRole('button', { name: 'Choisir' }));
    calls[0]?.reject(new Error('Format de fichier non autorisé.'));
    expect(await screen.findByText('Format de fichier non autorisé.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(calls).toHaveLength(2);
    calls[1]?.resolve('doc-2');
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith('doc-2', expect.any(File), 'PERMISSION'));
  });

  it("'Annuler' stops the request; 'Retirer' forgets the file", async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlled();
    render(<Uploader upload={upload} onUploaded={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Choisir' }));
    await user.click(screen.getByRole('button', { name: /Annuler/ }));
    expect(calls[0]?.signal.aborted).toBe(true);
    await user.click(await screen.findByRole('button', { name: /Retirer/ }));
    expect(screen.queryByText('plan.pdf')).not.toBeInTheDocument();
  });
});
