import '@testing-library/jest-dom/vitest';
import { preloadToasts } from '@terres/ui/toast';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Toasts show at once in tests (the app loads their display with the first one).
beforeAll(async () => {
  await preloadToasts();
});

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
