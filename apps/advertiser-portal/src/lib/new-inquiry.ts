// Starting a new listing (spec §2): the dashboard's choice dialog sends the user to
// /user/create-inquiry/{new uuid} with the chosen type, both as `?type=CUT|FILL` (survives a
// reload) and in the navigation state (`inquiryType`, as the spec says). The wizard reads
// either; this module is the one place that spells both.
import type { InquiryType } from '@terres/api-client';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The type chosen in the dashboard's create dialog. */
    inquiryType?: InquiryType;
  }
}

/** A random v4 UUID; `crypto.randomUUID` is missing outside secure contexts (plain http on a LAN). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where the create dialog goes: pass it to `navigate(...)`. */
export function newInquiryNavigation(type: InquiryType, id: string = newUuid()) {
  return {
    to: '/user/create-inquiry/$id',
    params: { id },
    search: { type },
    state: { inquiryType: type },
  } as const;
}
