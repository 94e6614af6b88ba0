import base, { restrictEnvAccess } from '@terres/eslint-config/base';

// The base config's rule, repeated: a files block with `no-restricted-imports` replaces it.
const WORKSPACE_PATHS = { group: ['../../packages/*', '../../apps/*', '**/shared/*'], message: 'Import a workspace package by its name.' };

/** A `detail` written in place: every sentence a user reads is one of the domain's `messages`. */
const LITERAL = /^(Literal|TemplateLiteral)$/;
const literalDetail = (selector) => ({
  selector,
  message: "A problem's detail is a sentence of the domain (`messages.x` from @terres/domain, or a function there), not a literal.",
});

export default [
  ...base,
  // env.ts is the only reader of process.env (house rule); the lint keeps it that way.
  ...restrictEnvAccess,
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
        // Its field messages (`errors: { field: message }`) too.
        literalDetail(`CallExpression[callee.name='problem'] Property[key.name='errors'] > ObjectExpression > Property[value.type=${LITERAL}]`),
        // A refusal decided in a transaction (`{ status, detail }`, src/auth/sessions.ts).
        literalDetail(`ObjectExpression:has(Property[key.name='status']) > Property[key.name='detail'][value.type=${LITERAL}]`),
      ],
    },
  },
  {
    // Thin routes (STYLE, API): a route parses, authorises and calls a service; the services own
    // the SQL, the transactions and their lock order. So no route reaches the database or the
    // schema itself, and no route imports another route's file (shared code lives in src/http,
    // src/auth or src/services). src/routes/index.ts, which registers them all, is the exception.
    files: ['src/routes/**/*.ts'],
    ignores: ['src/routes/**/*.test.ts', 'src/routes/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Routes hold no SQL: call a service of src/services/.' }],
          patterns: [
            WORKSPACE_PATHS,
            { group: ['**/db/schema.js', '**/db/index.js', '**/db/prepared.js', 'drizzle-orm/*'], message: 'Routes hold no SQL: call a service of src/services/.' },
            { regex: '^\\.\\./(?!\\.\\./)', message: "A route does not import another route's file: move what both need to src/http, src/auth or src/services." },
            { regex: '^\\./(?!.*\\.test)', message: "A route does not import another route's file: move what both need to src/http, src/auth or src/services." },
          ],
        },
      ],
    },
  },
];
