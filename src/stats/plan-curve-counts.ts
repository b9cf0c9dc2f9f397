import { assertWholeNumber } from './assert-whole-number';

/**
 * The counts a plan's projected curve is drawn at: about `steps` evenly spaced counts
 * round(end · i / steps), i = 0 … steps, plus the answer and one fewer (so the curve shows the
 * step across the target), distinct and ascending.
 *
 * Reference: none (a plotting grid shared by the label planners).
 * Domain: end and answer whole numbers (answer null when there is none), steps a whole number from
 * 1 to 10,000. Errors: RangeError naming `end`, `steps` or `answer`, with the value.
 *
 * @example planCurveCounts(10, 4, 7) // [0, 3, 5, 6, 7, 8, 10]
 */
export function planCurveCounts(end: number, steps: number, answer: number | null): number[] {
  assertWholeNumber(end, 'end');
  assertWholeNumber(steps, 'steps');
  if (steps < 1 || steps > 10_000) throw new RangeError(`steps must be from 1 to 10000, got ${steps}`);
  if (answer !== null) assertWholeNumber(answer, 'answer');
  const points = new Set<number>();
  for (let step = 0; step <= steps; step++) points.add(Math.round((end * step) / steps));
  if (answer !== null) {
    points.add(answer);
    if (answer > 0) points.add(answer - 1);
  }
  return [...points].sort((a, b) => a - b);
}
