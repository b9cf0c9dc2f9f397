/** Where a coverage curve or grid is lowest, and its average: what the page states in words. */
export interface CoverageSummary {
  minimum: number;
  /** Index of the (first) lowest value. */
  minimumAt: number;
  mean: number;
  maximum: number;
  /** How many values fall below the nominal level 1 − δ. */
  belowNominal: number;
}

/** Summarises coverage values against the nominal level 1 − δ (plain bookkeeping over computed values). */
export function summarizeCoverage(values: readonly number[], delta: number): CoverageSummary {
  if (values.length === 0) throw new RangeError('summarizeCoverage needs at least one value');
  let minimumAt = 0;
  let maximum = -Infinity;
  let sum = 0;
  let belowNominal = 0;
  values.forEach((value, index) => {
    if (value < values[minimumAt]!) minimumAt = index;
    maximum = Math.max(maximum, value);
    sum += value;
    if (value < 1 - delta) belowNominal += 1;
  });
  return { minimum: values[minimumAt]!, minimumAt, mean: sum / values.length, maximum, belowNominal };
}
