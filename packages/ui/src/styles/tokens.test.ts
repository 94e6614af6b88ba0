import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tokensCss from './tokens.css?raw';

/**
 * `--terres-x: #rrggbb` declarations of tokens.css, and the aliases among them
 * (`--terres-x: var(--terres-y)`) resolved to their colour.
 */
function readHexTokens(css: string): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const match of css.matchAll(/(--terres-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)) {
    const [, name, value] = match;
    if (name && value) tokens.set(name, value.toLowerCase());
  }
  const aliases = [...css.matchAll(/(--terres-[\w-]+):\s*var\((--terres-[\w-]+)\)\s*;/g)];
  for (let pass = 0; pass < aliases.length; pass += 1) {
    for (const [, name, target] of aliases) {
      const value = target ? tokens.get(target) : undefined;
      if (name && value) tokens.set(name, value);
    }
  }
  return tokens;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// Text colour on background, as the components use them. AA for normal text: 4.5:1.
const textPairs: Array<[text: string, background: string]> = [
  ['neutral-900', 'white'],
  ['neutral-900', 'neutral-50'],
  ['neutral-700', 'white'],
  ['neutral-500', 'white'],
  ['neutral-500', 'neutral-50'],
  ['neutral-500', 'neutral-100'],
  ['on-primary', 'primary'],
  ['on-primary', 'primary-hover'],
  ['primary', 'white'],
  ['primary', 'primary-subtle'],
  ['on-success', 'success'],
  ['on-success', 'success-hover'],
  ['success-text', 'success-subtle'],
  ['on-danger', 'danger'],
  ['on-danger', 'danger-hover'],
  ['danger-text', 'danger-subtle'],
  ['danger-text', 'white'],
  ['cut-text', 'cut-subtle'],
  ['cut-text', 'white'],
  ['fill-text', 'fill-subtle'],
  ['fill-text', 'white'],
  ['overlap-text', 'overlap-subtle'],
  ['overlap-text', 'white'],
  ['warning', 'warning-subtle'],
  ['neutral-900', 'cut'],
];

// Non-text contrast (WCAG 1.4.11, 3:1): the edge of a control against the surfaces it sits on
// (white cards and fields, the page's neutral-50, disabled fields' neutral-100), and the focus
// ring. Decorative lines (--terres-color-border) are not in this list on purpose.
const controlPairs: Array<[edge: string, background: string]> = [
  ['border-control', 'white'],
  ['border-control', 'bg'],
  ['border-control', 'bg-subtle'],
  ['border-control', 'neutral-100'],
  ['neutral-500', 'white'],
  ['focus-ring', 'white'],
  ['focus-ring', 'bg-subtle'],
];

describe('design tokens', () => {
  const tokens = readHexTokens(tokensCss);

  it('computes contrast like WCAG (black on white is 21:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(textPairs)('--terres-color-%s on --terres-color-%s meets WCAG AA (4.5:1)', (text, background) => {
    const fg = tokens.get(`--terres-color-${text}`);
    const bg = tokens.get(`--terres-color-${background}`);
    expect(fg, `missing token ${text}`).toBeDefined();
    expect(bg, `missing token ${background}`).toBeDefined();
    expect(contrastRatio(fg ?? '', bg ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(controlPairs)('--terres-color-%s against --terres-color-%s meets WCAG 1.4.11 (3:1)', (edge, background) => {
    const fg = tokens.get(`--terres-color-${edge}`);
    const bg = tokens.get(`--terres-color-${background}`);
    expect(fg, `missing token ${edge}`).toBeDefined();
    expect(bg, `missing token ${background}`).toBeDefined();
    expect(contrastRatio(fg ?? '', bg ?? '')).toBeGreaterThanOrEqual(3);
  });
});

// The controls draw their edge with the control token, not the decorative one.
const componentCss = (file: string) => readFileSync(join(import.meta.dirname, '../components', file), 'utf8');

describe('control edges', () => {
  it.each([
    ['form-field/form-field.css', '.terres-input'],
    ['one-time-code-input/one-time-code-input.css', '.terres-otp__box'],
    ['file-field/file-field.css', '.terres-file-field__zone'],
  ])('%s: %s has a --terres-color-border-control border', (file, selector) => {
    const css = componentCss(file);
    const rule = new RegExp(`${selector.replace(/[.]/g, '\\.')}\\s*\\{[^}]*border:[^;]*var\\(--terres-color-border-control\\)`);
    expect(css).toMatch(rule);
  });
});
