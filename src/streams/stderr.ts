import { sanitizeLine } from './sanitize.js';
import { wrapLine } from './width.js';

type Stream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** The width prose is wrapped at on a terminal; undefined when the stream is not one (nothing is wrapped). */
export function terminalWidth(stream: Stream, env: NodeJS.ProcessEnv): number | undefined {
  if (!stream.isTTY) return undefined;
  const columns = stream.columns && stream.columns > 0 ? stream.columns : Number(env.COLUMNS);
  return Number.isFinite(columns) && columns > 0 ? columns : 80;
}

/**
 * Lines of prose for a stream: each line sanitized and capped (a newline or CR inside a quoted name can never
 * forge a line of its own), `prefix` before the first; on a terminal, broken between words at its width,
 * the lines after the first under the text (after the prefix), never mid-word.
 */
export function proseLines(message: string | readonly string[], prefix: string, width?: number): string {
  const all = typeof message === 'string' ? [message] : message;
  return all
    .flatMap((line, i) => {
      const text = `${i === 0 ? prefix : ''}${sanitizeLine(line)}`;
      if (width === undefined) return [text];
      // A prefixed line hangs under its text; a line of a list under its own indentation.
      return wrapLine(text, width, i === 0 && prefix ? prefix.length : undefined);
    })
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * Standard error for notices and warnings. While a pager holds the terminal, what would be drawn over its
 * screen is kept, and written once the pager is gone.
 */
export class StderrLines {
  private held: string[] | undefined;
  /** Around each write: a progress line on the terminal is cleared first, then drawn again. */
  around: { before(): void; after(): void } | undefined;

  constructor(
    private readonly stream: Stream,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get width(): number | undefined {
    return terminalWidth(this.stream, this.env);
  }

  /** Writes `message` as prose lines after `prefix`. */
  say(message: string | readonly string[], prefix: string): void {
    this.write(proseLines(message, prefix, this.width));
  }

  write(text: string): void {
    if (this.held) {
      this.held.push(text);
      return;
    }
    this.around?.before();
    this.stream.write(text);
    this.around?.after();
  }

  /** From now on, lines are kept (a pager holds the terminal). */
  hold(): void {
    this.held ??= [];
  }

  /** Writes what was kept, and writes at once from now on. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    if (held.length) this.stream.write(held.join(''));
  }
}
