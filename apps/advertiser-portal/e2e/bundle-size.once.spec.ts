import { loginBundleChecks, test } from '@terres/e2e/test';

// The sign-in page is the first page most people load, often on a phone on site (issues 9, 21
// and 23); the checks are the same in both apps (@terres/e2e's loginBundleChecks).
test('/login loads no map engine', loginBundleChecks.noMapEngine);
test('/login loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included', loginBundleChecks.withinBudget);
