import { binomialPmf } from './binomial-pmf';
import { mcnemarExactTest } from './mcnemar-exact-test';

/**
 * The mid-p version of the exact McNemar test (named as such wherever shown: it is not an exact
 * test, its size can exceed its level slightly, which is why it is less conservative):
 * midP = min(1, 2·(P[X < k] + ½·P[X = k])) with X ~ Binomial(b + c, ½), k = min(b, c),
 * i.e. the exact two-sided p minus P[X = k] (each tail counts the observed outcome by half).
 * It equals 1 only when b = c (the data exactly balanced); with no discordant pairs it is 1.
 *
 * Reference: Lancaster (1961); Fagerland, Lydersen & Laake (2013), BMC Med Res Methodol 13:91
 * ("McNemar mid-p test", their recommendation). Domain and errors as `mcnemarExactTest`
 * (RangeError naming b, c or counts).
 *
 * @example mcnemarMidP({ b: 8, c: 1 }) // 2·(1 + 9/2)/512 = 0.021484375
 */
export function mcnemarMidP(counts: { b: number; c: number }): number {
  const exact = mcnemarExactTest(counts);
  const m = counts.b + counts.c;
  // b = c: each tail plus half the middle is exactly ½ by symmetry (the sums would round just under 1).
  if (counts.b === counts.c) return 1;
  const smaller = Math.min(counts.b, counts.c);
  const halfTail = Math.min(exact.pAGreater, exact.pBGreater) - binomialPmf(smaller, m, 0.5) / 2;
  return Math.min(1, Math.max(0, 2 * halfTail));
}
