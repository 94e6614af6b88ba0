// The brand of Bourse aux terres as plain data: the palette, the typeface, the content widths
// and the logo mark, for what cannot read CSS custom properties (the API's e-mails, PDFs and
// payment page; the apps' favicon). No React, no DOM: `@terres/ui/tokens` is safe to import from
// Node. src/styles/tokens.css declares the same values as --terres-* properties for the apps;
// tokens.test.ts fails when the two disagree.

/** The colours shared by the apps, the e-mails, the PDFs and the payment page. */
export const colors = {
  /** Earth brown: the platform's actions, links and headings of documents. */
  primary: '#8b4513',
  primaryHover: '#6e3610',
  primarySubtle: '#f8eee6',
  onPrimary: '#ffffff',
  text: '#1f1c18',
  textMuted: '#6f695f',
  bg: '#ffffff',
  bgSubtle: '#f8f7f5',
  border: '#c5bfb5',
  success: '#157a3c',
  danger: '#b42318',
} as const;

/**
 * The one typeface: Source Sans 3 (Adobe, SIL Open Font License), self-hosted. The apps load
 * its variable file cut to French (from @fontsource-variable/source-sans-3, see src/styles/fonts.css); the
 * PDFs embed its static 400 and 700 (@fontsource/source-sans-3). `fontStack` is what a page or
 * an e-mail asks for: the typeface, then metric-close fallbacks.
 */
export const font = {
  family: 'Source Sans 3',
  fontStack: "'Source Sans 3', 'Source Sans Pro', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  monoStack: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/**
 * Content widths, one rule for every page of both apps: a page of forms or text (account, wizard,
 * onboarding, help) stays within `readable`; a page of lists, tables, cards or maps takes the
 * shell's whole body, `wide`. In rem (16 px); tokens.css has them as --terres-content-*.
 */
export const layout = {
  readableRem: 48,
  wideRem: 72,
} as const;

/** One shape of the logo mark: an SVG path in the mark's 32 x 32 box, and its fill. */
export interface LogoShape {
  d: string;
  fill: string;
  opacity?: number;
}

/**
 * The logo mark, 32 x 32: two heaps of earth (the one that leaves a site, the one another site
 * takes), the front one cut by a soil stratum, on the brown square. Drawn from these shapes by
 * `logoSvg` (favicon, e-mails, payment page) and by the PDFs' header (pdfkit paths).
 */
export const logoShapes: readonly LogoShape[] = [
  { d: 'M7 0H25A7 7 0 0 1 32 7V25A7 7 0 0 1 25 32H7A7 7 0 0 1 0 25V7A7 7 0 0 1 7 0Z', fill: colors.primary },
  { d: 'M14 26C17 11 27 11 30 26Z', fill: colors.primarySubtle, opacity: 0.55 },
  { d: 'M2 26C6 6 22 6 26 26Z', fill: colors.primarySubtle },
  { d: 'M4.7 18H23.3L24.4 20.5H3.6Z', fill: colors.primary },
];

/** The logo mark as a standalone SVG document (`size` in px; the box stays 32 x 32). */
export function logoSvg({ size = 32, title }: { size?: number; title?: string } = {}): string {
  const label = title ? ` role="img" aria-label="${title.replace(/[&<>"]/g, '')}"` : ' aria-hidden="true"';
  const shapes = logoShapes
    .map((shape) => `<path d="${shape.d}" fill="${shape.fill}"${shape.opacity === undefined ? '' : ` fill-opacity="${shape.opacity}"`}/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"${label}>${shapes}</svg>`;
}

/** Everything above, for `import { tokens } from '@terres/ui/tokens'`. */
export const tokens = { colors, font, layout, logoShapes, logoSvg } as const;
