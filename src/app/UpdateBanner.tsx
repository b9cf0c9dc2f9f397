import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/**
 * The offline service worker (see offlineServiceWorker in vite.config.ts), registered in production
 * builds only, and the prompt it raises when a new build has been deployed: the page keeps the build
 * it opened with until the reader chooses to reload.
 */
let waiting = false;
let update: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function registerOfflineServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  update = registerSW({
    onNeedRefresh() {
      waiting = true;
      listeners.forEach((listener) => listener());
    },
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** "A new version is available — Reload", on every view once a new build is waiting. */
export function UpdateBanner() {
  const available = useSyncExternalStore(subscribe, () => waiting);
  if (!available) return null;
  return (
    <div className="banner" role="status">
      <p>A new version is available.</p>
      <button type="button" onClick={() => void update?.()}>
        Reload
      </button>
    </div>
  );
}
