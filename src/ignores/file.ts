import { findingLocation, type Locatable } from '@secscan/api/location';
import { fail, failSchema, type LinedDoc, lineOf, parseLined } from '@secscan/api/rules/lines';
import * as z from 'zod';
import { readingRules } from '../errors.js';
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
function purlOf(f: Candidate): string | undefined {
  return tagValue(f, 'package_url');
}

function compile(lined: LinedDoc, i: number, key: string, build: () => Matcher): Matcher {
  try {
    return build();
  } catch (error) {
    fail(lined, lineOf(lined, ['ignores', i, key]), `ignores[${i}].${key}: ${(error as Error).message}`);
  }
}

function checkDate(lined: LinedDoc, i: number, date: string): void {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    fail(lined, lineOf(lined, ['ignores', i, 'expires']), `ignores[${i}].expires: ${date} is not a date`);
  }
}

/** The entry's matchers, each compiled; what the entry as a whole must name. */
function entryOf(lined: LinedDoc, i: number, data: EntryData): IgnoreEntry {
  const at = (key?: string): number =>
    key === undefined ? lineOf(lined, ['ignores', i]) : lineOf(lined, ['ignores', i, key]);
  const refuse = (key: string | undefined, reason: string): never =>
    fail(lined, at(key), `ignores[${i}]${key ? `.${key}` : ''}: ${reason}`);
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
    const m = compile(lined, i, 'category', () => textPattern(data.category as string));
    tests.push((f) => m(f.category ?? tagValue(f, 'category') ?? ''));
  }
  if (data.title !== undefined) {
    const m = compile(lined, i, 'title', () => textPattern(data.title as string));
    tests.push((f) => m(f.title ?? ''));
  }
  if (data.path !== undefined) {
    const m = compile(lined, i, 'path', () => pathPattern(data.path as string));
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
        : compile(lined, i, 'versions', () => versionRange(data.versions as string));
    tests.push((f) => {
      const found = parsePurl(purlOf(f) ?? '');
      if (!found || found.key !== wanted.key) return false;
      if (wanted.version !== undefined) return found.version === wanted.version;
      return range === undefined || (found.version !== undefined && range(found.version));
    });
  }
  if (data.expires !== undefined) checkDate(lined, i, data.expires);
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
    ...(data.path === undefined || pathPrefix(data.path) === undefined
      ? {}
      : { pathPrefix: pathPrefix(data.path) as string }),
  };
}

/**
 * Reads an ignore file (YAML; JSON is YAML too). Every problem is a configuration error naming the file and
 * line (exit 3): unknown keys, an entry without a reason or naming no finding, a date, pattern, package URL
 * or version range that cannot be read.
 */
export function readIgnoreFile(text: string, label: string): IgnoreFile {
  return readingRules(() => {
    const { file: lined, data } = parseLined(text, label, false, hint, '`ignores:`');
    const parsed = File.safeParse(data);
    if (!parsed.success) failSchema(lined, parsed.error.issues);
    return { path: label, entries: parsed.data.ignores.map((entry, i) => entryOf(lined, i, entry)) };
  });
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
