// The HTML pages the API serves to a browser during a payment: the simulator's and Stripe's
// pay pages and the French error page of a bad link. Self-contained (inline style and fonts, no
// script), every value escaped; sent with a CSP that forbids everything but that style, those
// fonts and posting the form here. They wear the apps' face (@terres/ui/tokens): colours, logo
// mark, and Source Sans 3 inlined (its Latin regular and bold, about 42 KB of base64: the page is
// opened once per purchase, and a font route would be one more thing to serve and secure).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatCredits, formatEuros } from '@terres/domain';
import { colors, font, logoSvg } from '@terres/ui/tokens';
import { escapeHtml } from '../http/html.js';

/** Where Stripe serves its hosted Checkout pages (the origin of every session's `url`). */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The pages' Content-Security-Policy. `form-action` also governs where the form's response may
 * redirect (browsers apply it to redirects), so the portal the 303 leads to is allowed too, and
 * on Stripe's pay page Stripe's Checkout.
 */
export function pageCsp(portalOrigin: string, redirectOrigins: readonly string[] = []): string {
  const targets = ["'self'", portalOrigin, ...redirectOrigins].join(' ');
  return `default-src 'none'; style-src 'unsafe-inline'; font-src data:; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`;
}

const require = createRequire(import.meta.url);
const fontFace = (weight: number) => {
  const file = readFileSync(require.resolve(`@fontsource/source-sans-3/files/source-sans-3-latin-${weight}-normal.woff2`));
  return `@font-face { font-family: '${font.family}'; font-style: normal; font-weight: ${weight}; font-display: swap; src: url(data:font/woff2;base64,${file.toString('base64')}) format('woff2'); }`;
};

const STYLE = `
  ${fontFace(400)}
  ${fontFace(700)}
  body { font-family: ${font.fontStack}; font-size: 1rem; line-height: 1.5; background: ${colors.bgSubtle}; color: ${colors.text}; margin: 0; padding: 0 1rem; }
  main { max-width: 32rem; margin: 2rem auto; background: ${colors.bg}; border: 1px solid ${colors.border}; border-radius: 12px; padding: 1.5rem; }
  .brand { display: flex; align-items: center; gap: .5rem; margin: 0 0 1.5rem; color: ${colors.primary}; font-weight: 700; font-size: 1.125rem; }
  h1 { color: ${colors.text}; font-size: 1.5rem; line-height: 1.2; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { color: ${colors.textMuted}; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: break-word; min-width: 0; }
  .total { font-weight: 700; }
  .note { color: ${colors.textMuted}; font-size: .9rem; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { flex: 1; font: inherit; font-weight: 700; padding: .7rem 1rem; border-radius: 8px; border: 1px solid ${colors.primary}; cursor: pointer; }
  button.pay { background: ${colors.primary}; color: ${colors.onPrimary}; } button.pay:hover { background: ${colors.primaryHover}; }
  button.cancel { background: ${colors.bg}; color: ${colors.primary}; }
  a { color: ${colors.primary}; }`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${colors.primary}">
<title>${escapeHtml(title)} · Bourse aux terres</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${logoSvg({ size: 28 })}<span>Bourse aux terres</span></p>
${body}
</main>
</body>
</html>
`;
}

export interface PayPageInput {
  /** Where the form posts (the same path). */
  action: string;
  token: string;
  credits: number;
  organizationName: string;
  exclTaxCents: number;
  vatCents: number;
  inclTaxCents: number;
}

export interface SimulatorPageInput extends PayPageInput {
  alreadyPaid: boolean;
}

/** The pack, the organisation, HT, TVA, TTC, then the note and the two buttons of one form. */
function payPage(input: PayPageInput, note: string, extra: string, payLabel: string): string {
  const euros = (cents: number) => escapeHtml(formatEuros(cents / 100));
  return layout(
    'Paiement',
    `<h1>Paiement de votre pack de crédits</h1>
<p class="note">${escapeHtml(note)}</p>
<dl>
  <dt>Pack</dt><dd>${escapeHtml(formatCredits(input.credits))}</dd>
  <dt>Organisation</dt><dd>${escapeHtml(input.organizationName)}</dd>
  <dt>Prix HT</dt><dd>${euros(input.exclTaxCents)}</dd>
  <dt>TVA (20 %)</dt><dd>${euros(input.vatCents)}</dd>
  <dt class="total">Total TTC</dt><dd class="total">${euros(input.inclTaxCents)}</dd>
</dl>
${extra}
<form method="post" action="${escapeHtml(input.action)}">
  <input type="hidden" name="token" value="${escapeHtml(input.token)}">
  <div class="actions">
    <button class="cancel" type="submit" name="action" value="cancel">Annuler</button>
    <button class="pay" type="submit" name="action" value="pay">${escapeHtml(payLabel)}</button>
  </div>
</form>`,
  );
}

export function simulatorPage(input: SimulatorPageInput): string {
  const paid = input.alreadyPaid
    ? '<p class="note"><strong>Ce paiement a déjà été effectué.</strong> Payer de nouveau ne débite rien et vous ramène à la confirmation.</p>'
    : '';
  return payPage(input, 'Simulateur de paiement : aucune carte n’est débitée.', paid, 'Payer');
}

/**
 * Stripe's pay page: following a pack's link shows it and creates nothing; 'Payer par carte'
 * posts the form, which opens (or reopens) the Checkout Session and redirects there.
 */
export function stripePage(input: PayPageInput): string {
  return payPage(input, 'Le paiement par carte se fait sur la page sécurisée de notre prestataire Stripe.', '', 'Payer par carte');
}

export function errorPage(detail: string, buyUrl: string): string {
  return layout(
    'Paiement impossible',
    `<h1>Paiement impossible</h1>
<p>${escapeHtml(detail)}</p>
<p><a href="${escapeHtml(buyUrl)}">Revenir à l’achat de crédits</a></p>`,
  );
}
