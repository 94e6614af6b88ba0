import type { Preview } from '@storybook/react-vite';

document.documentElement.lang = 'fr';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
  },
};

export default preview;
