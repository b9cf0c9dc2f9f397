import { percentNumber } from '../data/format';
import type { FieldReading } from './ParsedField';

const NUMBER = /^(\d+(\.\d*)?|\.\d+)$/;

/** 0.9 → "90%": the form the planner's fields show a proportion in. */
export function formatProportion(value: number | undefined): string {
  return value === undefined ? '' : `${percentNumber(value)}%`;
}

/**
 * Reads a proportion written as a fraction ("0.9") or a percentage ("90%"). `inclusive` admits 0 and
 * 1 (an accuracy may be perfect; a target may not); `optional` reads an empty field as undefined.
 */
export function parseProportion(text: string, options: { inclusive: boolean; optional: boolean }): FieldReading<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return options.optional ? { value: undefined } : { problem: 'Enter a proportion such as 0.9 or 90%.' };
  const percent = trimmed.endsWith('%');
  const digits = percent ? trimmed.slice(0, -1).trim() : trimmed;
  if (!NUMBER.test(digits)) return { problem: `“${trimmed}” is not a number; write 0.9 or 90%.` };
  const value = Number(digits) / (percent ? 100 : 1);
  if (!percent && value > 1) return { problem: `“${trimmed}” is above 1; write ${Number(digits) / 100} or ${trimmed}%.` };
  const inRange = options.inclusive ? value >= 0 && value <= 1 : value > 0 && value < 1;
  if (!inRange) return { problem: `Must be ${options.inclusive ? 'from 0% to 100%' : 'strictly between 0% and 100%'} (got ${trimmed}).` };
  return { value };
}
