// Downloads with their real file names (CONTRACT §10): the API names each file in
// Content-Disposition (an ASCII `filename` plus a UTF-8 `filename*`, RFC 6266), which CORS
// exposes. A file endpoint needs the bearer token, so a plain <a href> cannot fetch it:
// `downloadFile` goes through the shared client (token, refresh on 401), `saveFile` hands the
// Blob to the browser.
import { toApiPath } from '../mutator';
import { getHttp } from './client';

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (`filename*` first), else the fallback. */
  fileName: string;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Used when the answer names no file. Defaults to 'fichier'. */
  fallbackFileName?: string;
}

const DEFAULT_FILE_NAME = 'fichier';

/** The last path segment only: a name never carries a folder (nor `..`). */
function baseName(name: string): string | undefined {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? undefined : base;
}

function decodeExtValue(value: string): string | undefined {
  // RFC 8187: charset'language'percent-encoded
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.*)$/.exec(value.trim());
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Splits `a=1; b="x;y"` into parameters, honouring quoted strings and their backslash escapes. */
function parameters(header: string): Map<string, string> {
  const result = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
    if (!result.has(name)) result.set(name, value);
  }
  return result;
}

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 8187, UTF-8 or ISO-8859-1)
 * when readable, else `filename`; reduced to its last path segment. Undefined when absent.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const params = parameters(`;${header.replace(/^[^;]*/, '')}`);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? undefined : decodeExtValue(extended);
  const name = decoded ?? params.get('filename');
  return name === undefined ? undefined : baseName(name);
}

/**
 * GETs a file endpoint of the API (`getDownloadDocumentUrl(id)`, `/invoices/{id}/pdf`...)
 * with the session's token (and the 401 refresh flow) and answers its content and real name.
 * Errors are those of every generated call (ky's HTTPError: `problemMessage` works on them).
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const response = await (await getHttp()).get(toApiPath(path), options.signal ? { signal: options.signal } : {});
  const blob = await response.blob();
  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    options.fallbackFileName ??
    DEFAULT_FILE_NAME;
  return { blob, fileName };
}

/**
 * Saves a Blob as a download in the browser under `fileName` (an object URL on a temporary
 * link, released afterwards). Browser only.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Released after the click has been handled: some browsers read the URL asynchronously.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
