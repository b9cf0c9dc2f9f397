/**
 * Thrown when a class has no examples (total = 0): with no trials there is no accuracy to
 * estimate and no interval. A `RangeError`, so callers that only catch bad input still catch it;
 * the UI checks `instanceof EmptyClassError` to say "no examples in this class" instead of an error.
 *
 * @example
 * try { exactInterval(0, 0, 0.05) } catch (error) { error instanceof EmptyClassError } // true
 */
export class EmptyClassError extends RangeError {
  constructor(argument: string) {
    super(`${argument} = 0: a class with no examples has no accuracy and no interval`);
    this.name = 'EmptyClassError';
  }
}
