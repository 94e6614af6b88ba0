import type { Preview } from '@storybook/react-vite';
import '../src/styles/index.css';
import { VIEWPORTS } from './viewports';

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
