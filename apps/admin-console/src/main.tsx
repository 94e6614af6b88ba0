import '@terres/ui/styles.css';
import '@terres/app-kit/styles.css';
import './styles.css';
import { AppRoot } from '@terres/app-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createConsoleRuntime } from './runtime';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Élément #root introuvable dans index.html.');

createRoot(rootElement).render(
  <StrictMode>
    <AppRoot runtime={createConsoleRuntime()} />
  </StrictMode>,
);
