import type { Db } from './index.js';

/**
 * Hook for the demo data (`DEMO_DATA=1`, set by `pnpm start`): admin@demo.test, owner@demo.test,
 * employee@demo.test, a verified organisation with credits and listings of each status.
 * Not written yet: the identity, organisation and listing tables do not exist. It must only
 * load into an EMPTY database and answer whether it did. Today: loads nothing, returns false.
 */
export async function loadDemoData(_db: Db): Promise<boolean> {
  return false;
}
