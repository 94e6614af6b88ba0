// The layers, typeface, tokens and document defaults; each component brings its own stylesheet,
// so /login loads the CSS of the sign-in screen only (issue 23).
import '@terres/ui/foundation.css';
import './styles.css';
import { AppRoot, preloadRouteChunks } from '@terres/app-kit';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeEnv } from './config/env';
import { createConsoleRuntime } from './runtime';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Élément #root introuvable dans index.html.');

// The deployment's /config.json is preloaded with the code (src/config/env.ts); once read, the
// session's renewal and the page's code start together, before the first render (issue 23). The
// first render is a transition: React yields to the browser between components instead of one
// long task.
loadRuntimeEnv().then(
  () => {
    // The session's renewal starts with the runtime, the page's code with its router.
    const runtime = createConsoleRuntime({ renewSessionAtOnce: true });
    preloadRouteChunks(runtime.router, window.location.pathname);
    startTransition(() =>
      createRoot(rootElement).render(
        <StrictMode>
          <AppRoot runtime={runtime} />
        </StrictMode>,
      ),
    );
  },
  (error: unknown) => {
    // A bad config.json: say so on the page (the operator's first look), not a blank screen.
    rootElement.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  },
);
