import { createStore, del, get, set } from 'idb-keyval';

/**
 * Where the workspace is kept: text values under string keys, asynchronously. The app uses the
 * browser's IndexedDB (room for the documented 50,000 detectors, where localStorage's ~5 MB is not);
 * tests and Node use memory.
 */
export interface WorkspaceBackend {
  /** For messages: "IndexedDB" or "memory". */
  readonly name: string;
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The browser's IndexedDB (database `tailbound`, object store `workspace`) through idb-keyval. */
export function indexedDbBackend(): WorkspaceBackend {
  const store = createStore('tailbound', 'workspace');
  return {
    name: 'IndexedDB',
    get: async (key) => {
      const value = await get<unknown>(key, store);
      return typeof value === 'string' ? value : value === undefined ? null : JSON.stringify(value);
    },
    set: (key, value) => set(key, value, store),
    remove: (key) => del(key, store),
  };
}

/** A backend in memory (tests; Node, where nothing persists). `items` may be shared to simulate a reload. */
export function memoryBackend(items: Map<string, string> = new Map()): WorkspaceBackend {
  return {
    name: 'memory',
    get: async (key) => items.get(key) ?? null,
    set: async (key, value) => void items.set(key, value),
    remove: async (key) => void items.delete(key),
  };
}
