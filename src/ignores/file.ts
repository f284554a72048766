import { findingLocation, type Locatable } from '@secscan/api/location';
import { fail, failSchema, type LinedDoc, lineOf, parseLined } from '@secscan/api/rules/lines';
import * as z from 'zod';
import { readingRules } from '../errors.js';
import { fastReadIgnores } from './fast-read.js';
import { type Matcher, parsePurl, pathPattern, pathPrefix, textPattern, versionRange } from './patterns.js';

/**
 * `.secscan/ignore.yml`: accepted risks kept in the repository, reviewed like code. Each entry says which
 * findings it suppresses (a finding id, an app's category or title pattern, a path glob, a package), why
 * (`reason`, required), who answers for it (`owner`) and until when (`expires`: from that date on it no
 * longer suppresses). Every problem is refused at its line, as in a rules file: a suppression the gate
 * misread would hide a finding nobody accepted.
 */

const hint =
  'an ignore file holds `ignores:`, a list of {id, app, category, title, path, package, versions, reason, owner, expires, scope: {apps, compounds}}';

const name = z.string().trim().min(1, 'must not be empty');
const names = z.array(name).min(1, 'must name at least one');

const Entry = z.strictObject({
  id: z
    .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/)], {
      error: 'expected a finding id (a positive whole number)',
    })
    .optional(),
  app: name.optional(),
  category: name.optional(),
  title: name.optional(),
  path: name.optional(),
  package: name.optional(),
  versions: name.optional(),
  reason: z.string({ error: 'is required: say why the risk is accepted' }).trim().min(1, 'must say why'),
  owner: name.optional(),
  expires: z
    .string({ error: 'expected a date, YYYY-MM-DD' })
    .regex(/^\d{4}-\d\d-\d\d$/, 'expected a date, YYYY-MM-DD')
    .optional(),
  scope: z.strictObject({ apps: names.optional(), compounds: names.optional() }).optional(),
});
type EntryData = z.infer<typeof Entry>;

const File = z.strictObject({ ignores: z.array(Entry, { error: 'expected a list of entries' }) });

/** The keys of an entry, in the schema's order (zod's output has them in that order). */
const entryKeys = Object.keys(Entry.shape) as (keyof EntryData)[];
const nameKeys = new Set(['app', 'category', 'title', 'path', 'package', 'versions', 'reason', 'owner']);
const idText = /^[1-9]\d{0,15}$/;
const dateText = /^\d{4}-\d\d-\d\d$/;

/** The scope's list as `names` gives it, or `undefined` where it would refuse it. */
function namesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return undefined;
    const trimmed = item.trim();
    if (trimmed === '') return undefined;
    out.push(trimmed);
  }
  return out;
}

/**
 * What `Entry.safeParse` gives for an entry the fast reader read (only the keys of an entry, a scope only
 * `apps` and `compounds`), or `undefined` where it might refuse it (the full path then words it): the fast
 * path's check, as zod took ~0.1 s over 10,000 entries. The differential test holds them equal.
 */
function entryData(raw: Record<string, unknown>): EntryData | undefined {
  const out: Record<string, unknown> = {};
  for (const key of entryKeys) {
    if (!(key in raw)) continue;
    const value = raw[key];
    if (nameKeys.has(key)) {
      const trimmed = typeof value === 'string' ? value.trim() : '';
      if (trimmed === '') return undefined;
      out[key] = trimmed;
    } else if (key === 'id') {
      const valid =
        typeof value === 'number'
          ? Number.isSafeInteger(value) && value > 0
          : typeof value === 'string' && idText.test(value);
      if (!valid) return undefined;
      out[key] = value;
    } else if (key === 'expires') {
      if (typeof value !== 'string' || !dateText.test(value)) return undefined;
      out[key] = value;
    } else {
      const given = value as Record<string, unknown>;
      const scope: Record<string, unknown> = {};
      for (const list of ['apps', 'compounds']) {
        if (!(list in given)) continue;
        const names = namesOf(given[list]);
        if (!names) return undefined;
        scope[list] = names;
      }
      out[key] = scope;
    }
  }
  // `reason` is the one key an entry must have.
  return 'reason' in out ? (out as EntryData) : undefined;
}

/** What a finding is matched by: the fields a listing, a comparison and a gate's answer all carry. */
export interface Candidate extends Locatable {
  id: string | number | undefined;
  app?: string | undefined;
  title?: string | undefined;
  category?: string | undefined;
}

