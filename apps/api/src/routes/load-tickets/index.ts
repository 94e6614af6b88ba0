// A load's weighbridge ticket as a photo or PDF (issue 18): PUT /loads/{id}/ticket (multipart, the
// CUT side while the load is in transit) and GET /loads/{id}/ticket (both parties, admins). The
// upload follows the listing documents' (routes/documents): the caller is checked before a byte
// is stored, the file streamed to a temporary file, its type checked by name (domain
// `checkLoadTicketFile`) and by content, then committed and recorded by src/services/load-tickets.ts.
import multipart from '@fastify/multipart';
import { checkLoadTicketFile, fileContentMatchesExtension, MAX_FILE_SIZE, messages, transferMessages, UPLOAD_BODY_LIMIT } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TempFile } from '../../files/storage.js';
import { sendAttachment } from '../../http/attachment.js';
import { receiveFile } from '../../http/multipart-file.js';
import { problem } from '../../http/problem.js';
import { assertTicketUploadAllowed, attachLoadTicket, readableTicket } from '../../services/load-tickets.js';

type Params = { Params: { id: string } };

const ticketRoutes: FastifyPluginAsync = async (app) => {
  const { storage } = app;
  app.addHook('preHandler', app.authenticate);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 5, fieldSize: 1000, parts: 10 } });

  app.put<Params>(
    '/loads/:id/ticket',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > UPLOAD_BODY_LIMIT) throw problem(413, messages.fileTooLarge);
      },
    },
    async (request) => {
      await assertTicketUploadAllowed(app.db, request.auth, request.params.id);
      if (!request.isMultipart()) throw problem(400, messages.documentNotMultipart);
      const received = await receiveFile(request, storage);
      let temp: TempFile | undefined = received.temp;
      try {
        const { fileName } = received;
        if (temp.size === 0) throw problem(422, messages.documentFileEmpty, { errors: { file: messages.documentFileEmpty } });
        const check = checkLoadTicketFile({ name: fileName, type: '', size: temp.size });
        // A type that is no ticket (a spreadsheet, a GIF) is a 415 with the ticket's sentence.
        if (!check.ok) throw check.reason === 'unsupported-type' ? problem(415, check.message) : problem(422, check.message, { errors: { file: check.message } });
        if (!fileContentMatchesExtension(fileName, temp.head)) throw problem(415, messages.fileType);
        const stored = { size: temp.size, sha256: temp.sha256, storageKey: await storage.commit(temp) };
        temp = undefined;
        try {
          return await attachLoadTicket(app.db, request.auth, request.params.id, { fileName, stored });
        } catch (error) {
          // Nothing was recorded (a refusal meanwhile, or the database lost): the file goes too.
          await storage.remove(stored.storageKey).catch((removal: unknown) => {
            request.log.error({ err: removal, storageKey: stored.storageKey }, 'stored ticket of a failed upload not removed');
          });
          throw error;
        }
      } finally {
        if (temp) await storage.discard(temp);
      }
    },
  );

  app.get<Params>('/loads/:id/ticket', async (request, reply) => {
    const row = await readableTicket(app.db, request.auth, request.params.id);
    const file = await storage.read(row.storageKey);
    if (!file) throw problem(404, transferMessages.loadTicketFileNotFound);
    return sendAttachment(reply.header('x-content-type-options', 'nosniff'), { fileName: row.fileName, naming: 'client', contentType: row.mimeType, cache: 'private' }, file);
  });
};

export default ticketRoutes;
