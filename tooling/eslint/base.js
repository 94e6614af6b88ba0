// One lint setup for the whole repo: every package's eslint.config.js combines these pieces.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export const ignores = {
  ignores: ['**/dist/**', '**/storybook-static/**', '**/coverage/**', '**/*.gen.ts', '**/src/gen/**', '**/.turbo/**', '**/playwright-report/**', '**/test-results/**'],
};

/** @type {import('typescript-eslint').ConfigArray} */
export default tseslint.config(
  ignores,
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.es2023 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../packages/*', '../../apps/*', '**/shared/*'], message: 'Import a workspace package by its name.' }] },
      ],
    },
  },
);
