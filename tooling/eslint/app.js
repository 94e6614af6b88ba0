// The web apps' lint (advertiser-portal, admin-console): React, one reader of import.meta.env,
// and the feature slices' boundaries (bulletproof-react's `import/no-restricted-paths`, here
// eslint-plugin-import-x's): a feature imports no other feature, and nothing under
// src/features/ imports a route. Routes use features, features use packages and src/lib.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { restrictEnvAccess, workspaceImportPatterns } from './base.js';
import react from './react.js';

/** The zones of an app whose root is `appDir`: one per feature folder, plus routes. */
export function featureZones(appDir) {
  const featuresDir = path.join(appDir, 'src/features');
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: 'Features do not import each other: move what they share to src/lib or a package.',
    })),
    { target: './src/features', from: './src/routes', message: 'Routes use features, never the other way round.' },
  ];
}

/** The lint of the web app whose root folder is `appDir` (its eslint.config.js passes `import.meta.dirname`). */
export function appConfig(appDir) {
  return tseslint.config(
    ...react,
    ...restrictEnvAccess,
    {
      files: ['src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] })],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: appDir, zones: featureZones(appDir) }],
      },
    },
    {
      // Production code never imports the test helpers.
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['src/**/*.test.{ts,tsx}', 'src/**/test-utils.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...workspaceImportPatterns, { group: ['@terres/app-kit/testing'], message: 'Test helpers are for tests only.' }] },
        ],
      },
    },
  );
}
