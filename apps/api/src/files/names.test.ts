import { describe, expect, it } from 'vitest';
import { cleanFileName } from './names.js';

describe('cleanFileName', () => {
  it('drops control characters (C0, DEL, C1)', () => {
    expect(cleanFileName('permis\u0001\u001f\u007f\u0085\u009f.pdf')).toBe('permis.pdf');
    expect(cleanFileName('ligne\r\nsuivante\t.pdf')).toBe('lignesuivante.pdf');
  });

  it('drops bidirectional formatting characters, so a name reads as it is', () => {
    expect(cleanFileName('facture\u202efdp.exe')).toBe('facturefdp.exe');
    for (const c of ['\u061c', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(cleanFileName(`a${c}b.pdf`), c.codePointAt(0)!.toString(16)).toBe('ab.pdf');
    }
  });

  it('keeps accents, other scripts, emoji and joiners', () => {
    for (const name of ['Arrêté permis 2026.pdf', 'خريطة.pdf', 'plan 👷🏽‍♀️.png', 'e\u0301tude.pdf']) expect(cleanFileName(name)).toBe(name);
  });
});
