import type { Preview } from '@storybook/react-vite';
// The maps are drawn with the design system's controls and tokens, as in the apps.
import '@terres/ui/styles.css';

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
