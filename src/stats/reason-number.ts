/**
 * A number as a plan's reason sentence writes it: at most six significant digits, without trailing
 * zeros — String(Number(x.toPrecision(6))). A reason says why a target cannot be reached ("tends to
 * 0.933333"); the exact values travel beside it in the result, so the sentence need not carry
 * seventeen digits ("0.9333333333333333").
 * Reference: ECMA-262, Number.prototype.toPrecision. Domain: any finite number (NaN and ±Infinity
 * are written as String writes them). Errors: none.
 *
 * @example reasonNumber(55 / 60) // "0.916667"; reasonNumber(0.97) // "0.97"; reasonNumber(5000) // "5000"
 */
export function reasonNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}
