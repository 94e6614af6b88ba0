// Documents of a listing (CONTRACT §5, §10, §11): upload by the organisation ('Déposés') or
// sending by the platform ('Envoyés'), list, download, removal. Only the listing's
// organisation and admins reach them; another organisation gets a 404. The handlers parse,
// authorise and call src/services/documents.ts, which owns the SQL and the locks.
import multipart from '@fastify/multipart';
import {
  fileContentMatchesExtension,
  isPlatformDocumentKind,
  isUploadableDocumentKind,
  MAX_FILE_SIZE,
  messages,
  UPLOAD_BODY_LIMIT,
  type DocumentKind,
} from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import type { TempFile } from '../../files/storage.js';
import { sendAttachment } from '../../http/attachment.js';
import { receiveFile } from '../../http/multipart-file.js';
import { problem } from '../../http/problem.js';
import { mailDocumentSent } from '../../services/document-notices.js';
import { assertUploadOpen, listDocuments, readableDocument, recordUpload, removeDocument, toDocument } from '../../services/documents.js';
import { readableInquiry } from '../../services/inquiries.js';
import { assertStorageNotFull, dropReservation, removeQueuedFiles, reserveStorageKey } from '../../services/stored-files.js';

const documentRoutes: FastifyPluginAsync = async (app) => {
  // Local disk or the S3 bucket (src/plugins/app/storage.ts), which also sweeps stale temporary files.
  const { storage } = app;
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 5, fieldSize: 1000, parts: 10 },
  });
  app.addHook('preHandler', app.authenticate);

  app.get<{ Params: { id: string } }>('/inquiries/:id/documents', async (request) => {
    const inquiry = await readableInquiry(app.db, request.auth, request.params.id);
    return (await listDocuments(app.db, inquiry.id)).map(toDocument);
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
      const source = byPlatform ? 'PLATFORM' : 'ADVERTISER';
      const inquiry = await readableInquiry(app.db, request.auth, request.params.id);
      assertUploadOpen(inquiry, source);
      // An organisation already at its quota is told before the file is read (the exact count is in recordUpload).
      if (!byPlatform) await assertStorageNotFull(app.db, inquiry.organizationId, app.config.storageQuotaBytes);
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

        // The key is queued for removal before the file exists: a crash before the document is
        // recorded leaves an orphan the sweep removes (services/stored-files.ts).
        const storageKey = await reserveStorageKey(app.db);
        const stored = { size: temp.size, sha256: temp.sha256, storageKey: await storage.commit(temp, storageKey) };
        temp = undefined;
        let recorded: Awaited<ReturnType<typeof recordUpload>>;
        try {
          recorded = await recordUpload(app.db, request.auth, request.params.id, { kind: documentKind, source, fileName, stored }, app.config.storageQuotaBytes);
        } catch (error) {
          // Nothing was recorded (a refusal such as the quota, or the database lost mid-transaction):
          // the file goes too, now if possible, else by the sweep once its reservation is due.
          await storage
            .remove(stored.storageKey)
            .then(() => dropReservation(app.db, stored.storageKey))
            .catch((removal: unknown) => {
              request.log.error({ err: removal, storageKey: stored.storageKey }, 'stored file of a failed upload not removed (the sweep will)');
            });
          throw error;
        }
        if (byPlatform) await mailDocumentSent(app, recorded.inquiry, recorded.row);
        return reply.code(201).send(toDocument(recorded.row));
      } finally {
        if (temp) await storage.discard(temp);
      }
    },
  );

  // Removal (soft): the organisation its own uploads while the listing is DRAFT or REJECTED,
  // admins what the platform sent. Another organisation's document, or one already removed, is a 404.
  // The row stays for the audit trail; the file is removed once nothing refers to it (issue 20).
  app.delete<{ Params: { id: string } }>('/documents/:id', async (request, reply) => {
    const released = await removeDocument(app.db, request.auth, request.params.id);
    // Committed: the file goes now; if storage fails, its queue line stays for the sweep.
    if (released) await removeQueuedFiles(app.db, storage, [released], request.log);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/documents/:id/download', async (request, reply) => {
    const row = await readableDocument(app.db, request.auth, request.params.id);
    const file = await storage.read(row.storageKey);
    if (!file) throw problem(404, messages.documentNotFound);
    // Private files: no shared cache keeps a copy once access is lost.
    return sendAttachment(reply.header('x-content-type-options', 'nosniff'), { fileName: row.fileName, naming: 'client', contentType: row.mimeType, cache: 'private' }, file);
  });
};

export default documentRoutes;
