import * as v from 'valibot';
import { FILE_NAME_MAX_LENGTH, MAX_FILE_SIZE } from '../constants';
import { messages } from '../messages';

/** The spec's "File: name, type, size": what a browser File and a multipart part both give. */
export interface FileInfo {
  name: string;
  /** MIME type as declared by the browser or the multipart part; may be empty. */
  type: string;
  /** Bytes. */
  size: number;
}

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'heic' | 'zip' | 'ole2';

export const ALLOWED_FILE_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'pdf',
  'jpeg',
  'jpg',
  'png',
  'heic',
  'gif',
] as const;
export type AllowedFileExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

/** MIME types matching the allowed extensions, with the content each must start with. */
export const FILE_TYPES: Readonly<Record<AllowedFileExtension, { mimeTypes: readonly string[]; kind: FileKind }>> = {
  doc: { mimeTypes: ['application/msword'], kind: 'ole2' },
  docx: { mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'], kind: 'zip' },
  xls: { mimeTypes: ['application/vnd.ms-excel'], kind: 'ole2' },
  xlsx: { mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], kind: 'zip' },
  pdf: { mimeTypes: ['application/pdf'], kind: 'pdf' },
  jpeg: { mimeTypes: ['image/jpeg'], kind: 'jpeg' },
  jpg: { mimeTypes: ['image/jpeg'], kind: 'jpeg' },
  png: { mimeTypes: ['image/png'], kind: 'png' },
  heic: { mimeTypes: ['image/heic', 'image/heif'], kind: 'heic' },
  gif: { mimeTypes: ['image/gif'], kind: 'gif' },
};

export const ALLOWED_MIME_TYPES: readonly string[] = [
  ...new Set(Object.values(FILE_TYPES).flatMap((entry) => entry.mimeTypes)),
];

/** Value for an `<input type="file" accept>` attribute. */
export const FILE_ACCEPT = [...ALLOWED_FILE_EXTENSIONS.map((ext) => `.${ext}`), ...ALLOWED_MIME_TYPES].join(',');

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

function isAllowedExtension(ext: string): ext is AllowedFileExtension {
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Allowed by extension, or by MIME type when the name says nothing (spec §5: "or matching MIME types"). */
export function isAllowedFileType(file: Pick<FileInfo, 'name' | 'type'>): boolean {
  if (isAllowedExtension(fileExtension(file.name))) return true;
  const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  return ALLOWED_MIME_TYPES.includes(mime);
}

export type FileCheck =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'too-large' | 'unsupported-type' | 'name-too-long'; message: string };

/** The name's length in characters (code points), as the API counts it (FILE_NAME_MAX_LENGTH). */
export function isFileNameTooLong(name: string): boolean {
  return [...name].length > FILE_NAME_MAX_LENGTH;
}

/**
 * One verdict for a chosen file. Size is checked first: the API answers 413 for it and
 * 415 for the type (CONTRACT §10). A missing file has no message on screen (spec) but the
 * API needs one, so it gets the required sentence.
 */
export function checkFile(file: FileInfo | null | undefined): FileCheck {
  if (!file) return { ok: false, reason: 'missing', message: messages.required };
  if (file.size > MAX_FILE_SIZE) return { ok: false, reason: 'too-large', message: messages.fileTooLarge };
  if (!isAllowedFileType(file)) return { ok: false, reason: 'unsupported-type', message: messages.fileType };
  if (isFileNameTooLong(file.name)) return { ok: false, reason: 'name-too-long', message: messages.fileNameTooLong };
  return { ok: true };
}

export const fileSchema = v.pipe(
  v.looseObject(
    {
      name: v.string(messages.fileType),
      type: v.string(messages.fileType),
      size: v.pipe(v.number(messages.fileType), v.minValue(0, messages.fileType)),
    },
    messages.required,
  ),
  v.check((file) => file.size <= MAX_FILE_SIZE, messages.fileTooLarge),
  v.check((file) => isAllowedFileType(file), messages.fileType),
  v.check((file) => !isFileNameTooLong(file.name), messages.fileNameTooLong),
);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/** What the first bytes of a file say it is (magic numbers), or null when unknown. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, ascii('%PDF'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('ftyp'), 4) && HEIC_BRANDS.some((brand) => startsWith(bytes, ascii(brand), 8))) {
    return 'heic';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  return null;
}

/**
 * True when the name has an allowed extension and the content starts like that format
 * (CONTRACT §10: extension AND content). docx/xlsx are only checked to be ZIP archives and
 * doc/xls to be OLE2 compound files: telling Word from Excel needs the whole archive.
 */
export function fileContentMatchesExtension(name: string, bytes: Uint8Array): boolean {
  const ext = fileExtension(name);
  if (!isAllowedExtension(ext)) return false;
  return detectFileKind(bytes) === FILE_TYPES[ext].kind;
}
