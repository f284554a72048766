import { fail, failSchema, type LinedDoc, lineOf, parseLined } from '@secscan/api/rules/lines';
import { readingRules } from '../errors.js';
import { entryOf, File, hint, type IgnoreFile, readIgnoreFileFast, type Where } from './file.js';

/**
 * Reads an ignore file (YAML; JSON is YAML too). Every problem is a configuration error naming the file and
 * line (exit 3): unknown keys, an entry without a reason or naming no finding, a date, pattern, package URL
 * or version range that cannot be read. A file in the plain subset fast-read.ts reads, with no problem, is
 * read by it; any other by the yaml package (readIgnoreFileFully), which words the problem at its line.
 */
export function readIgnoreFile(text: string, label: string): IgnoreFile {
  return readIgnoreFileFast(text, label) ?? readIgnoreFileFully(text, label);
}

/** The full path alone (the `yaml` package's Document): what the fast one is tested against. */
export function readIgnoreFileFully(text: string, label: string): IgnoreFile {
  return readingRules(() => readFully(text, label));
}

/** The full path's places: every line from the parsed document. */
function linedWhere(lined: LinedDoc): Where {
  return {
    line: (i, key) => lineOf(lined, key === undefined ? ['ignores', i] : ['ignores', i, key]),
    fail: (line, reason) => fail(lined, line, reason),
  };
}

function readFully(text: string, label: string): IgnoreFile {
  const { file: lined, data } = parseLined(text, label, false, hint, '`ignores:`');
  const parsed = File.safeParse(data);
  if (!parsed.success) failSchema(lined, parsed.error.issues);
  const where = linedWhere(lined);
  return { path: label, entries: parsed.data.ignores.map((entry, i) => entryOf(where, i, entry)) };
}
