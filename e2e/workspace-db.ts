import type { Page } from '@playwright/test';

/** The app keeps its workspace in IndexedDB: database `tailbound`, object store `workspace`, text values. */
export const WORKSPACE_KEY = 'tailbound.workspace';

/** Every key and value of the app's IndexedDB store. */
export function readWorkspaceDb(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('tailbound');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const entries: Record<string, string> = {};
          const cursor = open.result.transaction('workspace').objectStore('workspace').openCursor();
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const current = cursor.result;
            if (!current) {
              open.result.close();
              resolve(entries);
              return;
            }
            entries[String(current.key)] = String(current.value);
            current.continue();
          };
        };
      }),
  );
}

/** Writes one raw value into the app's IndexedDB store (to plant a corrupt or old workspace). */
export function writeWorkspaceDb(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(
    ([entryKey, entryValue]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tailbound');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('workspace', 'readwrite');
          transaction.objectStore('workspace').put(entryValue, entryKey);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    [key, value] as const,
  );
}
