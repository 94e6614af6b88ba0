// The HTML pages the API serves to a browser during a payment: the simulator's and Stripe's
// pay pages and the French error page of a bad link. Self-contained (inline style, no script),
// every value escaped; sent with a CSP that forbids everything but that style and posting the
// form here.
import { formatCredits, formatEuros } from '@terres/domain';
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
  return `default-src 'none'; style-src 'unsafe-inline'; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6f3; color: #1f2933; margin: 0; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { color: #2f6b3a; font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { color: #616e7c; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; }
  .note { color: #616e7c; font-size: .9rem; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { flex: 1; font-size: 1rem; padding: .7rem 1rem; border-radius: 8px; border: 1px solid #2f6b3a; cursor: pointer; }
  button.pay { background: #2f6b3a; color: #fff; } button.cancel { background: #fff; color: #2f6b3a; }
  a { color: #2f6b3a; }`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Bourse aux terres</title>
<style>${STYLE}</style>
</head>
<body>
<main>
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
