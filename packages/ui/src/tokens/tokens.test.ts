import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tokensCss from '../styles/tokens.css?raw';
import { colors, font, layout, logoSvg } from './tokens';

/** `--terres-x: value;` declarations of tokens.css, with their var() aliases resolved. */
function declarations(css: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const [, name, value] of css.matchAll(/(--terres-[\w-]+):\s*([^;]+);/g)) values.set(name!, value!.trim());
  for (const [name, value] of values) {
    const alias = /^var\((--terres-[\w-]+)\)$/.exec(value)?.[1];
    if (alias && values.has(alias)) values.set(name, values.get(alias)!);
  }
  return values;
}

const fontsCss = readFileSync(join(import.meta.dirname, '../styles/fonts.css'), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

// The API's e-mails, PDFs and payment page read tokens.ts; the apps read tokens.css: one face only
// if both say the same.
describe('@terres/ui/tokens and tokens.css', () => {
  const css = declarations(tokensCss);

  it.each(Object.entries(colors))('colors.%s is --terres-color-<same name>', (name, value) => {
    expect(css.get(`--terres-color-${kebab(name)}`)).toBe(value);
  });

  it('names the same typeface and widths', () => {
    expect(css.get('--terres-font-sans')).toBe(font.fontStack);
    expect(css.get('--terres-font-mono')).toBe(font.monoStack);
    expect(css.get('--terres-content-readable')).toBe(`${layout.readableRem}rem`);
    expect(css.get('--terres-content-wide')).toBe(`${layout.wideRem}rem`);
    expect(fontsCss).toContain(`font-family: '${font.family}';`);
    expect(fontsCss).toContain('font-display: swap;');
  });
});

describe('logoSvg', () => {
  it('is a standalone SVG of the mark in the brand colour, hidden from assistive technology unless titled', () => {
    const svg = logoSvg();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">/);
    expect(svg).toContain(`fill="${colors.primary}"`);
    expect(logoSvg({ size: 16, title: 'Bourse aux terres' })).toContain('width="16" height="16" role="img" aria-label="Bourse aux terres"');
  });
});
