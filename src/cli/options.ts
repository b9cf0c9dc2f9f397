import type { ClassCounts } from '../stats';
import { CliError, quoted } from './cli-error';
import { BALANCED_METHODS, deltaProblem, isBalancedMethod, parseClassCounts, type BalancedMethod, type EvaluationFilter } from './dashboard';

/** A number in [0, 1] (a proportion such as a target bound), or a CliError naming the option. */
export function proportionOption(option: string, text: string, open = false): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1 || (open && (value === 0 || value === 1))) {
    throw new CliError(`${option} is ${quoted(text)}; expected a proportion ${open ? 'strictly between 0 and 1' : 'from 0 to 1'}, such as 0.9 (not a percentage).`);
  }
  return value;
}

/** δ, checked by the dashboard's one rule (the stats library's). */
export function deltaOption(text: string): number {
  const delta = Number(text.trim());
  const problem = text.trim() === '' || Number.isNaN(delta) ? 'not a number' : deltaProblem(delta);
  if (problem !== null) throw new CliError(`--delta is ${quoted(text)}: ${problem}; expected a miss probability such as 0.05 (95% confidence).`);
  return delta;
}

export function methodOption(text: string): BalancedMethod {
  if (isBalancedMethod(text)) return text;
  throw new CliError(
    `--method is ${quoted(text)}; expected ${BALANCED_METHODS.join(', ')} (buehler: exact, never wider than the union bound, the default; union: the blog's union bound; inversion: exact test inversion ordered by the estimate).`,
  );
}

export function choiceOption<T extends string>(option: string, text: string, choices: readonly T[]): T {
  const found = choices.find((choice) => choice === text);
  if (found === undefined) throw new CliError(`${option} is ${quoted(text)}; expected one of ${choices.join(', ')}.`);
  return found;
}

export function numberOption(option: string, text: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw new CliError(`${option} is ${quoted(text)}; expected a number.`);
  return value;
}

/** Inline counts: `yes=38/40,no=55/60` with an optional `name=…` part. */
export interface InlineCounts {
  name: string | null;
  yes: ClassCounts;
  no: ClassCounts;
}

export function countsOption(text: string, option = '--counts'): InlineCounts {
  const parts = new Map<string, string>();
  for (const part of text.split(',')) {
    const equals = part.indexOf('=');
    const key = part.slice(0, equals).trim().toLowerCase();
    if (equals === -1 || !['yes', 'no', 'name'].includes(key)) {
      throw new CliError(`${option} ${quoted(text)}: the part ${quoted(part)} is not yes=correct/total, no=correct/total or name=…; expected e.g. yes=38/40,no=55/60.`);
    }
    if (parts.has(key)) throw new CliError(`${option} ${quoted(text)} gives ${key}= twice.`);
    parts.set(key, part.slice(equals + 1).trim());
  }
  const classes = (['yes', 'no'] as const).map((cls) => {
    const value = parts.get(cls);
    if (value === undefined) throw new CliError(`${option} ${quoted(text)} has no ${cls}=correct/total; expected e.g. yes=38/40,no=55/60.`);
    const counts = parseClassCounts(value, true);
    if (typeof counts === 'string') throw new CliError(`${option} ${quoted(text)}: ${cls}=${quoted(value)}: ${counts}.`);
    return counts;
  });
  const name = parts.get('name');
  return { name: name === undefined || name === '' ? null : name, yes: classes[0]!, no: classes[1]! };
}

/** `--where column=value` or `column!=value`: the page's structured filters. */
export function whereOption(text: string): EvaluationFilter {
  const match = /^(.*?)(!=|=)(.*)$/s.exec(text);
  if (!match || match[1]!.trim() === '') {
    throw new CliError(`--where ${quoted(text)}: expected column=value or column!=value (the value compared exactly).`);
  }
  return { column: match[1]!.trim(), operator: match[2] === '=' ? '=' : '!=', value: match[3]! };
}

/** A comma-separated list of label values (compared trimmed, lower-case). */
export function valuesOption(option: string, text: string): string[] {
  const values = text
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
  if (values.length === 0) throw new CliError(`${option} is empty; expected comma-separated values such as yes,true,1.`);
  return values;
}
