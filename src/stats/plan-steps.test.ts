import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gallopingBlockSearch } from './galloping-block-search';
import { planCurveCounts } from './plan-curve-counts';

/** Checks over a fixed list of which counts meet the goal: exact per count, tight or loose per block. */
function checksOver(meets: boolean[], tight: boolean, noneFrom = Infinity) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    meetsAt: (count: number) => (calls++, meets[count] === true),
    mayMeetIn: (first: number, last: number) => (calls++, tight ? meets.slice(first, last + 1).includes(true) : true),
    noneBeyond: (count: number) => count >= noneFrom,
  };
}

describe('gallopingBlockSearch (the label planners\' exact search over a saw-tooth goal)', () => {
  it('finds the smallest count that meets the goal, never stepping over one (fast-check against a scan, tight and loose block proofs)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 0, maxLength: 300 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (raw, density, tight) => {
        // Sparse goals (a few scattered counts meet it) are the hard case for a galloping search.
        const meets = raw.map((value, index) => value && (index * 7919) % 1000 < density * 1000);
        const limit = meets.length - 1;
        const outcome = gallopingBlockSearch(limit, 100_000, checksOver(meets, tight));
        const scan = meets.indexOf(true);
        expect(outcome.first).toBe(scan === -1 ? null : scan);
        expect(outcome.stoppedEarly).toBe(false);
        expect(outcome.outOfWork).toBe(false);
        if (scan === -1) expect(outcome.next).toBe(limit + 1);
      }),
      { seed: 26, numRuns: 400 },
    );
  });

  it('gallops: a far first count costs O(log m) checks with tight block proofs', () => {
    const meets = Array.from({ length: 1_000_001 }, (_, count) => count === 654_321);
    const checks = checksOver(meets, true);
    expect(gallopingBlockSearch(1_000_000, 10_000, checks).first).toBe(654_321);
    expect(checks.calls).toBeLessThan(4 * Math.log2(654_321));
  });

  it('stops as unreachable where noneBeyond says so, and reports running out of checks with the count proven', () => {
    const meets = Array.from({ length: 101 }, (_, count) => count === 90);
    // Blocks [0], [1, 2], [3, 6], [7, 14], [15, 30], [31, 62] are proven to miss; at 63 noneBeyond (from 40 on) stops it.
    expect(gallopingBlockSearch(100, 1000, checksOver(meets, true, 40))).toEqual({ first: null, stoppedEarly: true, outOfWork: false, next: 63 });
    // Loose proofs cost two checks a count after the first (a block that may meet, then the count): 5 checks prove 0–2.
    const outOfWork = gallopingBlockSearch(100, 5, checksOver(meets, false));
    expect(outOfWork.first).toBeNull();
    expect(outOfWork).toEqual({ first: null, stoppedEarly: false, outOfWork: true, next: 3 });
    expect(meets.slice(0, outOfWork.next).includes(true)).toBe(false);
    expect(gallopingBlockSearch(-1, 5, checksOver([], true))).toEqual({ first: null, stoppedEarly: false, outOfWork: false, next: 0 });
  });

  it('names a bad argument', () => {
    const checks = checksOver([], true);
    expect(() => gallopingBlockSearch(-2, 5, checks)).toThrow(/^limit /);
    expect(() => gallopingBlockSearch(1.5, 5, checks)).toThrow(/^limit /);
    expect(() => gallopingBlockSearch(10, 0, checks)).toThrow(/^maxSteps /);
    expect(() => gallopingBlockSearch(10, Number.NaN, checks)).toThrow(/^maxSteps /);
  });
});

describe('planCurveCounts (the counts a plan\'s curve is drawn at)', () => {
  it('gives evenly spaced counts plus the answer and one fewer (worked example: round(10·i/4) = 0, 3, 5, 8, 10)', () => {
    expect(planCurveCounts(10, 4, 7)).toEqual([0, 3, 5, 6, 7, 8, 10]);
    expect(planCurveCounts(10, 4, null)).toEqual([0, 3, 5, 8, 10]);
    expect(planCurveCounts(0, 160, 0)).toEqual([0]);
    expect(planCurveCounts(3, 160, null)).toEqual([0, 1, 2, 3]);
  });

  it('is ascending and distinct, from 0 to max(end, answer), at most steps + 3 long (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 1, max: 200 }), fc.option(fc.integer({ min: 0, max: 2e7 })), (end, steps, answer) => {
        const counts = planCurveCounts(end, steps, answer);
        expect(counts[0]).toBe(0);
        expect(counts.at(-1)).toBe(Math.max(end, answer ?? 0));
        for (let index = 1; index < counts.length; index++) expect(counts[index]).toBeGreaterThan(counts[index - 1]!);
        expect(counts.length).toBeLessThanOrEqual(steps + 3);
        if (answer !== null) expect(counts).toContain(answer);
        if (answer !== null && answer > 0) expect(counts).toContain(answer - 1);
      }),
      { seed: 26, numRuns: 300 },
    );
  });

  it('names a bad argument', () => {
    expect(() => planCurveCounts(-1, 4, null)).toThrow(/^end /);
    expect(() => planCurveCounts(10, 0, null)).toThrow(/^steps /);
    expect(() => planCurveCounts(10, 10_001, null)).toThrow(/^steps /);
    expect(() => planCurveCounts(10, 4, 2.5)).toThrow(/^answer /);
  });
});
