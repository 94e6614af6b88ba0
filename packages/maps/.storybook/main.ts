import type { StorybookConfig } from '@storybook/react-vite';

// The configuration of this package's story tests (vitest project 'storybook'). Designers see
// these stories in the one catalogue of @terres/ui (`pnpm storybook`), which lists them too.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
};

export default config;
