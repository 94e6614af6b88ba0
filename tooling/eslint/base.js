// One lint setup for the whole repo: every package's eslint.config.js combines these pieces.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export const ignores = {
  ignores: ['**/dist/**', '**/storybook-static/**', '**/coverage/**', '**/*.gen.ts', '**/src/gen/**', '**/.turbo/**', '**/playwright-report/**', '**/test-results/**'],
};

/** `no-restricted-imports` patterns every package keeps (a package that adds its own repeats these). */
export const workspaceImportPatterns = [
  { group: ['../../packages/*', '../../apps/*', '**/shared/*'], message: 'Import a workspace package by its name.' },
];

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
        { patterns: workspaceImportPatterns },
      ],
    },
  },
);

/**
 * Each package reads its configuration in one `env.ts`, validated (STYLE "Validated
 * configuration"): nothing else reads `process.env` or `import.meta.env` (create-t3-turbo's
 * `restrictEnvAccess`).
 */
export const restrictEnvAccess = tseslint.config({
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['**/env.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'process', property: 'env', message: "Read configuration through the package's env.ts, the only reader of process.env." },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
        message: "Read configuration through the app's src/config/env.ts, the only reader of import.meta.env.",
      },
    ],
  },
});
