/** A problem with the command line or an input: the message names the option, file or line and what was expected; exit code 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}

/** A value as quoted in a message: at most 40 characters. */
export function quoted(text: string): string {
  const clipped = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `“${clipped}”`;
}
