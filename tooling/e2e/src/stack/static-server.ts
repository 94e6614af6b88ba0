// Serves a built app the way a static host would: files from the build, a page's own HTML file
// for its path (/login is login.html), `index.html` for any other page path (the SPA fallback, so
// /user/inquiry/... loads the app), a 404 for a missing asset (a stale chunk fails loudly instead
// of answering HTML). Listens before the build exists, so its URL can be given to the API and
// baked into the build; until then it answers 503.
// As nginx does in production (deploy/nginx/snippets/terres-app.conf): text gzipped for a browser
// that accepts it, and, once told the API's origin (`proxyApi`), `/api/` passed to the API, so an
// app built with its own origin as API URL calls it without CORS (what `pnpm bench:web` measures).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
/** What nginx's gzip_types covers, above its gzip_min_length. */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
const MIN_COMPRESSED_BYTES = 512;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

export interface StaticServer {
  url: string;
  /** The folder served from now on (the app's build). */
  setRoot(root: string): void;
  /** From now on `/api/...` goes to this origin (e.g. http://127.0.0.1:41234), as nginx's `location /api/`. */
  proxyApi(origin: string): void;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** Folder to serve; null until `setRoot` (503 meanwhile). */
  root?: string | null;
  /** What to answer while there is no root (e.g. 'this app is not built in this run'). */
  notServedMessage?: string;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  let root = options.root ? resolve(options.root) : null;
  let apiOrigin: string | null = null;
  // Gzipped files by path and modification time (hashed assets never change; index.html may).
  const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

  const server = createServer((req, res) => {
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
    };
    if (apiOrigin !== null && (req.url ?? '').startsWith('/api/')) {
      const target = new URL(req.url ?? '/', apiOrigin);
      const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => (res.headersSent ? res.destroy() : send(502, 'the API did not answer')));
      req.pipe(upstream);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(405, 'method not allowed');
      return;
    }
    if (root === null) {
      send(503, options.notServedMessage ?? 'the app is not built yet');
      return;
    }
    const base = root;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://static.local').pathname);
    } catch {
      send(400, 'bad path');
      return;
    }
    const wanted = normalize(join(base, pathname));
    if (wanted !== base && !wanted.startsWith(base + sep)) {
      send(403, 'forbidden');
      return;
    }
    void (async () => {
      let file = wanted;
      if (!(await isFile(file))) {
        // A page path (no extension) is the app's: its own page when the build has one (/login
        // is login.html, as static hosts and deploy/nginx serve it), else index.html. A missing
        // asset is a 404.
        if (extname(pathname) !== '' && !pathname.endsWith('.html')) {
          send(404, `not found: ${pathname}`);
          return;
        }
        file = extname(pathname) === '' && (await isFile(`${wanted}.html`)) ? `${wanted}.html` : join(base, 'index.html');
      }
      const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      // Hashed build assets never change; the page itself is always re-read.
      const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
      const { size, mtimeMs } = await stat(file);
      const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (acceptsGzip && size >= MIN_COMPRESSED_BYTES && COMPRESSED.has(extname(file).toLowerCase())) {
        let entry = gzipped.get(file);
        if (entry?.mtimeMs !== mtimeMs) {
          entry = { mtimeMs, body: await gzipAsync(await readFile(file)) };
          gzipped.set(file, entry);
        }
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Length': entry.body.length,
          'Content-Encoding': 'gzip',
          Vary: 'Accept-Encoding',
          'Cache-Control': cache,
        });
        res.end(req.method === 'HEAD' ? undefined : entry.body);
        return;
      }
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': size, 'Cache-Control': cache, Vary: 'Accept-Encoding' });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(file).on('error', () => res.destroy()).pipe(res);
    })().catch(() => {
      if (!res.headersSent) send(500, 'read error');
      else res.destroy();
    });
  });

  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setRoot(next) {
      root = resolve(next);
    },
    proxyApi(origin) {
      apiOrigin = origin;
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
