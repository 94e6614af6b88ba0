/** Debian's Chromium and the flags browser tests launch it with (Playwright `launchOptions`). */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
