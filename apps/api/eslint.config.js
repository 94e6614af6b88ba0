import base from '@terres/eslint-config/base';

/** A `detail` written in place: every sentence a user reads is one of the domain's `messages`. */
const LITERAL = /^(Literal|TemplateLiteral)$/;
const literalDetail = (selector) => ({
  selector,
  message: "A problem's detail is a sentence of the domain (`messages.x` from @terres/domain, or a function there), not a literal.",
});

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
  {
    // Problem answers take their French text from the domain (packages/domain/src/messages/):
    // one sentence, one key, never a copy that drifts from what the apps and the tests quote.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        literalDetail(`CallExpression[callee.name='problem'][arguments.1.type=${LITERAL}]`),
        literalDetail(`NewExpression[callee.name='HttpProblem'][arguments.1.type=${LITERAL}]`),
        literalDetail(`CallExpression[callee.name='sendProblem'][arguments.4.type=${LITERAL}]`),
        // A refusal decided in a transaction (`{ status, detail }`, src/auth/sessions.ts).
        literalDetail(`ObjectExpression:has(Property[key.name='status']) > Property[key.name='detail'][value.type=${LITERAL}]`),
      ],
    },
  },
];
