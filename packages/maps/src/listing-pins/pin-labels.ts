import { formatNumber } from '@terres/domain';

// What pins and groups are and how they read, free of the clustering library: MapMarker uses it
// without loading supercluster.

export type ListingType = 'CUT' | 'FILL';

/** A listing on the admin map: the API's light pin (GET /inquiries/pins) fits as is. */
export interface ListingPin {
  id: string;
  type: ListingType;
  /** The listing's status (read with the domain's `statusLabel`). */
  status?: string | null;
  latitude: number;
  longitude: number;
  projectName: string;
  /** Null or blank reads 'Organisation inconnue'. */
  organizationName?: string | null;
}

/** The count shown on a group: '8', '245', '1,2 k'. */
export function clusterCountLabel(count: number): string {
  return count < 1000 ? String(count) : `${formatNumber(count / 1000, 1)}\u00a0k`;
}

/** Diameter in pixels of a group's disc: larger for more pins. */
export function clusterSize(count: number): number {
  if (count < 10) return 34;
  if (count < 100) return 40;
  if (count < 1000) return 46;
  return 54;
}

/** The group's accessible name: how many listings, of which type, and what a click does. */
export function clusterTitle(count: number, cut: number, fill: number): string {
  const parts = [
    cut > 0 ? `${formatNumber(cut, 0)} déblai${cut > 1 ? 's' : ''}` : null,
    fill > 0 ? `${formatNumber(fill, 0)} remblai${fill > 1 ? 's' : ''}` : null,
  ].filter(Boolean);
  return `${formatNumber(count, 0)} annonces (${parts.join(', ')}) : zoomer sur ce groupe`;
}
