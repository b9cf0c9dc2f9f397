import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { assertProbability } from './assert-probability';
import { assertWholeNumber } from './assert-whole-number';
import { binomialTailWindow } from './binomial-tail-window';
import { proportionConfidenceSequence } from './proportion-confidence-sequence';
import { StoppingCountGrid } from './stopping-count-grid';
import type { ClassCounts } from './types';

/** A sequential labelling plan: from the labels in hand, batches of a fixed class split until the bound clears or the horizon. */
export interface SequentialPlanSetup {
  /** Labels in hand (a class may be 0/0 when its batch share is ≥ 1). */
  current: { yes: ClassCounts; no: ClassCounts };
  /** The true per-class accuracies assumed for new labels. */
  accuracy: { yes: number; no: number };
  /** Labels of each class in every batch. */
  batch: { yes: number; no: number };
  /** The horizon: at most this many batches. */
  batches: number;
  /** Stop once the balanced lower bound is ≥ target (0 < target < 1). */
  target: number;
  delta: number;
  /** The stopping quantile reported (default 0.9). */
  level?: number;
}

export interface SequentialStopDistribution {
  /** stopProbability[j] = P(the bound first clears the target right after batch j); j = 0 is the labels in hand. */
  stopProbability: number[];
  /** P(not cleared after the last batch). */
  neverCleared: number;
  /** Mass dropped at the grid's edges and the binomial rows' tails (an upper bound on the error of every probability here); ≤ 8e-16 a batch. */
  dropped: number;
  /** E[new labels spent], a path that never clears counted at the horizon (batches × batch size). */
  expectedLabels: number;
  /** The fewest new labels by which the bound has cleared with probability ≥ level; null if not by the horizon. */
  quantileLabels: number | null;
  level: number;
}

/** Largest batch per class and horizon in batches: the grid then stays within a worker's second or two. */
const MOST_BATCH = 10_000;
const MOST_BATCHES = 1_000;
/** Each grid edge sheds at most this much mass a batch (far below what any shown digit can see). */
const EDGE_MASS = 1e-16;

/**
 * The exact stopping distribution of "label in batches and stop as soon as the anytime-valid balanced
 * lower bound clears the target": after batch j the counts are k₊ of n₊ + j·b₊ and k₋ of n₋ + j·b₋,
 * and the rule stops at the first j with L(k₊, k₋) = (ℓ₊ + ℓ₋)/2 ≥ target, ℓ each class's lower end of
 * `proportionConfidenceSequence` at δ/2 (Robbins' mixture) — `balancedConfidenceSequence`'s lower
 * bound, valid at that data-dependent stop. Each batch has a fixed class split b₊ : b₋ (not a random
 * one), so the state is the joint count (k₊, k₋) only. Dynamic programming over the joint distribution of the
 * paths not yet stopped (`StoppingCountGrid`): start with mass 1 at the counts in hand; each batch convolves
 * with Binomial(b₊, a₊) × Binomial(b₋, a₋) (the assumed true accuracies), moves the mass where L ≥ target into
 * P(T = j), and trims grid edges holding ≤ 1e-16 each; each batch's binomial rows lose tails of ≤ 1e-16 each
 (`binomialTailWindow`); both are reported as `dropped`. No simulation.
 * Lower ends are computed only where a cell can stop (`stoppingCorner`), each on first use.
 * Cost per batch: (cells) × (the two binomial windows); the cells grow like √j per class: measured,
 * the default plan's 50 batches of 100 take ~0.4 s, 100 batches of 100 never clearing ~1 s, of 200 ~2.8 s.
 *
 * Reference: Armitage, McPherson & Rowe (1969), J. R. Statist. Soc. A 132 (exact recursion over paths
 * not yet stopped); Howard, Ramdas, McAuliffe & Sekhon (2021), Ann. Statist. 49(2) (validity at stopping times).
 * Domain: counts as `balancedConfidenceSequence` (a class may be 0/0 if its batch share ≥ 1); accuracies in
 * [0, 1]; 0 ≤ b ≤ 10,000 whole a class, b₊ + b₋ ≥ 1; 1 ≤ batches ≤ 1,000; 0 < target < 1; 1e-300 ≤ δ < 1; 0 < level < 1.
 * Errors: RangeError naming the field (`batch.yes must be ≥ 1 while current.yes.total is 0, got 0`, `accuracy.no must be in [0, 1]`, …).
 *
 * @example sequentialStopDistribution({ current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
 *   accuracy: { yes: 0.95, no: 0.95 }, batch: { yes: 40, no: 60 }, batches: 30, target: 0.9, delta: 0.05 })
 * // { stopProbability: [0, 0, 0, ≈ 0.0028, …], neverCleared: ≈ 3.7e-7, expectedLabels: ≈ 938.9, quantileLabels: 1300, … }
 */
