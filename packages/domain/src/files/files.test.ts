import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstError } from '../validators/field-errors';
import {
  ALLOWED_FILE_EXTENSIONS,
  ALLOWED_MIME_TYPES,
  checkFile,
  detectFileKind,
  fileContentMatchesExtension,
  fileExtension,
  fileSchema,
} from './files';
import { MAX_FILE_SIZE } from '../constants';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

const SAMPLES = {
  pdf: bytes('%PDF-1.7\n'),
  png: bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0),
  jpeg: bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10),
  gif: bytes('GIF89a', 1, 0),
  heic: bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0),
  mif1: bytes(0, 0, 0, 0x18, 'ftypmif1', 0, 0, 0, 0),
  zip: bytes('PK', 3, 4, 20, 0),
  ole2: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0),
  text: bytes('hello world'),
};

describe('file size and type', () => {
  const file = (name: string, size = 1000, type = '') => ({ name, type, size });

  it('accepts exactly 5 MiB and refuses one byte more', () => {
    expect(MAX_FILE_SIZE).toBe(5 * 1024 * 1024);
    expect(checkFile(file('plan.pdf', MAX_FILE_SIZE))).toEqual({ ok: true });
    expect(checkFile(file('plan.pdf', MAX_FILE_SIZE + 1))).toEqual({
      ok: false,
      reason: 'too-large',
      message: 'Le fichier dépasse la taille maximale autorisée de 5 Mo.',
    });
    expect(firstError(v.safeParse(fileSchema, file('plan.pdf', MAX_FILE_SIZE + 1)))).toBe(
      'Le fichier dépasse la taille maximale autorisée de 5 Mo.',
    );
  });

  it.each(ALLOWED_FILE_EXTENSIONS)('accepts .%s, in any case', (ext) => {
    expect(checkFile(file(`document.${ext}`)).ok).toBe(true);
    expect(checkFile(file(`DOCUMENT.${ext.toUpperCase()}`)).ok).toBe(true);
    expect(v.safeParse(fileSchema, file(`document.${ext}`)).success).toBe(true);
  });

  it.each(['exe', 'txt', 'zip', 'svg', 'webp', 'html', 'pdf.exe'])('refuses .%s', (ext) => {
    expect(checkFile(file(`x.${ext}`))).toEqual({
      ok: false,
      reason: 'unsupported-type',
      message: 'Format de fichier non autorisé.',
    });
  });

  it('refuses a name over 255 characters (code points), as the API does', () => {
    expect(checkFile(file(`${'é'.repeat(251)}.pdf`)).ok).toBe(true);
    expect(checkFile(file(`${'é'.repeat(252)}.pdf`))).toEqual({
      ok: false,
      reason: 'name-too-long',
      message: 'Le nom du fichier ne doit pas dépasser 255 caractères.',
    });
  });

  it('accepts a matching MIME type when the name has no known extension', () => {
    expect(checkFile(file('scan', 10, 'application/pdf')).ok).toBe(true);
    expect(checkFile(file('photo', 10, 'image/heic')).ok).toBe(true);
    expect(checkFile(file('page', 10, 'text/html')).ok).toBe(false);
    expect(ALLOWED_MIME_TYPES).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('reads a browser File, whose name, type and size are prototype getters', () => {
    class FakeFile {
      get name() {
        return 'plan.pdf';
      }
      get type() {
        return 'application/pdf';
      }
      get size() {
        return MAX_FILE_SIZE + 1;
      }
    }
    expect(firstError(v.safeParse(fileSchema, new FakeFile()))).toBe('Le fichier dépasse la taille maximale autorisée de 5 Mo.');
    expect(checkFile(new FakeFile()).ok).toBe(false);
  });

  it('a missing file is invalid', () => {
    expect(checkFile(null)).toMatchObject({ ok: false, reason: 'missing' });
    expect(firstError(v.safeParse(fileSchema, undefined))).toBe('Ce champ est requis.');
    expect(firstError(v.safeParse(fileSchema, { name: 'a.pdf', type: 'application/pdf', size: -1 }))).toBe(
      'Format de fichier non autorisé.',
    );
  });

  it('reads extensions', () => {
    expect(fileExtension('a.b.PDF')).toBe('pdf');
    expect(fileExtension('.pdf')).toBe('');
    expect(fileExtension('pdf')).toBe('');
    expect(fileExtension('a.')).toBe('');
  });
});

describe('content sniffing', () => {
  it('recognises each format by its magic number', () => {
    expect(detectFileKind(SAMPLES.pdf)).toBe('pdf');
    expect(detectFileKind(SAMPLES.png)).toBe('png');
    expect(detectFileKind(SAMPLES.jpeg)).toBe('jpeg');
    expect(detectFileKind(SAMPLES.gif)).toBe('gif');
    expect(detectFileKind(bytes('GIF87a'))).toBe('gif');
    expect(detectFileKind(SAMPLES.heic)).toBe('heic');
    expect(detectFileKind(SAMPLES.mif1)).toBe('heic');
    expect(detectFileKind(bytes(0, 0, 0, 0x18, 'ftypheix'))).toBe('heic');
    expect(detectFileKind(SAMPLES.zip)).toBe('zip');
    expect(detectFileKind(SAMPLES.ole2)).toBe('ole2');
    expect(detectFileKind(SAMPLES.text)).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
    // An MP4 is also an ftyp box, with another brand.
    expect(detectFileKind(bytes(0, 0, 0, 0x18, 'ftypisom'))).toBeNull();
  });

  it.each([
    ['a.pdf', SAMPLES.pdf],
    ['a.png', SAMPLES.png],
    ['a.jpg', SAMPLES.jpeg],
    ['a.JPEG', SAMPLES.jpeg],
    ['a.gif', SAMPLES.gif],
    ['a.heic', SAMPLES.heic],
    ['a.docx', SAMPLES.zip],
    ['a.xlsx', SAMPLES.zip],
    ['a.doc', SAMPLES.ole2],
    ['a.xls', SAMPLES.ole2],
  ])('%s with its own content matches', (name, content) => {
    expect(fileContentMatchesExtension(name, content)).toBe(true);
  });

  it('refuses renamed or unknown content', () => {
    expect(fileContentMatchesExtension('a.pdf', SAMPLES.png)).toBe(false);
    expect(fileContentMatchesExtension('a.png', SAMPLES.text)).toBe(false);
    expect(fileContentMatchesExtension('a.docx', SAMPLES.ole2)).toBe(false);
    expect(fileContentMatchesExtension('a.doc', SAMPLES.zip)).toBe(false);
    expect(fileContentMatchesExtension('a.zip', SAMPLES.zip)).toBe(false);
    expect(fileContentMatchesExtension('a.exe', SAMPLES.pdf)).toBe(false);
  });
});
