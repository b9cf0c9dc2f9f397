/**
 * Validates a count: a non-negative whole number (a safe integer). Errors: a `RangeError` naming the
 * argument and the value — "must be a number", "must not be negative" or "must be a whole number".
 *
 * @example assertWholeNumber(12, 'tp') // passes; assertWholeNumber(2.5, 'tp') throws "tp must be a whole number, got 2.5"
 */
export function assertWholeNumber(value: number, name: string): void {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new RangeError(`${name} must be a number, got ${String(value)}`);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
}
