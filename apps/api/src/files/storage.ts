// Uploaded files (CONTRACT §10): stored under $DATA_DIR/files with a generated name (never the
// client's), outside any web root. A file is written to a temporary name in the same folder,
// flushed to disk, then renamed: a crash never leaves half a file under a real name.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  /** The generated name under $DATA_DIR/files; what the documents table keeps. */
  storageKey: string;
  size: number;
  sha256: string;
}

export interface TempFile {
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, for the content check (magic numbers). */
  head: Uint8Array;
}

const HEAD_BYTES = 32;

export class FileStorage {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files');
  }

  /** Streams `source` into a temporary file of the storage folder, hashing and counting. */
  async writeTemp(source: Readable): Promise<TempFile> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, `.upload-${randomUUID()}`);
    const handle = await open(path, 'wx', 0o600);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, bytes.subarray(0, HEAD_BYTES - head.length)]);
        await handle.write(bytes);
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(path, { force: true });
      throw error;
    }
    await handle.close();
    return { path, size, sha256: hash.digest('hex'), head: new Uint8Array(head) };
  }

  /** Gives the temporary file its final, generated name; returns that name (the storage key). */
  async commit(temp: TempFile): Promise<string> {
    const key = randomUUID();
    await rename(temp.path, join(this.dir, key));
    await syncDir(this.dir);
    return key;
  }

  /**
   * Stores a whole stream under a generated name (temp file, fsync, rename). For checks on the
   * content before it gets a real name, use `writeTemp`, then `commit` or `discard`.
   */
  async save(source: Readable): Promise<StoredFile> {
    const temp = await this.writeTemp(source);
    try {
      return { storageKey: await this.commit(temp), size: temp.size, sha256: temp.sha256 };
    } catch (error) {
      await rm(temp.path, { force: true });
      throw error;
    }
  }

  /**
   * Deletes temporary files older than `olderThanMs` (left by a crash mid-upload); younger ones
   * may be uploads in flight in another process on the same DATA_DIR. Answers how many went.
   */
  async sweepTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.startsWith('.upload-'))) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Deletes a stored file; an already missing one is fine. */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async discard(pathOrKey: string): Promise<void> {
    const path = pathOrKey.startsWith(this.dir) ? pathOrKey : this.pathOf(pathOrKey);
    await rm(path, { force: true });
  }

  pathOf(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`bad storage key ${key}`);
    return join(this.dir, key);
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  open(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }
}

/** Makes a rename in `dir` durable: the directory entry itself is flushed to disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the file's own data is already synced.
  } finally {
    await handle.close();
  }
}

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266), safe for any name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'fichier';
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * alone, and ' ends the charset part.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
