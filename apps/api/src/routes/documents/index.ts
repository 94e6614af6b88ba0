// Documents of a listing (CONTRACT §5, §10): upload (multipart, 5 MiB, extension AND content
// checked), list and download, only for the listing's organisation and admins.
import multipart from '@fastify/multipart';
import { fileContentMatchesExtension, isEditableByAdvertiser, MAX_FILE_SIZE, messages } from '@terres/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import { documents } from '../../db/schema.js';
import { attachmentHeader, FileStorage, type TempFile } from '../../files/storage.js';
import { problem } from '../../http/problem.js';
import { insertDocument, isDocumentKind, toDocument } from '../../services/documents.js';
import { readableInquiry } from '../../services/inquiries.js';
import { isUuid } from '../../http/ids.js';

export const NOT_MULTIPART_DETAIL = 'Envoyez le fichier en multipart/form-data, dans le champ « file ».';
export const FILE_MISSING_DETAIL = 'Veuillez joindre un fichier (champ « file »).';
export const ONE_FILE_DETAIL = 'Envoyez un seul fichier à la fois.';
export const FILE_EMPTY_DETAIL = 'Le fichier est vide.';
export const KIND_INVALID_DETAIL = 'Le type de document doit être PERMISSION, SOIL_STUDY ou OTHER.';
export const DOCUMENT_NOT_FOUND_DETAIL = 'Document introuvable.';
export const UPLOAD_CLOSED_DETAIL = "Les documents ne peuvent être ajoutés qu'aux annonces en brouillon ou refusées.";

const documentRoutes: FastifyPluginAsync = async (app) => {
  const storage = new FileStorage(app.config.dataDir);
  const swept = await storage.sweepTemp(60 * 60_000);
  if (swept) app.log.warn({ swept }, 'removed temporary upload files left by an interrupted upload');
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

  app.post<{ Params: { id: string } }>(
    '/inquiries/:id/documents',
    { preHandler: requireRole('OWNER', 'EMPLOYEE') },
    async (request, reply) => {
      const inquiry = await readableInquiry(app.db, request, request.params.id);
      if (!isEditableByAdvertiser(inquiry.status)) throw problem(409, UPLOAD_CLOSED_DETAIL);
      if (!request.isMultipart()) throw problem(400, NOT_MULTIPART_DETAIL);

      let temp: TempFile | undefined;
      let fileName = '';
      let kind: string | undefined;
      try {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || temp) {
                part.file.resume();
                continue;
              }
              fileName = part.filename;
              temp = await storage.writeTemp(part.file);
              if (part.file.truncated) throw problem(413, messages.fileTooLarge);
            } else if (part.fieldname === 'kind') {
              kind = String(part.value);
            }
          }
        } catch (error) {
          if (error && typeof error === 'object' && 'code' in error) {
            if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw problem(413, messages.fileTooLarge);
            if (error.code === 'FST_FILES_LIMIT') throw problem(400, ONE_FILE_DETAIL);
            if (error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT') throw problem(400, FILE_MISSING_DETAIL);
          }
          throw error;
        }
        if (!temp) throw problem(400, FILE_MISSING_DETAIL, { errors: { file: FILE_MISSING_DETAIL } });
        if (!isDocumentKind(kind)) throw problem(422, KIND_INVALID_DETAIL, { errors: { kind: KIND_INVALID_DETAIL } });
        const documentKind = kind;
        if (temp.size === 0) throw problem(422, FILE_EMPTY_DETAIL, { errors: { file: FILE_EMPTY_DETAIL } });
        if (!fileContentMatchesExtension(fileName, temp.head)) throw problem(415, messages.fileType);

        const stored = { size: temp.size, sha256: temp.sha256, storageKey: await storage.commit(temp) };
        temp = undefined;
        try {
          const row = await app.db.transaction(async (tx) => {
            // Checked again under the listing's row lock: it may have been submitted meanwhile.
            const locked = await readableInquiry(tx, request, inquiry.id, { forUpdate: true });
            if (!isEditableByAdvertiser(locked.status)) throw problem(409, UPLOAD_CLOSED_DETAIL);
            return insertDocument(tx, { inquiry: locked, uploadedByUserId: request.auth.userId, kind: documentKind, fileName, stored });
          });
          return reply.code(201).send(toDocument(row));
        } catch (error) {
          await storage.remove(stored.storageKey);
          throw error;
        }
      } finally {
        if (temp) await storage.discard(temp.path);
      }
    },
  );

  app.get<{ Params: { id: string } }>('/documents/:id/download', async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) throw problem(404, DOCUMENT_NOT_FOUND_DETAIL);
    const [row] = await app.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), isNull(documents.deletedAt)));
    if (!row) throw problem(404, DOCUMENT_NOT_FOUND_DETAIL);
    // Same rule as the listing: another organisation's document is a 404.
    await readableInquiry(app.db, request, row.inquiryId).catch(() => {
      throw problem(404, DOCUMENT_NOT_FOUND_DETAIL);
    });
    if (!(await storage.exists(row.storageKey))) throw problem(404, DOCUMENT_NOT_FOUND_DETAIL);
    return reply
      .type(row.mimeType)
      .header('content-disposition', attachmentHeader(row.fileName))
      .header('x-content-type-options', 'nosniff')
      // Private files: no shared cache keeps a copy once access is lost.
      .header('cache-control', 'private, no-store')
      .send(storage.open(row.storageKey));
  });
};

export default documentRoutes;
