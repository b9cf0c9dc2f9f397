import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreTestPValue } from './score-test-p-value';

describe('scoreTestPValue', () => {
  it('brackets twice the smaller one-sided supremum within the stated factor, the upper end never below it', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-7, max: 1, noNaN: true }), fc.double({ min: 1e-7, max: 1, noNaN: true }), fc.boolean(), (upperSup, lowerSup, firstUpper) => {
        const { lower, upper } = scoreTestPValue((upperTail, level) => (level >= (upperTail ? upperSup : lowerSup) ? 'rejected' : 'accepted'), firstUpper);
        const exact = Math.min(1, 2 * Math.min(upperSup, lowerSup));
        expect(upper).toBeGreaterThanOrEqual(exact);
        expect(lower).toBeLessThanOrEqual(exact);
        expect(upper).toBeLessThanOrEqual(Math.min(1, exact * (1 + 3e-4)));
      }),
      { numRuns: 300, seed: 30 },
    );
  });

  it('stays on the safe side where verdicts are undecided, and stops at 10⁻⁸', () => {
    expect(scoreTestPValue(() => 'undecided', true)).toEqual({ lower: 0, upper: 1 });
    expect(scoreTestPValue(() => 'rejected', true)).toEqual({ lower: 0, upper: 2e-8 });
    // The first tail's supremum is 0.3; the other one's undecided there: the upper end is the first's, the lower end unknown.
    expect(scoreTestPValue((upperTail, level) => (upperTail ? (level >= 0.3 ? 'rejected' : 'accepted') : 'undecided'), true).lower).toBe(0);
  });
});
