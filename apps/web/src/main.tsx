import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { getWindowId } from './lib/session-store.ts';
import './reduced-motion.css';
import './toasts.css';

// The per-tab window id is created once per tab session (spec 1 §2).
getWindowId();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
