import type { MacroRecallTailProbability } from './macro-recall-tail-probability';

/** Whether the largest tail probability over a slice reaches α: proven either way, or not decided within the work allowed. */
export type SliceVerdict = { kind: 'reaches'; point: number[] } | { kind: 'below' } | { kind: 'undecided' };

/** A box of the first K − 1 recalls (the last one is K·θ minus their sum) and a bound on the tail over it. */
interface Box {
  lo: number[];
  hi: number[];
  bound: number;
}

/**
 * Decides whether sup { P_p[T ≥ t_obs] : p ∈ [0, 1]^K, (1/K) Σ pᵢ = θ } ≥ α — whether θ survives
 * Buehler's test — with certainty: "reaches" with a recall vector whose tail is ≥ α (its lower
 * enclosure), "below" when every part of the slice is bounded under α, "undecided" past the work or evaluations allowed.
 *
 * Steps (branch and bound over the first K − 1 recalls; the last is s − Σ, s = K·θ):
 * 1. A box is tightened to the slice: pᵢ ≤ s − Σ_{j≠i} loⱼ (the last recall ≥ 0) and
 *    pᵢ ≥ s − 1 − Σ_{j≠i} hiⱼ (≤ 1); an empty box is dropped.
 * 2. Its bound: the tail rises with every recall, so over the box it is at most the tail at
 *    (hi₁, …, hi_{K−1}, min(1, s − Σ lo)) (the upper enclosure).
 * 3. Best first: the box of largest bound is tried at a point of the slice inside it (the middle of
 *    its diagonal moved to the slice); a tail ≥ α there decides "reaches". Otherwise it is halved
 *    along its widest side. When the largest bound left is under α, "below".
 * `hint` (a recall vector) is tried first: the maximiser found at a nearby θ, moved to this slice.
 *
 * Domain: 0 < θ < 1, 0 < α < 1. Internal: not validated.
 *
 * @example macroSliceSupremum(tail, 0.8, 0.025, { work: 1e7, evaluations: 6000 }) // { kind: 'reaches', point: [...] }
 */
export function macroSliceSupremum(
  tail: MacroRecallTailProbability,
  theta: number,
  alpha: number,
  limits: { work: number; evaluations: number },
  hint?: readonly number[],
): SliceVerdict {
  const size = tail.totals.length;
  const s = size * theta;
  const stopAt = tail.work + limits.work;
  const lastEvaluation = tail.evaluations + limits.evaluations;
  if (hint) {
    const point = moveToSlice(hint, s);
    if (point && tail.at(point).value >= alpha) return { kind: 'reaches', point };
  }
  const boxes: Box[] = [];
  const push = (lo: number[], hi: number[]) => {
    if (!tighten(lo, hi, s)) return;
    const corner = [...hi, Math.min(1, s - sum(lo) + ROUNDING)];
    const bound = tail.at(corner).upper;
    if (bound >= alpha) heapPush(boxes, { lo, hi, bound });
  };
  push(new Array<number>(size - 1).fill(0), new Array<number>(size - 1).fill(1));
  while (boxes.length > 0) {
    if (tail.work > stopAt || tail.evaluations > lastEvaluation) return { kind: 'undecided' };
    const box = heapPop(boxes);
    const point = pointInBox(box, s);
    if (tail.at(point).value >= alpha) return { kind: 'reaches', point };
    let widest = 0;
    box.hi.forEach((hi, i) => {
      if (hi - box.lo[i]! > box.hi[widest]! - box.lo[widest]!) widest = i;
    });
    const middle = (box.lo[widest]! + box.hi[widest]!) / 2;
    // A box too thin to halve in doubles cannot be decided: its bound stays ≥ α.
    if (!(middle > box.lo[widest]! && middle < box.hi[widest]!)) return { kind: 'undecided' };
    const leftHi = [...box.hi];
    leftHi[widest] = middle;
    const rightLo = [...box.lo];
    rightLo[widest] = middle;
    push([...box.lo], leftHi);
    push(rightLo, [...box.hi]);
  }
  return { kind: 'below' };
}

/** Room left for rounding wherever a box is cut to the slice or bounded, so no part of the slice is lost. */
const ROUNDING = 1e-12;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Narrows the box to the part of the slice it holds (in place); false when it holds none. */
function tighten(lo: number[], hi: number[], s: number): boolean {
  const loSum = sum(lo);
  const hiSum = sum(hi);
  if (s - hiSum > 1 + ROUNDING || s - loSum < -ROUNDING) return false;
  for (let i = 0; i < lo.length; i++) {
    hi[i] = Math.min(hi[i]!, s - (loSum - lo[i]!) + ROUNDING);
    lo[i] = Math.max(lo[i]!, s - 1 - (hiSum - hi[i]!) - ROUNDING);
  }
  return lo.every((value, i) => value <= hi[i]!);
}

/** A recall vector on the slice inside the box: lo + λ·(hi − lo) with the last recall in [0, 1], λ nearest ½. */
function pointInBox({ lo, hi }: Box, s: number): number[] {
  const width = sum(hi) - sum(lo);
  const rest = s - sum(lo);
  const lambda = width > 0 ? Math.min(Math.max(0.5, (rest - 1) / width, 0), rest / width, 1) : 0;
  const free = lo.map((value, i) => value + lambda * (hi[i]! - value));
  return [...free, Math.min(1, Math.max(0, s - sum(free)))];
}

/** The hint moved onto the slice Σ = s by equal shifts of its recalls (clipped to [0, 1]); null if it cannot be. */
function moveToSlice(hint: readonly number[], s: number): number[] | null {
  const point = [...hint];
  const movable = (value: number, gap: number) => (gap > 0 ? value < 1 : value > 0);
  for (let round = 0; round <= point.length; round++) {
    const gap = s - sum(point);
    const count = point.filter((value) => movable(value, gap)).length;
    if (Math.abs(gap) <= 1e-15 || count === 0) break;
    point.forEach((value, i) => {
      if (movable(value, gap)) point[i] = Math.min(1, Math.max(0, value + gap / count));
    });
  }
  return Math.abs(s - sum(point)) <= 1e-12 ? point : null;
}

function heapPush(heap: Box[], box: Box): void {
  heap.push(box);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]!.bound >= heap[i]!.bound) break;
    [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
    i = parent;
  }
}

function heapPop(heap: Box[]): Box {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && heap[left]!.bound > heap[largest]!.bound) largest = left;
      if (right < heap.length && heap[right]!.bound > heap[largest]!.bound) largest = right;
      if (largest === i) break;
      [heap[largest], heap[i]] = [heap[i]!, heap[largest]!];
      i = largest;
    }
  }
  return top;
}
