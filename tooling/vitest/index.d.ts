import type { ViteUserConfig } from 'vitest/config';

/** Defaults for every package: beside-the-code tests, small worker pool, generous timeouts. */
export declare const baseTestConfig: ViteUserConfig;
export { chromiumLaunchOptions } from './chromium.js';
export default baseTestConfig;
