import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
// The maps are drawn with the design system's controls and tokens, as in the apps.
import '@terres/ui/styles.css';

// CI shares 2 cores between every package's tests: a play function's findBy/waitFor gets the
// same room as the unit tests' (test/setup.ts) instead of Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

document.documentElement.lang = 'fr';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    // The same phone viewport as the catalogue (packages/ui/.storybook/viewports.ts).
    viewport: { options: { phone: { name: 'Téléphone (375 px)', styles: { width: '375px', height: '812px' }, type: 'mobile' } } },
  },
};

export default preview;
