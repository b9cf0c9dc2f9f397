/**
 * 1 − x for a decimal number written as text ("0.9999999", "9.5e-1", "1e-7"), computed exactly in
 * decimal and returned as decimal text: "0.0000001", "0.05", "0.9999999". Binary arithmetic would
 * give 1 − 0.9999999 = 9.99999999474e-8 and 1 − 0.999999 = 0.00000100000000003; these are the
 * numbers the text means. Undefined for text that is not a plain decimal number in [0, 1].
 */
export function decimalComplement(text: string): string | undefined {
  const match = /^\+?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined;
  const fraction = match[2] ?? '';
  // x = digits × 10^−scale
  let scale = fraction.length - Number(match[3] ?? 0);
  let digits = BigInt(`${match[1]}${fraction}` || '0');
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  if (scale > 400) return undefined;
  const one = 10n ** BigInt(scale);
  if (digits > one) return undefined;
  const complement = (one - digits).toString().padStart(scale + 1, '0');
  const whole = complement.slice(0, complement.length - scale);
  const decimals = complement.slice(complement.length - scale).replace(/0+$/, '');
  return decimals === '' ? whole : `${whole}.${decimals}`;
}

/**
 * δ for a confidence level 1 − δ written as text: its complement taken in decimal
 * (`decimalComplement`), or 1 − c in binary where there is none (c above 1, such as a percentage 95:
 * δ = −94, which the δ check then names).
 */
export function deltaFromConfidence(text: string): number {
  const complement = decimalComplement(text);
  return complement === undefined ? 1 - Number(text) : Number(complement);
}