export interface IgnoreEntry {
  /** Its place in the file: the index in `ignores` and the line it starts on. */
  index: number;
  line: number;
  id?: string;
  app?: string;
  category?: string;
  title?: string;
  path?: string;
  package?: string;
  versions?: string;
  reason: string;
  owner?: string;
  expires?: string;
  scope?: { apps?: string[]; compounds?: string[] };
  /** Whether a finding is one this entry names (its scope and expiry are the suppressor's to weigh). */
  matches(finding: Candidate): boolean;
  /** The entry's matching keys as one text: two entries with the same key are duplicates. */
  key: string;
  /** The first names of every path its `path` glob matches, when the glob fixes them (see `pathPrefix`). */
  pathPrefix?: string;
}

export interface IgnoreFile {
  /** The file as messages name it (the path given or found). */
  path: string;
  entries: IgnoreEntry[];
}

function tagValue(f: Candidate, key: string): string | undefined {
  const value = f.tags?.find((t) => t.key === key)?.value;
  return value === undefined || value === null ? undefined : String(value);
}

/** The finding's package URL: its `package_url` tag (dependency findings). */
export function purlOf(f: Candidate): string | undefined {
  return tagValue(f, 'package_url');
}

/** Where an entry's problems are told: the line of entry `i` (or of its `key`), and the refusal there. */
interface Where {
  line(i: number, key?: string): number;
  fail(line: number, reason: string): never;
}

/** The full path's: every line from the parsed document. */
function linedWhere(lined: LinedDoc): Where {
  return {
    line: (i, key) => lineOf(lined, key === undefined ? ['ignores', i] : ['ignores', i, key]),
    fail: (line, reason) => fail(lined, line, reason),
  };
}

function compile(where: Where, i: number, key: string, build: () => Matcher): Matcher {
  try {
    return build();
  } catch (error) {
    where.fail(where.line(i, key), `ignores[${i}].${key}: ${(error as Error).message}`);
  }
}

function checkDate(where: Where, i: number, date: string): void {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    where.fail(where.line(i, 'expires'), `ignores[${i}].expires: ${date} is not a date`);
  }
}

/** The entry's matchers, each compiled; what the entry as a whole must name. */
function entryOf(where: Where, i: number, data: EntryData): IgnoreEntry {
  const at = (key?: string): number => where.line(i, key);
  const refuse = (key: string | undefined, reason: string): never =>
    where.fail(at(key), `ignores[${i}]${key ? `.${key}` : ''}: ${reason}`);
  if (![data.id, data.category, data.title, data.path, data.package].some((v) => v !== undefined)) {
    refuse(
      undefined,
      'names no finding: give id, category, title, path or package (with app, scope, reason...)',
    );
  }
  for (const key of ['category', 'title'] as const) {
    if (data[key] !== undefined && data.app === undefined) {
      refuse(key, `a ${key} pattern needs the app it applies to (app: NAME)`);
    }
  }
  if (data.versions !== undefined && data.package === undefined) refuse('versions', 'needs package: a PURL');
  const tests: ((f: Candidate) => boolean)[] = [];
  if (data.id !== undefined) tests.push((f) => String(f.id ?? '') === String(data.id));
  if (data.app !== undefined) tests.push((f) => f.app === data.app);
  if (data.category !== undefined) {
    const m = compile(where, i, 'category', () => textPattern(data.category as string));
    tests.push((f) => m(f.category ?? tagValue(f, 'category') ?? ''));
  }
  if (data.title !== undefined) {
    const m = compile(where, i, 'title', () => textPattern(data.title as string));
    tests.push((f) => m(f.title ?? ''));
  }
  if (data.path !== undefined) {
    const m = compile(where, i, 'path', () => pathPattern(data.path as string));
    tests.push((f) => {
      const file = findingLocation(f)?.file;
      return file !== undefined && m(file);
    });
  }
  if (data.package !== undefined) {
    const wanted =
      parsePurl(data.package) ??
      refuse(
        'package',
        `${JSON.stringify(data.package)} is not a package URL (pkg:TYPE/NAME, e.g. pkg:npm/lodash)`,
      );
    if (wanted.version !== undefined && data.versions !== undefined) {
      refuse('versions', 'the package URL names one version already (@VERSION): give one or the other');
    }
    const range =
      data.versions === undefined
        ? undefined
        : compile(where, i, 'versions', () => versionRange(data.versions as string));
    tests.push((f) => {
      const found = parsePurl(purlOf(f) ?? '');
      if (!found || found.key !== wanted.key) return false;
      if (wanted.version !== undefined) return found.version === wanted.version;
      return range === undefined || (found.version !== undefined && range(found.version));
    });
  }
  if (data.expires !== undefined) checkDate(where, i, data.expires);
  const prefix = data.path === undefined ? undefined : pathPrefix(data.path);
  const key = JSON.stringify([
    data.id === undefined ? null : String(data.id),
    data.app ?? null,
    data.category ?? null,
    data.title ?? null,
    data.path ?? null,
    data.package ?? null,
    data.versions ?? null,
    [...(data.scope?.apps ?? [])].sort(),
    [...(data.scope?.compounds ?? [])].sort(),
  ]);
  const { id, scope, ...rest } = data;
  return {
    index: i,
    line: at(),
    ...rest,
    ...(id === undefined ? {} : { id: String(id) }),
    ...(scope && (scope.apps || scope.compounds) ? { scope } : {}),
    matches: (f) => tests.every((test) => test(f)),
    key,
    ...(prefix === undefined ? {} : { pathPrefix: prefix }),
  };
}

