import { createRenderApp } from '@terres/app-kit/testing';
import { createConsoleRuntime } from '../src/runtime';
import { TEST_API_URL } from './server';

/**
 * Renders the whole console (real route tree, guards, loaders) at `path` on a memory history,
 * against the MSW server, signed in as `user` when given.
 */
export const renderApp = createRenderApp((options) => createConsoleRuntime({ ...options, apiUrl: TEST_API_URL }));
