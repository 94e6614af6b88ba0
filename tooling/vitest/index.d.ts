import type { ViteUserConfig } from 'vitest/config';

/** Defaults for every package: beside-the-code tests, small worker pool, generous timeouts. */
export declare const baseTestConfig: ViteUserConfig;
/** Debian's Chromium and the flags browser tests launch it with (Playwright `launchOptions`). */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
export default baseTestConfig;
