import { assertDelta } from './assert-delta';
import { assertWholeNumber } from './assert-whole-number';
import { exactInterval } from './exact-interval';
import type { Interval } from './types';

/** How the counts and the share are named in messages: e.g. tp, fp, YES, precision. */
export interface AnswerShareNames {
  right: string;
  wrong: string;
  answer: string;
  share: string;
}

/**
 * The exact (Clopper–Pearson) interval of the share of right answers among one kind of answer —
 * precision TP/(TP + FP) among YES answers, NPV TN/(TN + FN) among NO answers — given the number of
 * those answers (see `precisionInterval` for why conditioning on it keeps the guarantee).
 *
 * Reference: Clopper & Pearson (1934). Domain: right, wrong whole ≥ 0 with right + wrong ≥ 1 (a
 * safe integer); 1e-300 ≤ δ < 1. Errors: RangeError naming the count by `names` ("tp must be a
 * whole number, got 2.5"; "tp + fp = 0: with no YES answers, precision (0/0) has no estimate and no
 * interval"). Internal: the public functions check the counts object and name the fields.
 *
 * @example answerShareInterval(38, 5, { right: 'tp', wrong: 'fp', answer: 'YES', share: 'precision' }, 0.05) // ≈ { estimate: 0.883721, lower: 0.749168, upper: 0.961148 }
 */
export function answerShareInterval(right: number, wrong: number, names: AnswerShareNames, delta: number): Interval {
  assertWholeNumber(right, names.right);
  assertWholeNumber(wrong, names.wrong);
  assertDelta(delta);
  const answers = right + wrong;
  assertWholeNumber(answers, `${names.right} + ${names.wrong}`);
  if (answers === 0) throw new RangeError(`${names.right} + ${names.wrong} = 0: with no ${names.answer} answers, ${names.share} (0/0) has no estimate and no interval`);
  return exactInterval(answers, right, delta);
}
