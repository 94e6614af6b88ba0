// What the user typed in the current sub-step before pressing Next lives in the tab's session
// storage, so a reload keeps it too (the saved values are on the draft, the sub-step in the
// URL). An entry is used only while the draft is as it was when the entry was written (same
// `updatedAt`, or still not created): a change made elsewhere wins over a stale copy.
import { newMaterialRow, type WizardValues } from './values';

const PREFIX = 'bourse-aux-terres:inquiry-wizard:';

interface Entry {
  /** The draft's updatedAt when the values were written; null before it exists. */
  basedOn: string | null;
  values: WizardValues;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readUnsaved(id: string, basedOn: string | null): WizardValues | null {
  const raw = storage()?.getItem(PREFIX + id);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Entry;
    if (entry.basedOn !== basedOn || typeof entry.values !== 'object' || entry.values === null) return null;
    // Fresh keys: the counter behind them restarted with the page.
    return { ...entry.values, materials: entry.values.materials.map((row) => ({ ...row, key: newMaterialRow().key })) };
  } catch {
    return null;
  }
}

export function writeUnsaved(id: string, basedOn: string | null, values: WizardValues): void {
  try {
    storage()?.setItem(PREFIX + id, JSON.stringify({ basedOn, values } satisfies Entry));
  } catch {
    // A full or refused storage only costs the unsaved typing on a reload.
  }
}

export function forgetUnsaved(id: string): void {
  storage()?.removeItem(PREFIX + id);
}
