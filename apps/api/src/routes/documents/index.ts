// Documents of a listing (CONTRACT §5, §10, §11): upload by the organisation ('Déposés') or
// sending by the platform ('Envoyés'), list, download, removal. Only the listing's
// organisation and admins reach them; another organisation gets a 404.
import multipart from '@fastify/multipart';
import {
  documentDeletionRefusal,
  FILE_NAME_MAX_LENGTH,
  fileContentMatchesExtension,
  isUploadableDocumentKind,
  isEditableByAdvertiser,
  isPlatformDocumentKind,
  MAX_FILE_SIZE,
  messages,
  UPLOAD_BODY_LIMIT,
  type DocumentKind,
  PROBLEM_TYPES,
} from '@terres/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import { documents } from '../../db/schema.js';
import { cleanFileName } from '../../files/names.js';
import { attachmentHeader, type FileStorage, type TempFile } from '../../files/storage.js';
import { isUuid } from '../../http/ids.js';
import { HttpProblem, problem } from '../../http/problem.js';
import { assertCleanInput } from '../../http/text-guard.js';
import { mailDocumentSent } from '../../services/document-notices.js';
import { findLiveDocument, insertDocument, softDeleteDocument, toDocument, type DocumentRow } from '../../services/documents.js';
import { readableInquiry, type InquiryRow } from '../../services/inquiries.js';

interface ReceivedFile {
  temp: TempFile;
  fileName: string;
  kind: string | undefined;
}

/**
 * Reads the multipart body: one `file` part (streamed to a temporary local file, 5 MiB at most)
 * and a `kind` field. The caller must discard `temp` unless it commits it.
 */
