import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, readTheme } from './theme';
import { registerOfflineServiceWorker } from './UpdateBanner';
import './styles.css';

// Before the first paint, so a stored theme never flashes the system's.
applyTheme(readTheme(), false);
registerOfflineServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('tailbound: the page has no #root element');
// Detector files are fetched once per URL (see src/data/detectors-query.ts); no refetch on focus.
// networkMode 'always': offline, queries still run (the service worker answers the sample set from
// its cache; a shared workspace is decoded on the page) instead of waiting for the network.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, networkMode: 'always' } } });
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
