import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import '../src/styles/index.css';
import { VIEWPORTS } from './viewports';

// CI shares 2 cores between every package's tests: a play function's findBy/waitFor gets the
// same room as the unit tests' (test/setup.ts) instead of Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

// The product is French: screen readers must read the stories in French too.
document.documentElement.lang = 'fr';

const preview: Preview = {
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story (test runner, addon-vitest, CI).
    a11y: { test: 'error' },
    viewport: { options: VIEWPORTS },
  },
  initialGlobals: { locale: 'fr' },
};

export default preview;
