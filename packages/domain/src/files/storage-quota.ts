// An organisation's storage quota (issue 20): the files it uploaded count against a configured
// quota (API `STORAGE_QUOTA_MB`); one upload that would go past it is refused (413) with this
// sentence, and the admin console shows each organisation's use in the same words.
import { formatNumber } from '../format/format';

/** A no-break space: a figure never wraps away from its unit (as in ../format/format.ts). */
const NBSP = '\u00a0';

/** Sizes as the apps and the API's messages write them: '0 Mo', '12,5 Mo', '1 024 Mo' (1 Mo = 1 MiB, as the 5 Mo file limit). */
export function formatStorageSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  const rounded = mib > 0 && mib < 0.1 ? 0.1 : Math.round(mib * 10) / 10;
  return `${formatNumber(rounded, 1)}${NBSP}Mo`;
}

/** The share of the quota used, 0 to 100 (whole percent, 100 once reached; 0 for no quota). */
export function storageUsePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 0;
  return Math.min(100, Math.floor((usedBytes / quotaBytes) * 100));
}

/** 'Stockage : 12,5 Mo utilisés sur 500 Mo (2 %)' */
export function storageUseText(usedBytes: number, quotaBytes: number): string {
  return `${formatStorageSize(usedBytes)} utilisés sur ${formatStorageSize(quotaBytes)} (${storageUsePercent(usedBytes, quotaBytes)}${NBSP}%)`;
}

/** The 413 of an upload past the quota: where the organisation stands and what to do. */
export function storageQuotaMessage(usedBytes: number, quotaBytes: number): string {
  return `Le quota de stockage de votre organisation est atteint : ${formatStorageSize(usedBytes)} utilisés sur ${formatStorageSize(quotaBytes)}. Supprimez des documents dont vous n’avez plus besoin, ou contactez le support pour l’augmenter.`;
}
