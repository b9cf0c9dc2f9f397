/**
 * Validates that an argument is an object (not null, not a primitive), so that reading its fields
 * cannot throw a TypeError. Errors: a `RangeError` naming the argument and saying what it should
 * be, e.g. "counts must be an object {yes, no}, got undefined".
 *
 * @example assertObject({ yes, no }, 'counts', '{yes, no}') // passes; assertObject(null, 'counts', '{yes, no}') throws
 */
export function assertObject(value: unknown, name: string, shape: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`${name} must be an object ${shape}, got ${describe(value)}`);
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
