import { describe, expect, it } from 'vitest';
import { differenceDigits, formatDifferenceParts, formatPoints, formatPValue } from './difference-format';

describe('formatPoints', () => {
  it('signs and rounds in the direction asked, on the number line', () => {
    expect(formatPoints(0.0153, 1, 'down')).toBe('+1.5');
    expect(formatPoints(0.0153, 1, 'up')).toBe('+1.6');
    expect(formatPoints(-0.0153, 1, 'down')).toBe('−1.6');
    expect(formatPoints(-0.0153, 1, 'up')).toBe('−1.5');
    expect(formatPoints(-0.0153, 1, 'nearest')).toBe('−1.5');
    expect(formatPoints(0)).toBe('0.0');
    expect(formatPoints(-1, 1, 'down')).toBe('−100.0');
    expect(formatPoints(0.00001, 1, 'down')).toBe('0.0');
  });
});

describe('formatDifferenceParts', () => {
  it('rounds the ends outward with enough decimals that no nonzero end reads 0', () => {
    expect(formatDifferenceParts({ estimate: 0.04, lower: 0.0082549, upper: 0.0872822 })).toMatchObject({ estimate: '+4.0', lower: '+0.8', upper: '+8.8' });
    const tiny = { estimate: 0, lower: -0.00004, upper: 0.00003 };
    expect(differenceDigits(tiny)).toBe(3);
    expect(formatDifferenceParts(tiny)).toMatchObject({ estimate: '0.000', lower: '−0.004', upper: '+0.003' });
  });

  it('reads a tie with the usual decimals (its ends, ±x, differ in their last bit: they read 12 decimals)', () => {
    const half = 0.14802577234143;
    const tie = { estimate: 0, lower: -half, upper: half * (1 + Number.EPSILON) };
    expect(formatDifferenceParts(tie)).toMatchObject({ estimate: '0.0', lower: '−14.9', upper: '+14.9', digits: 1 });
  });

  it('never shows an interval narrower than the exact one', () => {
    let seed = 12_345;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let index = 0; index < 2_000; index++) {
      const values = [random() * 2 - 1, (random() * 2 - 1) * 10 ** -Math.floor(random() * 5)].sort((x, y) => x - y);
      const interval = { lower: values[0]!, upper: values[1]!, estimate: (values[0]! + values[1]!) / 2 };
      const shown = formatDifferenceParts(interval);
      const read = (text: string) => Number(text.replace('−', '-')) / 100;
      expect(read(shown.lower)).toBeLessThanOrEqual(interval.lower);
      expect(read(shown.upper)).toBeGreaterThanOrEqual(interval.upper);
    }
  });
});

describe('formatPValue', () => {
  it('rounds up to two significant digits', () => {
    expect(formatPValue(0.03857421875)).toBe('3.9%');
    expect(formatPValue(0.0029)).toBe('0.29%');
    expect(formatPValue(0.00123)).toBe('0.13%');
    expect(formatPValue(1)).toBe('100.0%');
    expect(formatPValue(1e-9)).toBe('less than 0.0001%');
  });
});
