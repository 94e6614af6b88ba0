import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Starts a page of the app (each app's main.tsx and login-main.tsx): reads the deployment's
 * /config.json (preloaded with the code: tooling/vite), then draws the page in a React root on
 * `#root`. The first render is a transition: React yields to the browser between components
 * instead of one long task. A bad config.json is said on the page, the operator's first look,
 * not left as a blank screen.
 */
export function bootPage(loadEnv: () => Promise<void>, draw: (root: Root) => void): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Élément #root introuvable dans la page.');
  loadEnv().then(
    () => {
      const root = createRoot(rootElement);
      startTransition(() => draw(root));
    },
    (error: unknown) => {
      rootElement.textContent = error instanceof Error ? error.message : String(error);
      throw error;
    },
  );
}
