import type { ChalkInstance } from 'chalk';
import { sanitizeMultiline } from '../../streams/sanitize.js';
import type { OutputWriter } from '../core/writer.js';

/**
 * A stored policy file: byte for byte when stdout is a file or a pipe (so `policies show p > p.yml` gives
 * back what was pushed), with control characters and escapes removed on a terminal.
 */
export function renderPolicyFile(text: string, terminal: boolean) {
  return async (out: OutputWriter): Promise<void> => {
    await out.write(terminal ? sanitizeMultiline(text) : text);
    if (terminal && text !== '' && !text.endsWith('\n')) await out.write('\n');
  };
}

/** A unified diff, coloured on a terminal (removed red, added green, hunk headers cyan). */
export function renderDiff(diff: string, terminal: boolean) {
  return async (out: OutputWriter, chalk: ChalkInstance): Promise<void> => {
    if (!terminal) {
      await out.write(diff);
      return;
    }
    for (const line of sanitizeMultiline(diff).split('\n').slice(0, -1)) {
      const styled = line.startsWith('@@')
        ? chalk.cyan(line)
        : line.startsWith('-')
          ? chalk.red(line)
          : line.startsWith('+')
            ? chalk.green(line)
            : line;
      await out.write(`${styled}\n`);
    }
  };
}
