import type { Context } from '../../context.js';
import { ConfigError, InputTooLargeError, UsageError } from '../../errors.js';
import { maxInputBytes, readFileLimited } from '../../util/input-file.js';
import { decodeUtf8 } from '../../util/utf8.js';

/**
 * Every file a command reads from the user (rules, policies, access, configuration and CSV files, id lists,
 * `api --input`, `-F key=@file`) goes through here: at most `maxInputBytes` (4 MiB), the size checked
 * before the file is read whole, and standard input for `-`. An input that cannot be read, or is too long,
 * is a configuration error (exit 3), or a usage error (exit 2) for the options that report it so.
 */
export interface InputFile {
  /** How messages name the input: `--rules`, `policy file`. */
  what: string;
  /** Report problems as usage errors (exit 2) rather than configuration errors (exit 3). */
  usage?: boolean;
}

export { maxInputBytes };

function why(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOTREGULAR') return (error as Error).message;
  return code ?? (error as Error).message;
}

function refusal(error: unknown, path: string, input: InputFile): Error {
  const kind = input.usage ? UsageError : ConfigError;
  if (error instanceof InputTooLargeError) return input.usage ? new UsageError(error.message) : error;
  return new kind(`${input.what}: cannot read ${path}: ${why(error)}`, { cause: error });
}

/** The bytes of a file (no standard input): see InputFile. */
export function readInputFileSync(path: string, input: InputFile): Buffer {
  try {
    return readFileLimited(path, input.what === path ? path : `${input.what}: ${path}`);
  } catch (error) {
    throw refusal(error, path, input);
  }
}

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
 * The value of a YAML or JSON file, parsed within the limits of src/util/yaml-input.ts: a syntax error or a
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
