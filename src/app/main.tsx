import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useWorkspace } from '../store/workspace';
import { App } from './App';
import './styles.css';

// The workspace store first reads localStorage while its own module is still being evaluated, and
// a saved workspace then fails to load (src/store/workspace.ts declares MigrationFailure after
// creating the store). Read it again now that every module is ready.
if (!useWorkspace.persist.hasHydrated()) void useWorkspace.persist.rehydrate();

const container = document.getElementById('root');
if (!container) throw new Error('tailbound: the page has no #root element');
// Detector files are fetched once per URL (see src/data/detectors-query.ts); no refetch on focus.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