/**
 * Reads an ignore file (YAML; JSON is YAML too). Every problem is a configuration error naming the file and
 * line (exit 3): unknown keys, an entry without a reason or naming no finding, a date, pattern, package URL
 * or version range that cannot be read. A file in the plain subset fast-read.ts reads, with no problem, is
 * read by it; any other by the yaml package (readIgnoreFileFully), which words the problem at its line.
 */
export function readIgnoreFile(text: string, label: string): IgnoreFile {
  return readingRules(() => readFast(text, label) ?? readFully(text, label));
}

/** The full path alone (the `yaml` package's Document): what the fast one is tested against. */
export function readIgnoreFileFully(text: string, label: string): IgnoreFile {
  return readingRules(() => readFully(text, label));
}

function readFully(text: string, label: string): IgnoreFile {
  const { file: lined, data } = parseLined(text, label, false, hint, '`ignores:`');
  const parsed = File.safeParse(data);
  if (!parsed.success) failSchema(lined, parsed.error.issues);
  const where = linedWhere(lined);
  return { path: label, entries: parsed.data.ignores.map((entry, i) => entryOf(where, i, entry)) };
}

const notFast = Symbol('refused on the fast path');

/**
 * The file read by the fast reader (src/ignores/fast-read.ts) when it is in its subset and holds no
 * problem; `undefined` otherwise, and the full path reads it again, to word the problem at its line.
 */
function readFast(text: string, label: string): IgnoreFile | undefined {
  const fast = fastReadIgnores(text);
  if (!fast) return undefined;
  const where: Where = {
    line: (i, key) => (key === undefined ? (fast.lines[i] as number) : 0),
    fail: () => {
      throw notFast;
    },
  };
  try {
    const entries: IgnoreEntry[] = [];
    for (const [i, raw] of fast.data.ignores.entries()) {
      const data = entryData(raw);
      if (!data) return undefined;
      entries.push(entryOf(where, i, data));
    }
    return { path: label, entries };
  } catch (error) {
    if (error === notFast) return undefined;
    throw error;
  }
}

/** How lists name an entry: `payments-api #1234`, `web-frontend: category SQL*, path src/**`. */
export function describeEntry(entry: IgnoreEntry): string {
  const parts = [
    entry.id === undefined ? '' : `#${entry.id}`,
    entry.category === undefined ? '' : `category ${entry.category}`,
    entry.title === undefined ? '' : `title ${entry.title}`,
    entry.path === undefined ? '' : `path ${entry.path}`,
    entry.package === undefined ? '' : `${entry.package}${entry.versions ? ` ${entry.versions}` : ''}`,
  ].filter(Boolean);
  const where = [
    entry.app ?? '',
    ...(entry.scope?.apps ?? []).map((a) => `app ${a}`),
    ...(entry.scope?.compounds ?? []).map((c) => `compound ${c}`),
  ].filter(Boolean);
  const what = parts.join(', ');
  if (entry.app !== undefined && entry.id !== undefined && parts.length === 1 && !entry.scope) {
    return `${entry.app} ${what}`;
  }
  return where.length ? `${where.join(', ')}: ${what}` : what;
}
