import fc from 'fast-check';

// Named fast-check arbitraries shared by the stats tests' properties.

/** Whole numbers in [min, max]: class sizes, counts. */
export const wholeIn = (min: number, max: number) => fc.integer({ min, max });

/** Doubles in [min, max], never NaN: probabilities, shares, levels (default [0, 1]). */
export const realIn = (min = 0, max = 1) => fc.double({ min, max, noNaN: true });
