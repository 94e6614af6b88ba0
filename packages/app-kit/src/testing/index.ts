// Test helpers for the apps (exported as @terres/app-kit/testing; production code never imports
// them: the apps' lint forbids it).
export { sessionFor, storeSession } from './session';
export { createRenderApp, type TestRuntimeFactory } from './render-app';
export { captureDownloads, problemResponse } from './http';
export { admin, employee, ORGANIZATION_ID, owner } from './fixtures';