export function sequentialStopDistribution(setup: SequentialPlanSetup): SequentialStopDistribution {
  const { current, accuracy, batch, batches, target, delta, level = 0.9 } = validatedSetup(setup);
  // Each class's lower ends at this look, computed when first asked for (most cells never need one).
  const lowerEnds = (successesFrom: number, length: number, trials: number): LowerEnds => {
    const ends = new Float64Array(length).fill(Number.NaN);
    const at = (successes: number) => {
      const offset = successes - successesFrom;
      if (Number.isNaN(ends[offset]!)) ends[offset] = proportionConfidenceSequence(successes, trials, delta / 2).lower;
      return ends[offset]!;
    };
    return Object.assign(at, { first: successesFrom, last: successesFrom + length - 1 });
  };
  const grid = new StoppingCountGrid(current.yes.correct, current.no.correct);
  const yesWindow = binomialTailWindow(batch.yes, accuracy.yes, EDGE_MASS);
  const noWindow = binomialTailWindow(batch.no, accuracy.no, EDGE_MASS);
  // What the windows leave out of each batch's step: that share of the mass still on the grid is dropped.
  const windowLoss = 1 - yesWindow.kept * noWindow.kept;
  const stopProbability: number[] = [];
  let dropped = 0;
  for (let look = 0; look <= batches; look++) {
    if (look > 0) {
      dropped += Math.max(grid.total() * windowLoss, 0);
      grid.advance(yesWindow, noWindow);
    }
    const yesTrials = current.yes.total + look * batch.yes;
    const noTrials = current.no.total + look * batch.no;
    if (yesTrials === 0 || noTrials === 0) {
      stopProbability.push(0);
      continue;
    }
    const yesLower = lowerEnds(grid.minYes, grid.rows, yesTrials);
    const noLower = lowerEnds(grid.minNo, grid.columns, noTrials);
    const [fromYes, fromNo] = stoppingCorner(yesLower, noLower, 2 * target);
    stopProbability.push(grid.stopWhere((yes, no) => (yesLower(yes) + noLower(no)) / 2 >= target, fromYes, fromNo));
    dropped += grid.trimEdges(EDGE_MASS);
  }
  // The mass left on the grid, kept a probability: its sum's rounding can pass 1 by an ulp or two.
  const neverCleared = Math.min(Math.max(grid.total(), 0), 1);
  const batchSize = batch.yes + batch.no;
  let expectedLabels = neverCleared * batches * batchSize;
  let cumulative = 0;
  let quantileLabels: number | null = null;
  stopProbability.forEach((probability, look) => {
    expectedLabels += probability * look * batchSize;
    cumulative += probability;
    if (quantileLabels === null && cumulative >= level) quantileLabels = look * batchSize;
  });
  return { stopProbability, neverCleared, dropped, expectedLabels, quantileLabels, level };
}

/** A class's lower ends at one look, by success count, over the grid's counts `first` … `last`. */
type LowerEnds = ((successes: number) => number) & { first: number; last: number };

/** Slack for the rounding of the lower ends (each to ~1e-12): a count is skipped only if it misses by more. */
const SKIP_MARGIN = 1e-9;

/**
 * The counts below which no cell can stop: the least k₊ whose lower end, with the NO class's highest,
 * reaches 2·target − 1e-9 (bisection: a sequence's lower end grows with the count), and likewise k₋.
 * Cells below either are not looked at; their lower ends are never computed (most of them, before the
 * bound first clears). Each search asks for O(log cells) lower ends.
 */
function stoppingCorner(yesLower: LowerEnds, noLower: LowerEnds, needed: number): [number, number] {
  const least = (ends: LowerEnds, best: number) => {
    let [low, high] = [ends.first, ends.last + 1];
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (ends(middle) + best >= needed - SKIP_MARGIN) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return [least(yesLower, noLower(noLower.last)), least(noLower, yesLower(yesLower.last))];
}

/** The setup checked field by field (RangeErrors named as the fields are). */
function validatedSetup(setup: SequentialPlanSetup): SequentialPlanSetup {
  assertObject(setup, 'setup', '{current, accuracy, batch, batches, target, delta}');
  const { current, accuracy, batch, batches, target, delta, level = 0.9 } = setup;
  assertObject(current, 'current', '{yes, no}');
  assertObject(accuracy, 'accuracy', '{yes, no}');
  assertObject(batch, 'batch', '{yes, no}');
  for (const name of ['yes', 'no'] as const) {
    assertObject(current[name], `current.${name}`, '{correct, total}');
    const { correct, total } = current[name];
    assertWholeNumber(total, `current.${name}.total`);
    if (total > 0) assertCounts(total, correct, { n: `current.${name}.total`, k: `current.${name}.correct` });
    else if (correct !== 0) throw new RangeError(`current.${name}.correct must be ≤ current.${name}.total (0), got ${String(correct)}`);
    if (total > 1e9) throw new RangeError(`current.${name}.total must be ≤ 1e9, got ${total}`);
    assertProbability(`accuracy.${name}`, accuracy[name]);
    assertWholeNumber(batch[name], `batch.${name}`);
    if (batch[name] > MOST_BATCH) throw new RangeError(`batch.${name} must be ≤ ${MOST_BATCH}, got ${batch[name]}`);
    if (total === 0 && batch[name] === 0) throw new RangeError(`batch.${name} must be ≥ 1 while current.${name}.total is 0, got 0`);
  }
  assertWholeNumber(batches, 'batches');
  if (batches < 1 || batches > MOST_BATCHES) throw new RangeError(`batches must be in [1, ${MOST_BATCHES}], got ${batches}`);
  if (typeof target !== 'number' || !(target > 0 && target < 1)) throw new RangeError(`target must be in (0, 1), got ${String(target)}`);
  assertDelta(delta);
  if (typeof level !== 'number' || !(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${String(level)}`);
  return setup;
}
