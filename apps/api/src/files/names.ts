// The name a client gave its file is kept for display and for Content-Disposition only (the
// file on disk has a generated name). It loses what can only mislead a reader or a terminal:
// control characters (C0, DEL, C1) and the bidirectional formatting characters that can make
// 'facture‮fdp.exe' read as 'facture‮exe.pdf' (U+202E). Migration 0011 cleaned the stored
// names with the same set. U+0000 never gets here: the API refuses it (http/text-guard.ts).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu;

/** `name` without control and bidirectional formatting characters. */
export function cleanFileName(name: string): string {
  return name.replace(UNWANTED, '');
}
