// @vitest-environment jsdom
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The app's store is created while its module loads and starts reading right then: this must work
// with everything it needs declared (a saved workspace once failed to load on every reload). It
// keeps the workspace in IndexedDB and moves one saved by earlier versions out of localStorage.
describe('the workspace store created at module load', () => {
  // A new, empty IndexedDB for each test (a module reload within a test sees the same one).
  beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function loadStore() {
    const { useWorkspace } = await import('./workspace');
    await vi.waitFor(() => expect(useWorkspace.getState().hydrated).toBe(true));
    return useWorkspace;
  }

  it('restores a workspace saved in localStorage by an earlier version, and keeps it in IndexedDB from then on', async () => {
    const detector = { id: 'kept', name: 'Kept', query: 'Is it kept?', yes: { correct: 3, total: 4 }, no: { correct: 5, total: 6 } };
    localStorage.setItem(
      'tailbound.workspace',
      JSON.stringify({ state: { detectors: [detector], delta: 0.01, sort: 'name', showUnionBounds: false, seeded: true }, version: 1 }),
    );
    const useWorkspace = await loadStore();
    expect(useWorkspace.getState().detectors.map((item) => item.id)).toEqual(['kept']);
    expect(useWorkspace.getState().delta).toBe(0.01);
    expect(localStorage.getItem('tailbound.workspace')).toBeNull();
    vi.resetModules();
    const reloaded = await loadStore();
    expect(reloaded.getState().detectors.map((item) => item.id)).toEqual(['kept']);
  });

  it('sets a corrupted one aside and reports it', async () => {
    localStorage.setItem(
      'tailbound.workspace',
      JSON.stringify({ state: { detectors: [{ id: 'bad', yes: { correct: 9, total: 4 } }], delta: 0.05, seeded: true }, version: 1 }),
    );
    const useWorkspace = await loadStore();
    expect(useWorkspace.getState().storageProblem?.message).toBeTruthy();
    expect(useWorkspace.getState().seeded).toBe(false);
  });
});
