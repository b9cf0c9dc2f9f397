/** A Markdown table cell's text: backslashes and pipes escaped and line breaks flattened, so a name cannot break the table. */
export function markdownCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
