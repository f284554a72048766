import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { text } from '../define.js';
import { pattern } from '../parsers.js';
import { readInputFile } from './files.js';

/** Finding ids are positive integers (bulk operations send them as numbers). */
const findingIdPattern = /^[1-9]\d{0,15}$/;
export const findingId = pattern(findingIdPattern, 'expected a positive whole number', 'finding id');

export const idsFromOption = text(
  '--ids-from <file>',
  'also read finding ids from FILE, or - for stdin: one a line, or a JSON array (of ids or findings)',
);

function checkFindingId(value: string | undefined, where: string): string {
  const id = value?.trim() ?? '';
  if (!findingIdPattern.test(id)) {
    throw new UsageError(`invalid ${where} ${JSON.stringify(value ?? '')}: expected a positive whole number`);
  }
  return id;
}

/** Ids one a line, or a JSON array of ids or of findings (`findings list -o json` output). */
export function parseIds(text: string, source: string): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  let items: unknown[];
  if (trimmed.startsWith('[')) {
    try {
      items = JSON.parse(trimmed) as unknown[];
    } catch (error) {
      throw new UsageError(`--ids-from ${source}: not valid JSON (${(error as Error).message})`);
    }
    if (!Array.isArray(items)) throw new UsageError(`--ids-from ${source}: expected a JSON array`);
  } else {
    items = trimmed
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  }
  return items.map((item, i) => {
    const value = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    return checkFindingId(
      value === undefined ? undefined : String(value),
      `finding id at item ${i + 1} of --ids-from ${source}`,
    );
  });
}

/** At least one id, as arguments or from --ids-from (the file or stdin is read later, in `collectIds`). */
export function requireIds(ids: readonly string[], idsFrom: string | undefined): void {
  if (idsFrom === undefined && ids.length === 0) {
    throw new UsageError(
      'give at least one finding id, or --ids-from FILE|- (ids one a line or a JSON array)',
    );
  }
}

/** The id arguments and those of --ids-from, without repeats. */
export async function collectIds(
  ctx: Context,
  ids: readonly string[],
  idsFrom: string | undefined,
): Promise<string[]> {
  const all = [...ids];
  if (idsFrom !== undefined) {
    const text = await readInputFile(ctx, idsFrom, { what: '--ids-from', usage: true });
    all.push(...parseIds(text, idsFrom === '-' ? 'stdin' : idsFrom));
  }
  const unique = [...new Set(all)];
  if (!unique.length) throw new UsageError('--ids-from: no finding ids found');
  return unique;
}
