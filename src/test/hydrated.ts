/**
 * Waits for a persisted store's own first hydration (zustand's persist starts it when the store is
 * made). Calling `persist.rehydrate()` instead reads the storage a second time while the first read
 * may still be setting an unusable value aside, which sets it aside twice.
 */
export function hydrated(store: { persist: { hasHydrated: () => boolean; onFinishHydration: (listener: () => void) => () => void } }): Promise<void> {
  if (store.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.persist.onFinishHydration(() => {
      stop();
      resolve();
    });
  });
}
