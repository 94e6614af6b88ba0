// Serves a built app the way a static host would: files from the build, `index.html` for any
// other page path (the SPA fallback, so /login and /user/inquiry/... load the app), a 404 for a
// missing asset (a stale chunk fails loudly instead of answering HTML). Listens before the build
// exists, so its URL can be given to the API and baked into the build; until then it answers 503.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

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

  const server = createServer((req, res) => {
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
    };
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
        // A page path (no extension) is the app's: index.html. A missing asset is a 404.
        if (extname(pathname) !== '' && !pathname.endsWith('.html')) {
          send(404, `not found: ${pathname}`);
          return;
        }
        file = join(base, 'index.html');
      }
      const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      // Hashed build assets never change; the page itself is always re-read.
      const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
      const size = (await stat(file)).size;
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': size, 'Cache-Control': cache });
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
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
