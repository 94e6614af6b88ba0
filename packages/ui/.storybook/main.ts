import type { StorybookConfig } from '@storybook/react-vite';

// One catalogue for designers (`pnpm storybook`, port 6006): the design system's stories and
// those of @terres/maps, which is built on it. Each package tests its own stories (this
// package's vitest project here; maps' own project in packages/maps), so under vitest the maps
// stories are left out of this list.
const mapsStories = process.env.VITEST ? [] : [{ directory: '../../maps/src', files: '**/*.stories.@(ts|tsx)' }];

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.mdx', '../src/**/*.stories.@(ts|tsx)', ...mapsStories],
  // addon-vitest: every story is also a test (vitest.config.ts, project 'storybook').
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
};

export default config;
