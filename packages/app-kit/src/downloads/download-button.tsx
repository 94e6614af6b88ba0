// Files both apps save: a document under its real name, and the small 'Télécharger' button that
// waits for a download and says when it failed (a listing's PDF summary, a soil study).
import { downloadFile, getDownloadDocumentUrl, parseProblem, saveFile } from '@terres/api-client';
import { Button } from '@terres/ui/button';
import { useToast } from '@terres/ui/toast';
import { useState, type ReactNode } from 'react';

/** The document, saved by the browser under its real name (Content-Disposition, UTF-8 first). */
export async function saveDocument(document: { id: string; fileName?: string | null }): Promise<void> {
  const { blob, fileName } = await downloadFile(getDownloadDocumentUrl(document.id), {
    ...(document.fileName ? { fallbackFileName: document.fileName } : {}),
  });
  saveFile(blob, fileName);
}

export interface DownloadButtonProps {
  /** Fetches and saves the file. */
  save: () => Promise<unknown>;
  /** The button's label (with any visually hidden precision). */
  children: ReactNode;
  /** Shown while it downloads ('Téléchargement...'). */
  loadingLabel: string;
  /** The toast's title when it fails; the server's detail, if any, under it. */
  failedTitle: string;
}

export function DownloadButton({ save, children, loadingLabel, failedTitle }: DownloadButtonProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      loadingLabel={loadingLabel}
      onClick={() => {
        setBusy(true);
        save()
          .catch((error: unknown) => toast.error(failedTitle, parseProblem(error)?.detail))
          .finally(() => setBusy(false));
      }}
    >
      {children}
    </Button>
  );
}
