import { loginBundleTests } from '@terres/e2e/test';

// The sign-in page's weight: the checks both apps share (@terres/e2e's loginBundleTests).
loginBundleTests();
