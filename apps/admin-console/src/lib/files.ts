// Files the console saves: a listing's documents and soil studies, under the names the API gives.
import { downloadFile, getDownloadDocumentUrl, saveFile } from '@terres/api-client';

/** The document, saved by the browser under its real name (Content-Disposition, UTF-8 first). */
export async function saveDocument(document: { id: string; fileName?: string | null }): Promise<void> {
  const { blob, fileName } = await downloadFile(getDownloadDocumentUrl(document.id), {
    ...(document.fileName ? { fallbackFileName: document.fileName } : {}),
  });
  saveFile(blob, fileName);
}
