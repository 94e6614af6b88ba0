// How every browser test launches Chromium (vitest browser tests and the Playwright journeys of
// @terres/e2e): Debian's build, never a downloaded one, with the flags this sandboxed, offline
// machine needs. No vitest import here, so a Playwright config can load it too.

/** Debian's Chromium at $CHROMIUM_PATH or /usr/bin/chromium, and its flags (Playwright `launchOptions`). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
