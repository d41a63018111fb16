// First: starts downloading the active language's texts before the router asks for the first page's code.
import { initI18n } from '@/lib/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/index.css';

await initI18n();

// Rendered as a transition: React yields to the browser while it builds the first screen, so a slow
// phone stays responsive (no long task) and the static shell in index.html stays up meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
