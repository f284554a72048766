import type { Context } from '../../context.js';
import { type InputFile, maxInputBytes, readInputFileSync, refusal } from '../../util/input-file.js';
import { ConfigError } from '../../errors.js';
import { decodeUtf8 } from '../../util/utf8.js';

export { type InputFile, maxInputBytes, readInputFileSync };

/** The bytes of a file, or of standard input for `-`: see InputFile. */
export async function readInputBytes(ctx: Context, path: string, input: InputFile): Promise<Buffer> {
  if (path !== '-') return readInputFileSync(path, input);
  try {
    return await ctx.readStdinBytes(`${input.what}: standard input`);
  } catch (error) {
    throw refusal(error, path, input);
  }
}

/**
 * The text of a file, or of standard input for `-`: see InputFile. Bytes that are not UTF-8 are refused at
 * their line (`FILE:LINE`, `stdin:LINE`), a configuration error (exit 3).
 */
export async function readInputFile(ctx: Context, path: string, input: InputFile): Promise<string> {
  return decodeUtf8(await readInputBytes(ctx, path, input), path === '-' ? 'stdin' : path);
}

/**
 * The value of a YAML or JSON file, parsed within the limits of packages/api/src/yaml-input.ts: a syntax error or a
 * limit broken is a configuration error, `LABEL is not valid YAML or JSON: ...` or `LABEL:LINE: ...`.
 */
export async function parseYamlFile(text: string, label: string): Promise<unknown> {
  // Loaded only when a file is read: the commands' flags do without yaml.
  const { parseYamlInput, yamlValue } = await import('@secscan/api/yaml-input');
  const input = parseYamlInput(text);
  if (input.problem?.syntax)
    throw new ConfigError(`${label} is not valid YAML or JSON: ${input.problem.message}`);
  const value = input.problem ? { data: undefined, problem: input.problem } : yamlValue(input);
  if (value.problem) throw new ConfigError(`${label}:${value.problem.line}: ${value.problem.message}`);
  return value.data;
}

/** A file's text, or standard input's for `-`; unreadable or too long is a configuration error (exit 3). */
export async function readInput(ctx: Context, file: string, label = file): Promise<string> {
  return readInputFile(ctx, file, { what: label });
}
