import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { persistedJson } from './guarded-storage';
import type { PersistedWorkspace } from './types';

const counts = fc.record({ correct: fc.nat(), total: fc.nat() });
const detector = fc.record(
  { id: fc.string(), name: fc.string(), query: fc.string(), yes: counts, no: counts, source: fc.string() },
  { requiredKeys: ['id', 'name', 'query', 'yes', 'no'] },
);
// Strings that look like the placeholder, so that a replace of the wrong place would show.
const tricky = fc.constantFrom('"detectors":0', 'detectors', '"detectors":0,"x":1', '');
const state = fc.record({
  detectors: fc.array(detector, { maxLength: 5 }),
  delta: fc.double({ min: 1e-12, max: 0.5, noNaN: true }),
  sort: fc.oneof(tricky, fc.constantFrom('estimate', 'lower', 'name')),
  showUnionBounds: fc.boolean(),
  balancedMethod: fc.oneof(tricky, fc.constantFrom('buehler', 'union', 'inversion')),
  seeded: fc.boolean(),
}) as unknown as fc.Arbitrary<PersistedWorkspace>;

describe('persistedJson', () => {
  it('is JSON.stringify of the saved value, character for character (names and settings that look like the placeholder too)', () => {
    fc.assert(
      fc.property(state, fc.integer({ min: 0, max: 9 }), (saved, version) => {
        const value = { state: saved, version };
        expect(persistedJson(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('still writes the current settings when the same detectors array is saved again', () => {
    const detectors = [{ id: 'a', name: 'A', query: '', yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 } }];
    const first = { detectors, delta: 0.05, sort: 'estimate', showUnionBounds: false, balancedMethod: 'buehler', seeded: true } as PersistedWorkspace;
    persistedJson({ state: first, version: 3 });
    const second = { ...first, delta: 0.01 };
    expect(JSON.parse(persistedJson({ state: second, version: 3 }))).toEqual({ state: second, version: 3 });
  });
});
