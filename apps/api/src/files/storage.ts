// Uploaded files and generated PDFs (CONTRACT §10): stored under a generated name (never the
// client's), outside any web root, in one of two places behind one interface:
// - local disk (the default): `$DATA_DIR/files/<uuid>`;
// - an S3-compatible bucket when S3_BUCKET is set (issue 13): every API process of a deployment
//   reads what any of them stored. The AWS SDK is loaded only then (`createFileStorage`).
// Either way an upload is first streamed to a temporary local file, hashed and counted, so its
// first bytes can be checked before it gets a real name; `commit` then gives it one: a rename
// (fsynced) on disk, one PutObject to the bucket. A crash never leaves half a file under a real name.
import { messages } from '@terres/domain';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Config } from '../env.js';
import { problem } from '../http/problem.js';

export interface StoredFile {
  /** The generated name (a UUID): what the documents table keeps. */
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
const TEMP_PREFIX = '.upload-';

/** Where stored files live; `createFileStorage` picks the implementation from the configuration. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** For logs: the folder, or `s3://bucket`. */
  readonly location: string;
  /** Streams `source` into a temporary local file, hashing and counting. */
  writeTemp(source: Readable): Promise<TempFile>;
  /**
   * Stores the temporary file under `key` (one reserved by services/stored-files.ts, so that a crash
   * leaves a trace the sweep finds) or a generated name, and returns it; the temporary file is gone.
   */
  commit(temp: TempFile, key?: string): Promise<string>;
  /** `writeTemp` then `commit`, for content that needs no check first (generated PDFs, demo files). */
  save(source: Readable, key?: string): Promise<StoredFile>;
  /** Deletes a temporary file that will not be committed. */
  discard(temp: TempFile): Promise<void>;
  /** Deletes a stored file; an already missing one is fine. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes, or undefined when there is no such file. */
  read(key: string): Promise<Readable | undefined>;
  /**
   * Deletes temporary files older than `olderThanMs` (left by a crash mid-upload); younger ones
   * may be uploads in flight in another process on the same DATA_DIR. Answers how many went.
   */
  sweepTemp(olderThanMs: number, now?: number): Promise<number>;
  close(): Promise<void>;
}

export interface FileStorageConfig {
  dataDir: string;
  s3: S3Config | undefined;
}

/** Local disk, or the bucket when S3 is configured (its client is imported only then). */
export async function createFileStorage(config: FileStorageConfig): Promise<FileStorage> {
  if (!config.s3) return new LocalFileStorage(config.dataDir);
  const sdk = await import('@aws-sdk/client-s3');
  return new S3FileStorage(sdk, config.s3, join(config.dataDir, 'upload-tmp'));
}

/** A storage key is a UUID; anything else (a path, `..`) is refused before it reaches a file system or a bucket. */
function checkKey(key: string): string {
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
}

/** The temporary files both implementations start from, in a local folder. */
abstract class TempFiles {
  constructor(readonly tempDir: string) {}

  async writeTemp(source: Readable): Promise<TempFile> {
    await mkdir(this.tempDir, { recursive: true });
    const path = join(this.tempDir, `${TEMP_PREFIX}${randomUUID()}`);
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

  abstract commit(temp: TempFile, key?: string): Promise<string>;

  async save(source: Readable, key?: string): Promise<StoredFile> {
    const temp = await this.writeTemp(source);
    try {
      return { storageKey: await this.commit(temp, key), size: temp.size, sha256: temp.sha256 };
    } catch (error) {
      await this.discard(temp);
      throw error;
    }
  }

  async discard(temp: TempFile): Promise<void> {
    if (!temp.path.startsWith(join(this.tempDir, TEMP_PREFIX))) throw new Error(`not a temporary file: ${temp.path}`);
    await rm(temp.path, { force: true });
  }

  async sweepTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

/** `$DATA_DIR/files/<uuid>`; temporary files in the same folder, so that committing is a rename. */
export class LocalFileStorage extends TempFiles implements FileStorage {
  readonly kind = 'local';
  readonly dir: string;

  constructor(dataDir: string) {
    const dir = join(dataDir, 'files');
    super(dir);
    this.dir = dir;
  }

  get location(): string {
    return this.dir;
  }

  async commit(temp: TempFile, key: string = randomUUID()): Promise<string> {
    await rename(temp.path, this.pathOf(key));
    await syncDir(this.dir);
    return key;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  pathOf(key: string): string {
    return join(this.dir, checkKey(key));
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async read(key: string): Promise<Readable | undefined> {
    try {
      // Opened before answering: a missing file is a 404, not a stream that fails mid-answer.
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async close(): Promise<void> {}
}

type S3Sdk = typeof S3;

/**
 * Objects `<uuid>` of the bucket (AWS S3 or any service speaking its API), through the AWS SDK.
 * A failure to reach the service is a 503 with a French detail; a missing object is "no file".
 */
export class S3FileStorage extends TempFiles implements FileStorage {
  readonly kind = 's3';
  private readonly client: InstanceType<S3Sdk['S3Client']>;

  constructor(
    private readonly sdk: S3Sdk,
    private readonly config: S3Config,
    tempDir: string,
  ) {
    super(tempDir);
    this.client = new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where the API requires them: many S3-compatible services do not accept
      // the SDK's default CRC32 trailers (aws-chunked bodies); the SHA-256 is ours anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // Bounded waits: a hanging service fails the request in seconds (503), not minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  get location(): string {
    return `s3://${this.config.bucket}${this.config.endpoint ? ` (${this.config.endpoint})` : ''}`;
  }

  async commit(temp: TempFile, key: string = randomUUID()): Promise<string> {
    checkKey(key);
    const body = await readFile(temp.path);
    await this.call(() =>
      this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          // Read whole (5 MiB at most): a retried attempt sends the same bytes again, which a
          // consumed stream could not.
          Body: body,
          ContentLength: temp.size,
          ContentType: 'application/octet-stream',
        }),
      ),
    );
    await rm(temp.path, { force: true });
    return key;
  }

  async remove(key: string): Promise<void> {
    await this.call(() => this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) })));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.call(() => this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) })));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async read(key: string): Promise<Readable | undefined> {
    try {
      const answer = await this.call(() => this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) })));
      // In Node the body is the HTTP response itself (a Readable), streamed to the client.
      return answer.Body as Readable | undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Sends one command; the service out of reach, or failing (5xx), becomes a 503 problem. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isNotFound(error)) throw error;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === undefined || status >= 500) {
        throw Object.assign(problem(503, messages.storageUnavailable, { headers: { 'retry-after': '5' } }), { cause: error });
      }
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
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
