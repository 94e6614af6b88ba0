import { defineAppConfig } from '@terres/e2e/playwright';

// Journeys in e2e/*.spec.ts run at phone and desktop widths against the whole stack (see
// tooling/e2e/README.md): `pnpm --filter @terres/admin-console test:e2e`.
export default defineAppConfig({ app: 'admin-console', dir: import.meta.dirname });