async function receiveFile(request: FastifyRequest, storage: FileStorage): Promise<ReceivedFile> {
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

/** The listing's 404 becomes the document's (a foreign document must not reveal its listing). */
function asDocumentNotFound(error: unknown): never {
  throw error instanceof HttpProblem && error.status === 404 ? problem(404, messages.documentNotFound) : error;
}

const documentRoutes: FastifyPluginAsync = async (app) => {
  // Local disk or the S3 bucket (src/plugins/app/storage.ts), which also sweeps stale temporary files.
  const { storage } = app;
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 5, fieldSize: 1000, parts: 10 },
  });
  app.addHook('preHandler', app.authenticate);

  app.get<{ Params: { id: string } }>('/inquiries/:id/documents', async (request) => {
    const inquiry = await readableInquiry(app.db, request, request.params.id);
    const rows = await app.db
      .select()
      .from(documents)
      .where(and(eq(documents.inquiryId, inquiry.id), isNull(documents.deletedAt)))
      .orderBy(asc(documents.createdAt));
    return rows.map(toDocument);
  });

  // The organisation uploads while the listing is DRAFT or REJECTED ('Déposés'); an admin sends
  // a document to the organisation whatever the status ('Envoyés'), and its users are mailed.
  app.post<{ Params: { id: string } }>(
    '/inquiries/:id/documents',
    {
      preHandler: requireRole('OWNER', 'EMPLOYEE', 'ADMIN'),
      // The multipart parser streams (its own limits above bound each part); this bounds the
      // whole body. A declared length over it is refused before a byte is read.
      bodyLimit: UPLOAD_BODY_LIMIT,
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > UPLOAD_BODY_LIMIT) throw problem(413, messages.fileTooLarge);
      },
    },
    async (request, reply) => {
      const byPlatform = request.auth.role === 'ADMIN';
      const inquiry = await readableInquiry(app.db, request, request.params.id);
      if (!byPlatform && !isEditableByAdvertiser(inquiry.status)) throw problem(409, messages.documentUploadClosed, { type: PROBLEM_TYPES.notEditable });
      if (!request.isMultipart()) throw problem(400, messages.documentNotMultipart);

      const received = await receiveFile(request, storage);
      let temp: TempFile | undefined = received.temp;
      try {
        const { fileName, kind } = received;
        // Generated kinds (letters, contracts) come from the generation endpoints only.
        if (!isUploadableDocumentKind(kind)) throw problem(422, messages.documentKindInvalid, { errors: { kind: messages.documentKindInvalid } });
        if (byPlatform && !isPlatformDocumentKind(kind)) {
          throw problem(422, messages.platformDocumentKindInvalid, { errors: { kind: messages.platformDocumentKindInvalid } });
        }
        const documentKind: DocumentKind = kind;
        if (temp.size === 0) throw problem(422, messages.documentFileEmpty, { errors: { file: messages.documentFileEmpty } });
        if (!fileContentMatchesExtension(fileName, temp.head)) throw problem(415, messages.fileType);

        const stored = { size: temp.size, sha256: temp.sha256, storageKey: await storage.commit(temp) };
        temp = undefined;
        let row: DocumentRow;
        let locked: InquiryRow;
        try {
          ({ row, locked } = await app.db.transaction(async (tx) => {
            // Checked again under the listing's row lock: it may have been submitted (or
            // deleted) meanwhile.
            const current = await readableInquiry(tx, request, inquiry.id, { forUpdate: true });
            if (!byPlatform && !isEditableByAdvertiser(current.status)) throw problem(409, messages.documentUploadClosed, { type: PROBLEM_TYPES.notEditable });
            const inserted = await insertDocument(tx, {
              inquiry: current,
              uploadedByUserId: request.auth.userId,
              kind: documentKind,
              source: byPlatform ? 'PLATFORM' : 'ADVERTISER',
              fileName,
              stored,
            });
            return { row: inserted, locked: current };
          }));
        } catch (error) {
          // Nothing was recorded (a refusal, or the database lost mid-transaction): the file goes too.
          await storage.remove(stored.storageKey).catch((removal: unknown) => {
            request.log.error({ err: removal, storageKey: stored.storageKey }, 'stored file of a failed upload not removed');
          });
          throw error;
        }
        if (byPlatform) await mailDocumentSent(app, locked, row);
        return reply.code(201).send(toDocument(row));
      } finally {
        if (temp) await storage.discard(temp);
      }
    },
  );

  // Removal (soft): the organisation its own uploads while the listing is DRAFT or REJECTED,
  // admins what the platform sent (domain `documentDeletionRefusal`). Another organisation's
  // document, or one already removed, is a 404.
  app.delete<{ Params: { id: string } }>('/documents/:id', async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) throw problem(404, messages.documentNotFound);
    await app.db.transaction(async (tx) => {
      const found = await findLiveDocument(tx, id);
      if (!found) throw problem(404, messages.documentNotFound);
      // The listing's row lock first (as uploads and submission take it), then the document's:
      // a submission racing this removal sees the document either counted or gone.
      const inquiry = await readableInquiry(tx, request, found.inquiryId, { forUpdate: true }).catch(asDocumentNotFound);
      const row = await findLiveDocument(tx, id, { forUpdate: true });
      if (!row) throw problem(404, messages.documentNotFound);
      const refusal = documentDeletionRefusal({ role: request.auth.role, source: row.source, inquiryStatus: inquiry.status });
      if (refusal) throw refusal.reason === 'closed' ? problem(409, refusal.message, { type: PROBLEM_TYPES.notEditable }) : problem(403, refusal.message);
      await softDeleteDocument(tx, row, request.auth.userId);
    });
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/documents/:id/download', async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) throw problem(404, messages.documentNotFound);
    const row = await findLiveDocument(app.db, id);
    if (!row) throw problem(404, messages.documentNotFound);
    // Same rule as the listing: another organisation's document is a 404.
    await readableInquiry(app.db, request, row.inquiryId).catch(asDocumentNotFound);
    const file = await storage.read(row.storageKey);
    if (!file) throw problem(404, messages.documentNotFound);
    return reply
      .type(row.mimeType)
      .header('content-disposition', attachmentHeader(row.fileName))
      .header('x-content-type-options', 'nosniff')
      // Private files: no shared cache keeps a copy once access is lost.
      .header('cache-control', 'private, no-store')
      .send(file);
  });
};

export default documentRoutes;
