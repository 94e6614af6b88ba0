import base from '@terres/eslint-config/base';

export default [
  ...base,
  {
    // env.ts is the only reader of process.env (house rule); the lint keeps it that way.
    files: ['src/**/*.ts'],
    ignores: ['src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/env.ts (loadConfig).' },
      ],
    },
  },
];
