// Where the user left each draft (issue 21, D1): the last sub-step shown, in this browser's
// local storage keyed by the listing's id, so 'Reprendre la saisie' and 'Modifier l'annonce'
// open it again (the URL holds it only while the wizard is open; the server keeps no such
// field). An entry belongs to one refusal: a listing refused again (another reason) opens
// where its new refusal points; a submitted listing forgets its entry.
import { SUB_STEPS, type SubStepKey } from '../sub-steps';

const PREFIX = 'bourse-aux-terres:inquiry-wizard:position:';

interface Entry {
  key: SubStepKey;
  /** The refusal's reason when the entry was written; null for a draft. */
  reason: string | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The sub-step last shown for this listing under this refusal (null: a draft), or null. */
export function readLastPosition(id: string, reason: string | null): SubStepKey | null {
  try {
    const entry = JSON.parse(storage()?.getItem(PREFIX + id) ?? 'null') as Partial<Entry> | null;
    if (!entry || entry.reason !== reason) return null;
    return SUB_STEPS.find((s) => s.key === entry.key)?.key ?? null;
  } catch {
    return null;
  }
}

export function rememberPosition(id: string, key: SubStepKey, reason: string | null): void {
  try {
    storage()?.setItem(PREFIX + id, JSON.stringify({ key, reason } satisfies Entry));
  } catch {
    // A full or refused storage only costs the resume at this sub-step.
  }
}

export function forgetPosition(id: string): void {
  try {
    storage()?.removeItem(PREFIX + id);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
