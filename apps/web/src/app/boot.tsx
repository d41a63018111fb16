// First: starts downloading the active language's texts before the router asks for the first page's code.
import { initI18n } from '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';

await initI18n();

// Rendered at normal priority, like the router's updates (app.tsx): a render that is a transition is thrown away
// and restarted by every update that arrives while it runs (a query's answer, a lazy chunk), and on a busy
// device the page could stay on its placeholders for many seconds (ADR 012).
const root = createRoot(document.getElementById('root')!);
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);
