import base, { restrictEnvAccess } from '@terres/eslint-config/base';

export default [
  ...base,
  // env.ts is the only reader of process.env (house rule); the lint keeps it that way.
  ...restrictEnvAccess,
];
