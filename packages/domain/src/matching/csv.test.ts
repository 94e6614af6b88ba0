import { describe, expect, it } from 'vitest';
import { csvCell, csvNumber, toCsv } from './csv';

describe('csvNumber', () => {
  it('writes a decimal comma, no grouping, at most three decimals', () => {
    expect(csvNumber(1234.5)).toBe('1234,5');
    expect(csvNumber(100)).toBe('100');
    expect(csvNumber(0.1 + 0.2)).toBe('0,3');
    expect(csvNumber(2098.6499999999996)).toBe('2098,65');
    expect(csvNumber(-5)).toBe('-5');
    expect(csvNumber(-0.0001)).toBe('0');
    expect(csvNumber(1.23456, 2)).toBe('1,23');
    expect(csvNumber(Number.NaN)).toBe('');
  });
});

describe('csvCell', () => {
  it('writes yes/no, lists and empty cells', () => {
    expect(csvCell(true)).toBe('OUI');
    expect(csvCell(false)).toBe('NON');
    expect(csvCell(['68224', '68066'])).toBe('68224,68066');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes separators, quotes, line breaks and edge spaces', () => {
    expect(csvCell('Parking; lot B')).toBe('"Parking; lot B"');
    expect(csvCell('Le "Clos"')).toBe('"Le ""Clos"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell(' marge')).toBe('" marge"');
    expect(csvCell('Terre Végétale – Bonne qualité')).toBe('Terre Végétale – Bonne qualité');
  });

  it('keeps a spreadsheet from running text as a formula, with a tab that a trimming import drops', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\t=HYPERLINK(""x"")"');
    expect(csvCell('+33 1 23')).toBe('"\t+33 1 23"');
    expect(csvCell('@SUM(A1)')).toBe('"\t@SUM(A1)"');
    expect(csvCell('-Lot 3')).toBe('"\t-Lot 3"');
    expect(csvCell(-5)).toBe('-5'); // numbers are not text
    // Trackdéchets' reader trims each cell: the value it imports is the one entered, no apostrophe.
    expect(csvCell('=Chantier "Les Tanneurs"; lot 3').slice(1, -1).replace(/""/g, '"').trim()).toBe('=Chantier "Les Tanneurs"; lot 3');
  });
});

describe('toCsv', () => {
  it('starts with a BOM and ends every line with CRLF', () => {
    expect(toCsv(['Code', 'Volume'], [['17 05 04', 12.5]])).toBe('\uFEFFCode;Volume\r\n17 05 04;12,5\r\n');
    expect(toCsv(['Code'], [])).toBe('\uFEFFCode\r\n');
  });
});
