// Where a purchase started from a listing goes back to (issue 21, D1): the wizard's and the
// listing's 'Acheter des crédits' open /credits/buy?redirect=<the listing's page>; the page
// keeps it in this tab's session storage, which outlives the trip to the payment page and
// back (success or cancel), and the success page returns there instead of the dashboard.
import { safeRedirect } from '@terres/app-kit';

const KEY = 'bourse-aux-terres:credits:return';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A listing page of this app, or undefined (anything else is ignored). */
export function readRedirect(value: unknown): string | undefined {
  const path = safeRedirect(value, '');
  return /^\/user\/(create-inquiry|inquiry\/details)\/[^/?#]+/.test(path) ? path : undefined;
}

export function rememberReturn(path: string | undefined): void {
  try {
    if (path) storage()?.setItem(KEY, path);
    else storage()?.removeItem(KEY);
  } catch {
    // Without storage, the purchase ends on the dashboard as before.
  }
}

export function readReturn(): string | undefined {
  try {
    return readRedirect(storage()?.getItem(KEY));
  } catch {
    return undefined;
  }
}
