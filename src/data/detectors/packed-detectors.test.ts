import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Detector } from './detector';
import { packDetectors, unpackDetectors } from './packed-detectors';

const counts = fc.record({ correct: fc.nat(1_000_000), total: fc.nat(1_000_000) }).map(({ correct, total }) => ({ correct, total }));
const detector: fc.Arbitrary<Detector> = fc
  .record({ id: fc.string(), name: fc.string({ unit: 'grapheme' }), query: fc.string(), yes: counts, no: counts, source: fc.option(fc.string(), { nil: undefined }) })
  .map(({ source, ...rest }) => (source === undefined ? rest : { ...rest, source }));

describe('packDetectors / unpackDetectors', () => {
  it('give back the same detectors, a source only where there was one (empty strings and emoji included)', () => {
    fc.assert(fc.property(fc.array(detector, { maxLength: 30 }), (detectors) => {
      expect(unpackDetectors(packDetectors(detectors))).toStrictEqual(detectors);
    }));
  });

  it('keep an empty source apart from none', () => {
    const base = { id: 'a', name: 'A', query: '', yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 } };
    const unpacked = unpackDetectors(packDetectors([{ ...base, source: '' }, base]));
    expect(unpacked[0]).toHaveProperty('source', '');
    expect(unpacked[1]).not.toHaveProperty('source');
  });
});
