// The weighbridge ticket's photo or PDF of a weighed load (issue 18, optional): which files it
// may be and the document kind it is stored under. The browser checks a chosen file with
// `checkLoadTicketFile` before sending it; the API checks the same rule, then the content bytes
// (`fileContentMatchesExtension`), so a renamed file is refused too.
import { checkFile, fileExtension, type FileCheck, type FileInfo } from '../files/files';
import { transferMessages as m } from './messages';

/** Stored as a document of the CUT listing under this kind, never listed with the listing's documents. */
export const LOAD_TICKET_DOCUMENT_KIND = 'WEIGHBRIDGE_TICKET';

/** A photo taken on site or a scan: the listing's other types (Word, Excel, GIF) are no ticket. */
export const LOAD_TICKET_EXTENSIONS = ['pdf', 'jpeg', 'jpg', 'png', 'heic'] as const;
const LOAD_TICKET_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'];

/** The file input's `accept`: a phone offers its camera and its files. */
export const LOAD_TICKET_ACCEPT = 'image/*,application/pdf';

/** The file rules (size, name) then the ticket's types: by extension, or by MIME type when the name has none. */
export function checkLoadTicketFile(file: FileInfo | null | undefined): FileCheck {
  const verdict = checkFile(file);
  if (!verdict.ok || !file) return verdict;
  const ext = fileExtension(file.name);
  const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  const allowed = ext ? (LOAD_TICKET_EXTENSIONS as readonly string[]).includes(ext) : LOAD_TICKET_MIME_TYPES.includes(mime);
  return allowed ? verdict : { ok: false, reason: 'unsupported-type', message: m.loadTicketFileType };
}
