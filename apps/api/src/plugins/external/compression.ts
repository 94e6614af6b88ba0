// JSON answers compressed (issue 23): brotli, else gzip, when the client accepts it and the answer
// is at least `COMPRESSION_THRESHOLD` bytes (a page of 25 listings, about 70 KB, comes down to
// about a tenth; a small answer is sent as is: compressing it would cost more than it saves).
// JSON and problem documents, and text that mime-db says compresses (the register's CSV):
// PDFs, images and the register's XLSX (already compressed) keep their bytes and their length;
// a 304 has no body. Compressed request bodies stay refused (input guard), so no request decompression.
// Behind the deploy's nginx, an answer that says `Content-Encoding` passes through as it is
// (nginx compresses none twice); deploy/nginx leaves the API's answers to the API.
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this (bytes) are sent uncompressed. */
export const COMPRESSION_THRESHOLD = 1024;

/** `application/json` and `application/<something>+json` (problem documents), any charset. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD,
      customTypes: JSON_TYPE,
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
