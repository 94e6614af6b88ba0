// Base settings, React, happy-dom and test/setup.ts (@terres/vitest-config/react).
export { default } from '@terres/vitest-config/react';
