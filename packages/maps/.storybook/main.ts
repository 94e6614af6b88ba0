import type { StorybookConfig } from '@storybook/react-vite';

// Kept minimal: the design system catalogue lives in packages/ui (6006); this one (6007) shows the maps.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
};

export default config;
