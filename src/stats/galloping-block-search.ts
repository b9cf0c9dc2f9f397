/** What the three checks of `gallopingBlockSearch` answer about the counts 0, 1, …, limit. */
export interface BlockSearchChecks {
  /** Does this one count meet the goal? (Exact.) */
  meetsAt: (count: number) => boolean;
  /** May any count in [first, last] meet the goal? False must be a proof that none does. */
  mayMeetIn: (first: number, last: number) => boolean;
  /** True when no count from this one on can meet the goal (a proof; false when unsure). */
  noneBeyond: (count: number) => boolean;
}

/** The answer of `gallopingBlockSearch`. */
export interface BlockSearchOutcome {
  /** The smallest count that meets the goal (every smaller one is proven not to); null when none was found. */
  first: number | null;
  /** True when `noneBeyond` proved that no count from `next` on meets the goal. */
  stoppedEarly: boolean;
  /** True when the checks ran out before `limit`: every count below `next` is proven to miss, the rest unknown. */
  outOfWork: boolean;
  /** The first count not proven to miss (the answer when one was found). */
  next: number;
}

/**
 * The smallest count m in [0, limit] that meets a goal which is not monotone in m (a saw-tooth),
 * found exactly by galloping over blocks: blocks [m₁, m₂] double in size after each block proven
 * not to meet the goal (`mayMeetIn` false) and halve after one that may; a block of one count is
 * evaluated exactly (`meetsAt`). Before each block, `noneBeyond` may end the search as unreachable.
 * Each skipped block is proven, so the first count that meets the goal is never stepped over.
 *
 * Work: at most `maxSteps` block checks, then `outOfWork` with `next` the first unproven count;
 * a goal met at m costs O(log m) checks when the blocks' bounds are tight.
 * Reference: the block proofs of `planLabels` and `labelsForProportion` (exact bounds at the
 * corners of a block); galloping as in Bentley & Yao (1976), "An almost optimal algorithm for
 * unbounded searching".
 * Domain: limit a whole number (−1 searches nothing), maxSteps a positive whole number.
 * Errors: RangeError naming `limit` or `maxSteps`, with the value.
 * Internal: a step of the label planners, not exported from index.ts.
 *
 * @example gallopingBlockSearch(100, 50, { meetsAt: (m) => m >= 37, mayMeetIn: (a, b) => b >= 37, noneBeyond: () => false }).first // 37
 */
export function gallopingBlockSearch(limit: number, maxSteps: number, checks: BlockSearchChecks): BlockSearchOutcome {
  if (!Number.isSafeInteger(limit) || limit < -1) throw new RangeError(`limit must be a whole number (or −1), got ${String(limit)}`);
  if (!Number.isSafeInteger(maxSteps) || maxSteps < 1) throw new RangeError(`maxSteps must be a positive whole number, got ${String(maxSteps)}`);
  let next = 0;
  let blockSize = 1;
  let step = 0;
  for (; step < maxSteps && next <= limit; step++) {
    if (checks.noneBeyond(next)) return { first: null, stoppedEarly: true, outOfWork: false, next };
    const last = Math.min(limit, next + blockSize - 1);
    if (last === next) {
      if (checks.meetsAt(next)) return { first: next, stoppedEarly: false, outOfWork: false, next };
      next += 1;
      blockSize *= 2;
    } else if (checks.mayMeetIn(next, last)) {
      blockSize = Math.max(1, Math.floor(blockSize / 2));
    } else {
      next = last + 1;
      blockSize *= 2;
    }
  }
  return { first: null, stoppedEarly: false, outOfWork: step >= maxSteps && next <= limit, next };
}
