// Reading an upload's multipart body (CONTRACT §10): one `file` part streamed to a temporary
// file (5 MiB at most, its name cleaned and bounded) and the form's fields; every way a body can
// be malformed answers a French 4xx, never a 5xx.
import { FILE_NAME_MAX_LENGTH, messages } from '@terres/domain';
import type { FastifyRequest } from 'fastify';
import { cleanFileName } from '../files/names.js';
import type { FileStorage, TempFile } from '../files/storage.js';
import { HttpProblem, problem } from './problem.js';
import { assertCleanInput } from './text-guard.js';

export interface ReceivedFile {
  temp: TempFile;
  fileName: string;
  kind: string | undefined;
}

/**
 * Reads the multipart body: one `file` part (streamed to a temporary local file, 5 MiB at most)
 * and a `kind` field. The caller must discard `temp` unless it commits it.
 */
export async function receiveFile(request: FastifyRequest, storage: FileStorage): Promise<ReceivedFile> {
  let temp: TempFile | undefined;
  let fileName = '';
  let nameTooLong = false;
  let kind: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || temp || nameTooLong) {
          part.file.resume();
          continue;
        }
        // U+0000 is refused (400); other control and bidirectional characters are dropped
        // before any check, so the extension checked is the one stored and served.
        assertCleanInput(part.filename, 'file');
        const name = cleanFileName(part.filename);
        // Counted in characters (code points), as the portals count them. Refused before a
        // byte is stored; the rest of the body is read and dropped so the answer gets through.
        if ([...name].length > FILE_NAME_MAX_LENGTH) {
          nameTooLong = true;
          part.file.resume();
          continue;
        }
        fileName = name;
        temp = await storage.writeTemp(part.file);
        if (part.file.truncated) throw problem(413, messages.fileTooLarge);
      } else {
        assertCleanInput({ [part.fieldname]: part.value });
        if (part.fieldname === 'kind') kind = String(part.value);
      }
    }
  } catch (error) {
    if (temp) await storage.discard(temp);
    if (error && typeof error === 'object' && 'code' in error) {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw problem(413, messages.fileTooLarge);
      if (error.code === 'FST_FILES_LIMIT') throw problem(400, messages.documentOneFile);
      if (error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT') throw problem(400, messages.documentFileMissing);
    }
    // A disk failure (it names its system call) is ours: a 500. Anything else thrown while
    // reading the parts is the body's fault: no boundary, a truncated or malformed part.
    if (error instanceof HttpProblem || (error && typeof error === 'object' && 'syscall' in error)) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw problem(400, messages.multipartInvalid);
  }
  if (nameTooLong) {
    if (temp) await storage.discard(temp);
    throw problem(422, messages.fileNameTooLong, { errors: { file: messages.fileNameTooLong } });
  }
  if (!temp) throw problem(400, messages.documentFileMissing, { errors: { file: messages.documentFileMissing } });
  return { temp, fileName, kind };
}
