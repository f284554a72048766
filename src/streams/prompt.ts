import { createInterface } from 'node:readline';
import type { IO } from './io.js';
import { InterruptedError } from '../errors.js';

/** Asks one question on stderr; with `hidden`, typed characters are not echoed (for tokens). */
export function ask(io: IO, question: string, hidden: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
    const output = io.stderr as NodeJS.WritableStream & { write: (s: string) => boolean };
    if (hidden) {
      const internal = rl as unknown as { _writeToOutput: (s: string) => void };
      internal._writeToOutput = (s: string) => {
        if (s.includes(question)) output.write(question);
        else if (s.includes('\n') || s.includes('\r')) output.write('\n');
      };
    }
    rl.on('SIGINT', () => {
      output.write('\n');
      rl.close();
      reject(new InterruptedError());
    });
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}
