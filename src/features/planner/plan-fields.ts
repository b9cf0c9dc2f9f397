import type { LabelRatio } from '../../data/links';
import type { FieldReading } from '../../components/ParsedField';

/** "2:3" → { yes: 2, no: 3 }; empty → undefined (the observed ratio). */
export function parseRatio(text: string): FieldReading<LabelRatio | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  const match = /^(\d+(?:\.\d*)?)\s*:\s*(\d+(?:\.\d*)?)$/.exec(trimmed);
  const yes = match ? Number(match[1]) : NaN;
  const no = match ? Number(match[2]) : NaN;
  if (!(yes >= 0 && no >= 0 && yes + no > 0)) return { problem: `“${trimmed}” is not a YES:NO ratio; write e.g. 1:1 or 2:3.` };
  return { value: { yes, no } };
}

export function formatRatio(ratio: LabelRatio | undefined): string {
  return ratio === undefined ? '' : `${ratio.yes}:${ratio.no}`;
}
