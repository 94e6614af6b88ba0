// The last carrier and plate used for a departure, per organisation (issue 18: "remember the last
// carrier and plate used"): the next load of the same truck is one tap away.
export interface LastUsed {
  carrierId: string;
  vehiclePlate: string;
}

export const lastUsedStorageKey = (organizationId: string) => `terres.transfers.last-load.${organizationId}`;

export function readLastUsed(organizationId: string | null | undefined): LastUsed | null {
  if (!organizationId) return null;
  try {
    const raw = localStorage.getItem(lastUsedStorageKey(organizationId));
    const parsed = raw ? (JSON.parse(raw) as Partial<LastUsed>) : null;
    return parsed && typeof parsed.carrierId === 'string' && typeof parsed.vehiclePlate === 'string'
      ? { carrierId: parsed.carrierId, vehiclePlate: parsed.vehiclePlate }
      : null;
  } catch {
    return null;
  }
}

export function saveLastUsed(organizationId: string | null | undefined, value: LastUsed) {
  if (!organizationId) return;
  try {
    localStorage.setItem(lastUsedStorageKey(organizationId), JSON.stringify(value));
  } catch {
    // Not remembered: the next form starts empty.
  }
}
