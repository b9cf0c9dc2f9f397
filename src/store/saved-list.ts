import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { WorkspaceBackend } from './workspace-backend';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The persist storage of a store whose saved state is one list, `{ [field]: T[] }`, under its key in
 * `backend`: read back through `readUsableList` (unusable items set aside), written as JSON.
 */
export function savedListStorage<Field extends string, T>(backend: WorkspaceBackend, field: Field, isUsable: (value: unknown) => value is T): PersistStorage<Record<Field, T[]>> {
  return {
    getItem: (key) => readUsableList(backend, key, field, isUsable) as Promise<StorageValue<Record<Field, T[]>> | null>,
    setItem: (key, value) => backend.set(key, JSON.stringify(value)),
    removeItem: (key) => backend.remove(key),
  };
}

/**
 * Reads a store saved as `{ state: { [field]: T[] }, version }` under `key`, keeping the usable
 * items. A value that is not JSON, not this shape, or holds unusable items is copied to
 * `<key>.corrupt-<time>` first (the next save would overwrite it), and only the usable items are
 * read: one broken record must not break the next save.
 */
async function readUsableList<T>(
  backend: WorkspaceBackend,
  key: string,
  field: string,
  isUsable: (value: unknown) => value is T,
): Promise<StorageValue<Record<string, T[]>> | null> {
  const raw = await backend.get(key);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const state = isRecord(parsed) && isRecord(parsed.state) ? parsed.state : undefined;
  const saved = state && Array.isArray(state[field]) ? (state[field] as unknown[]) : undefined;
  const usable = saved?.filter(isUsable) ?? [];
  const version = isRecord(parsed) && typeof parsed.version === 'number' ? parsed.version : undefined;
  const value = saved && version !== undefined ? { state: { [field]: usable }, version } : null;
  if (!saved || usable.length !== saved.length || version === undefined) {
    // Set aside once: what stays under the key is what was usable (so the next load finds it whole).
    await backend.set(`${key}.corrupt-${Date.now()}`, raw);
    await (value ? backend.set(key, JSON.stringify(value)) : backend.remove(key));
  }
  return value;
}
