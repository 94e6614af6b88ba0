// The one way a file leaves the API as a download (listing PDF, invoice, documents, register):
// Content-Disposition `attachment`, its type, and whether a cache may keep it.
import type { FastifyReply } from 'fastify';

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266), safe for any name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'fichier';
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * alone, and ' ends the charset part.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A file name the API made itself ('facture-FA-2026-000001.pdf', 'annonce-zac-du-ried.pdf'):
 * letters, digits, dots and dashes only, so the plain form says it all.
 */
export function generatedAttachmentHeader(fileName: string): string {
  if (!/^[\w.-]+$/.test(fileName)) throw new RangeError(`not a generated file name: ${fileName}`);
  return `attachment; filename="${fileName}"`;
}

export interface Attachment {
  /** The name the browser saves it under. */
  fileName: string;
  /** `generated`: a name the API made (plain form); `client`: any name (RFC 6266 both forms). */
  naming: 'generated' | 'client';
  contentType: string;
  /** `private`: never kept by a shared cache (private files: access may be lost). */
  cache?: 'private';
}

/** Sets a download's headers; send the body (or await it, e.g. from a worker) after. */
export function attachmentHeaders(reply: FastifyReply, file: Attachment): FastifyReply {
  reply
    .type(file.contentType)
    .header('content-disposition', file.naming === 'generated' ? generatedAttachmentHeader(file.fileName) : attachmentHeader(file.fileName));
  if (file.cache === 'private') reply.header('cache-control', 'private, no-store');
  return reply;
}

/** Answers with a file as a download. */
export function sendAttachment(reply: FastifyReply, file: Attachment, body: Buffer | string | NodeJS.ReadableStream): FastifyReply {
  return attachmentHeaders(reply, file).send(body);
}

/**
 * 'zac-du-ried' from 'ZAC du Ried': a project name as a file name (no accents, dashes for the
 * rest), at most `maxLength` characters; '' when nothing is left.
 */
export function fileNameSlug(text: string, maxLength = Infinity): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, maxLength);
}
