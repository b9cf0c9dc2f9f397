// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The app's store is created while its module loads, and reads localStorage right then: this must
// work with everything it needs declared (a saved workspace once failed to load on every reload).
describe('the workspace store created at module load', () => {
  afterEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('restores a saved workspace', async () => {
    const detector = { id: 'kept', name: 'Kept', query: 'Is it kept?', yes: { correct: 3, total: 4 }, no: { correct: 5, total: 6 } };
    localStorage.setItem(
      'tailbound.workspace',
      JSON.stringify({ state: { detectors: [detector], delta: 0.01, sort: 'name', showUnionBounds: false, seeded: true }, version: 1 }),
    );
    const { useWorkspace } = await import('./workspace');
    expect(useWorkspace.persist.hasHydrated()).toBe(true);
    expect(useWorkspace.getState().detectors.map((item) => item.id)).toEqual(['kept']);
    expect(useWorkspace.getState().delta).toBe(0.01);
  });

  it('sets a corrupted one aside and reports it', async () => {
    localStorage.setItem(
      'tailbound.workspace',
      JSON.stringify({ state: { detectors: [{ id: 'bad', yes: { correct: 9, total: 4 } }], delta: 0.05, seeded: true }, version: 1 }),
    );
    const { useWorkspace } = await import('./workspace');
    expect(useWorkspace.getState().storageProblem?.message).toBeTruthy();
    expect(useWorkspace.getState().seeded).toBe(false);
  });
});
