import react from '@terres/eslint-config/react';

export default [
  ...react,
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/config/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read configuration through src/config/env.ts, the only reader of import.meta.env.',
        },
      ],
    },
  },
];
