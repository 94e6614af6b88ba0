import type { ViteUserConfig } from 'vitest/config';

/** Component tests of a React package: base settings, React plugin, happy-dom, test/setup.ts. */
export declare const reactTestConfig: ViteUserConfig;
export default reactTestConfig;
