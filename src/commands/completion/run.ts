import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';

const files: Record<string, string> = { bash: 'secscan.bash', zsh: '_secscan', fish: 'secscan.fish' };

export function validate({ args }: RunInput): void {
  if (!files[args[0] as string]) {
    throw new UsageError(
      `unsupported shell ${JSON.stringify(args[0])} (choose from ${Object.keys(files).join(', ')})`,
    );
  }
}

export async function run(_ctx: Context, { args }: RunInput): Promise<Result> {
  const file = new URL(`../../../completions/${files[args[0] as string]}`, import.meta.url);
  return { kind: 'raw', body: await readFile(file, 'utf8') };
}
