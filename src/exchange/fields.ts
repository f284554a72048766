import { UsageError } from '../errors.js';
import { decodeUtf8 } from '../util/utf8.js';
import { readInputFileSync } from '../util/input-file.js';

export type FieldValue = string | number | boolean | null;

/** `key=value` with typed values, like `gh api -F`: true, false, null and numbers; `@file` reads a file. */
export function parseField(raw: string): [string, FieldValue] {
  const eq = raw.indexOf('=');
  if (eq <= 0)
    throw new UsageError(`invalid value for -F, --field: ${JSON.stringify(raw)} (expected key=value)`);
  const key = raw.slice(0, eq);
  const text = raw.slice(eq + 1);
  if (text === 'true' || text === 'false') return [key, text === 'true'];
  if (text === 'null') return [key, null];
  if (/^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text))) return [key, Number(text)];
  if (text.startsWith('@')) {
    const path = text.slice(1);
    return [key, decodeUtf8(readInputFileSync(path, { what: `-F ${key}`, usage: true }), path)];
  }
  return [key, text];
}

/** Fields grouped by key; a repeated key becomes an array (query keys repeat, as the API expects). */
export function collectFields(raws: string[] | undefined): Map<string, FieldValue[]> {
  const fields = new Map<string, FieldValue[]>();
  for (const raw of raws ?? []) {
    const [key, value] = parseField(raw);
    fields.set(key, [...(fields.get(key) ?? []), value]);
  }
  return fields;
}
