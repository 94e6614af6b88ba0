import { messages } from '@terres/domain';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/app.js';
import { startS3Fixture, type S3Fixture } from '../../test/helpers/s3-fixture.js';
import type { S3Config } from '../env.js';
import { HttpProblem } from '../http/problem.js';
import { createFileStorage, LocalFileStorage } from './storage.js';

const dirs: { remove: () => void }[] = [];

function storage(): LocalFileStorage {
  const dir = tempDir('bourse-storage-');
  dirs.push(dir);
  return new LocalFileStorage(dir.path);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('LocalFileStorage', () => {
  it('saves a stream under a generated name with its size and SHA-256, and reads it back', async () => {
    const files = storage();
    const stored = await files.save(Readable.from([Buffer.from('%PDF-1.4\n'), Buffer.from('fin\n')]));
    expect(stored.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.size).toBe(13);
    expect(stored.sha256).toBe(createHash('sha256').update('%PDF-1.4\nfin\n').digest('hex'));
    expect(readdirSync(files.dir)).toEqual([stored.storageKey]);
    expect(await files.exists(stored.storageKey)).toBe(true);
    expect(await text((await files.read(stored.storageKey))!)).toBe('%PDF-1.4\nfin\n');
    expect(await files.read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('keeps the first bytes for the content check and only a temporary name until commit', async () => {
    const files = storage();
    const temp = await files.writeTemp(Readable.from([Buffer.from([0x89, 0x50]), Buffer.from([0x4e, 0x47]), Buffer.alloc(100, 7)]));
    expect(Array.from(temp.head.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(temp.head.length).toBe(32);
    expect(readdirSync(files.dir)).toEqual([temp.path.slice(files.dir.length + 1)]);
    expect(readdirSync(files.dir)[0]).toMatch(/^\.upload-/);
    const key = await files.commit(temp);
    expect(readdirSync(files.dir)).toEqual([key]);
    expect(readFileSync(join(files.dir, key)).length).toBe(104);
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const files = storage();
    async function* failing() {
      yield Buffer.from('%PDF-1.4\n');
      throw new Error('client gone');
    }
    await expect(files.save(Readable.from(failing()))).rejects.toThrow('client gone');
    expect(readdirSync(files.dir)).toEqual([]);
  });

  it('sweeps temporary files left by a crash, not recent ones nor stored files', async () => {
    const files = storage();
    const stored = await files.save(Readable.from([Buffer.from('%PDF')]));
    const temp = await files.writeTemp(Readable.from([Buffer.from('%PDF')]));
    expect(await files.sweepTemp(60_000)).toBe(0);
    expect(await files.sweepTemp(60_000, Date.now() + 120_000)).toBe(1);
    expect(readdirSync(files.dir)).toEqual([stored.storageKey]);
    expect(temp.path.startsWith(files.dir)).toBe(true);
    expect(await new LocalFileStorage(join(files.dir, 'absent')).sweepTemp(0)).toBe(0);
  });

  it('removes a file, and a missing one quietly', async () => {
    const files = storage();
    const stored = await files.save(Readable.from([Buffer.from('GIF89a')]));
    await files.remove(stored.storageKey);
    await files.remove(stored.storageKey);
    expect(await files.exists(stored.storageKey)).toBe(false);
    expect(readdirSync(files.dir)).toEqual([]);
  });

  it('never resolves a key outside its folder', async () => {
    const files = storage();
    expect(() => files.pathOf('../secret')).toThrow();
    await expect(files.read('/etc/passwd')).rejects.toThrow();
    await expect(files.remove('../files')).rejects.toThrow();
  });
});

describe('S3FileStorage (against a local S3-compatible server)', () => {
  let s3: S3Fixture;
  const tempRoot = tempDir('bourse-s3-temp-');

  beforeAll(async () => {
    s3 = await startS3Fixture();
  });

  afterAll(async () => {
    await s3?.close();
    tempRoot.remove();
  });

  function s3Config(overrides: Partial<S3Config> = {}): S3Config {
    return {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.url,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      ...overrides,
    };
  }

  it('puts, reads back, tells and deletes an object, keeping no local copy', async () => {
    const files = await createFileStorage({ dataDir: tempRoot.path, s3: s3Config() });
    try {
      expect(files.kind).toBe('s3');
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x41)]);
      const stored = await files.save(Readable.from([bytes]));
      expect(stored.storageKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(s3.objects.get(stored.storageKey)?.equals(bytes)).toBe(true);
      expect(readdirSync(join(tempRoot.path, 'upload-tmp'))).toEqual([]);
      expect(await files.exists(stored.storageKey)).toBe(true);
      expect(Buffer.from(await buffer((await files.read(stored.storageKey))!)).equals(bytes)).toBe(true);

      await files.remove(stored.storageKey);
      await files.remove(stored.storageKey);
      expect(s3.objects.has(stored.storageKey)).toBe(false);
      expect(await files.exists(stored.storageKey)).toBe(false);
      expect(await files.read(stored.storageKey)).toBeUndefined();
      expect(s3.requests).toEqual(expect.arrayContaining([`PUT ${stored.storageKey}`, `GET ${stored.storageKey}`, `HEAD ${stored.storageKey}`, `DELETE ${stored.storageKey}`]));
    } finally {
      await files.close();
    }
  });

  it('checks the first bytes on a local temporary file, before anything reaches the bucket', async () => {
    const files = await createFileStorage({ dataDir: tempRoot.path, s3: s3Config() });
    try {
      const before = s3.objects.size;
      const temp = await files.writeTemp(Readable.from([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64, 1)]));
      expect(Array.from(temp.head.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(s3.objects.size).toBe(before);
      await files.discard(temp);
      expect(readdirSync(join(tempRoot.path, 'upload-tmp'))).toEqual([]);
      expect(s3.objects.size).toBe(before);
    } finally {
      await files.close();
    }
  });

  it('is refused with a wrong secret (the server checks signatures), and answers 503 when out of reach', async () => {
    const forged = await createFileStorage({ dataDir: tempRoot.path, s3: s3Config({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'wrong' } }) });
    try {
      await expect(forged.save(Readable.from([Buffer.from('%PDF')]))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      expect(readdirSync(join(tempRoot.path, 'upload-tmp'))).toEqual([]);
    } finally {
      await forged.close();
    }
    // Port 9 of loopback: nothing listens.
    const gone = await createFileStorage({ dataDir: tempRoot.path, s3: s3Config({ endpoint: 'http://127.0.0.1:9' }) });
    try {
      const failure = await gone.read('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpProblem);
      expect(failure).toMatchObject({ status: 503, detail: messages.storageUnavailable });
    } finally {
      await gone.close();
    }
  });
});
