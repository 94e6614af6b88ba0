import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/app.js';
import { attachmentHeader, FileStorage } from './storage.js';

const dirs: { remove: () => void }[] = [];

function storage(): FileStorage {
  const dir = tempDir('bourse-storage-');
  dirs.push(dir);
  return new FileStorage(dir.path);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('FileStorage', () => {
  it('saves a stream under a generated name with its size and SHA-256, and reads it back', async () => {
    const files = storage();
    const stored = await files.save(Readable.from([Buffer.from('%PDF-1.4\n'), Buffer.from('fin\n')]));
    expect(stored.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.size).toBe(13);
    expect(stored.sha256).toBe(createHash('sha256').update('%PDF-1.4\nfin\n').digest('hex'));
    expect(readdirSync(files.dir)).toEqual([stored.storageKey]);
    expect(await files.exists(stored.storageKey)).toBe(true);
    expect(await text(files.open(stored.storageKey))).toBe('%PDF-1.4\nfin\n');
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
    expect(await new FileStorage(join(files.dir, 'absent')).sweepTemp(0)).toBe(0);
  });

  it('removes a file, and a missing one quietly', async () => {
    const files = storage();
    const stored = await files.save(Readable.from([Buffer.from('GIF89a')]));
    await files.remove(stored.storageKey);
    await files.remove(stored.storageKey);
    expect(await files.exists(stored.storageKey)).toBe(false);
    expect(readdirSync(files.dir)).toEqual([]);
  });

  it('never resolves a key outside its folder', () => {
    const files = storage();
    expect(() => files.pathOf('../secret')).toThrow();
    expect(() => files.open('/etc/passwd')).toThrow();
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentHeader('étude "G2".pdf')).toBe(
      `attachment; filename="etude _G2_.pdf"; filename*=UTF-8''${encodeURIComponent('étude "G2".pdf')}`,
    );
    expect(attachmentHeader("l'étude (v2).pdf")).toBe(`attachment; filename="l'etude (v2).pdf"; filename*=UTF-8''l%27%C3%A9tude%20%28v2%29.pdf`);
    expect(attachmentHeader('日本.pdf')).toBe(`attachment; filename=".pdf"; filename*=UTF-8''${encodeURIComponent('日本.pdf')}`);
  });
});
