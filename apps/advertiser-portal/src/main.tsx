import '@terres/ui/styles.css';
import '@terres/app-kit/styles.css';
import './styles.css';
import { AppRoot } from '@terres/app-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeEnv } from './config/env';
import { createPortalRuntime } from './runtime';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Élément #root introuvable dans index.html.');

// The deployment's /config.json first, then the router (src/config/env.ts).
loadRuntimeEnv().then(
  () =>
    createRoot(rootElement).render(
      <StrictMode>
        <AppRoot runtime={createPortalRuntime()} />
      </StrictMode>,
    ),
  (error: unknown) => {
    // A bad config.json: say so on the page (the operator's first look), not a blank screen.
    rootElement.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  },
);
