// Shared test helpers (app-kit's): problem answers and what the page hands to the browser as a download.
export { captureDownloads, problemResponse as problem } from '@terres/app-kit/testing';
