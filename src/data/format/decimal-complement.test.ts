import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalComplement } from './decimal-complement';

describe('decimalComplement', () => {
  it('subtracts from 1 in decimal, as the text means it', () => {
    expect(decimalComplement('0.95')).toBe('0.05');
    expect(decimalComplement('0.9999999')).toBe('0.0000001');
    expect(decimalComplement('0.99999999999999')).toBe('0.00000000000001');
    expect(decimalComplement('0.999999')).toBe('0.000001');
    expect(decimalComplement('9.5e-1')).toBe('0.05');
    expect(decimalComplement('1e-7')).toBe('0.9999999');
    expect(decimalComplement('.5')).toBe('0.5');
    expect(decimalComplement('1')).toBe('0');
    expect(decimalComplement('0')).toBe('1');
    expect(decimalComplement('1e-20')).toBe('0.99999999999999999999');
    // Binary arithmetic gets these wrong: the reason this exists.
    expect(1 - 0.9999999).not.toBe(1e-7);
    expect(Number(decimalComplement('0.9999999'))).toBe(1e-7);
  });

  it('refuses what is not a decimal number in [0, 1]', () => {
    for (const text of ['', '.', 'abc', '1.5', '2', '-0.5', '0x1', '1e400', '0.5.5']) expect(decimalComplement(text)).toBeUndefined();
  });

  it('is exact: x + (1 − x) = 1 in decimal, for any decimal text in [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.bigInt({ min: 0n, max: 10n ** 30n }), (places, raw) => {
        const one = 10n ** BigInt(places);
        const digits = raw % (one + 1n);
        const text = digits === one ? '1' : `0.${digits.toString().padStart(places, '0')}`;
        const complement = decimalComplement(text)!;
        const scaled = (value: string) => {
          const [whole, fraction = ''] = value.split('.');
          return BigInt(whole!) * 10n ** 40n + BigInt(fraction.padEnd(40, '0'));
        };
        expect(scaled(text) + scaled(complement)).toBe(10n ** 40n);
      }),
    );
  });
});
