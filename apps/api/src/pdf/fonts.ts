// The PDFs' typeface: Source Sans 3, the apps' own (@terres/ui/tokens), from the static Latin files
// of @fontsource/source-sans-3. Those ship as WOFF (pdfkit's fontkit cannot subset their WOFF2),
// and fontkit inflates a WOFF's tables again for every document: they are unpacked once per
// process (or worker thread) into the plain TrueType file they wrap, which fontkit reads lazily
// (a 4-page document about 3 times faster than from the WOFF).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** The sfnt (TrueType/OpenType) file a WOFF 1.0 wraps: its tables inflated, with a new directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const bytes = woff.subarray(offset, offset + compressed);
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data: compressed < original ? inflateSync(bytes) : bytes };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(12 + 16 * count + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log += 1;
  }
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(log, 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = 12 + 16 * count;
  tables.forEach((table, index) => {
    const entry = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

const file = (name: string) => woffToSfnt(readFileSync(require.resolve(`@fontsource/source-sans-3/files/${name}`)));

/** Regular and bold, ready for `doc.registerFont`. */
export const SOURCE_SANS_3 = {
  regular: file('source-sans-3-latin-400-normal.woff'),
  bold: file('source-sans-3-latin-700-normal.woff'),
};

/** The code points the files hold (their Latin subset), as fontsource declares them. */
export const SOURCE_SANS_3_RANGES: ReadonlyArray<readonly [number, number]> = (
  JSON.parse(readFileSync(require.resolve('@fontsource/source-sans-3/unicode.json'), 'utf8')) as Record<string, string>
).latin!.split(',').map((range) => {
  const [from = '', to = from] = range.trim().replace(/^U\+/i, '').split('-');
  return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as const;
});
