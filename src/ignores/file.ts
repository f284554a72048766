import { findingLocation, type Locatable } from '@secscan/api/location';
import * as z from 'zod';
import { readingRules } from '../errors.js';
import { fastReadIgnores } from './fast-read.js';
import { type Matcher, parsePurl, pathPattern, pathPrefix, textPattern, versionRange } from './patterns.js';
import {
  isJustification,
  isStatedState,
  type Justification,
  justifications,
  type StatedState,
  statedStates,
  statementProblem,
} from './vex.js';

/**
 * `.secscan/ignore.yml`: accepted risks kept in the repository, reviewed like code. Each entry says which
 * findings it suppresses (a finding id, an app's category or title pattern, a path glob, a package), why
 * (`reason`, required), who answers for it (`owner`) and until when (`expires`: from that date on it no
 * longer suppresses). Every problem is refused at its line, as in a rules file: a suppression the gate
 * misread would hide a finding nobody accepted. `vex` (with `justification` for `not_affected`) states what the
 * entry's findings are as VEX, for `secscan sbom`: the one way an entry makes a bill of materials say
 * `not_affected` or `false_positive` (its reason, free text, never does).
 */

export const hint =
  'an ignore file holds `ignores:`, a list of {id, app, category, title, path, package, versions, reason, owner, expires, vex, justification, scope: {apps, compounds}}';

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
  vex: z.enum(statedStates, { error: `expected ${statedStates.join(' or ')}` }).optional(),
  justification: z.enum(justifications, { error: `expected one of ${justifications.join(', ')}` }).optional(),
  scope: z.strictObject({ apps: names.optional(), compounds: names.optional() }).optional(),
});
export type EntryData = z.infer<typeof Entry>;

export const File = z.strictObject({ ignores: z.array(Entry, { error: 'expected a list of entries' }) });

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
    } else if (key === 'vex') {
      if (!isStatedState(value)) return undefined;
      out[key] = value;
    } else if (key === 'justification') {
      if (!isJustification(value)) return undefined;
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
  /** The VEX state the entry states for its findings, and why they are not affected. */
  vex?: StatedState;
  justification?: Justification;
  scope?: { apps?: string[]; compounds?: string[] };
  /** Whether a finding is one this entry names (its scope and expiry are the suppressor's to weigh). */
  matches(finding: Candidate): boolean;
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
export interface Where {
  line(i: number, key?: string): number;
  fail(line: number, reason: string): never;
}

function compile(where: Where, i: number, key: string, build: () => Matcher): Matcher {
  try {
    return build();
  } catch (error) {
    where.fail(where.line(i, key), `ignores[${i}].${key}: ${(error as Error).message}`);
  }
}

function refuse(where: Where, i: number, key: string | undefined, reason: string): never {
  where.fail(where.line(i, key), `ignores[${i}]${key ? `.${key}` : ''}: ${reason}`);
}

const daysIn = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `YYYY-MM-DD` (its form checked before) names a day of the proleptic Gregorian calendar, as a Date
 * of it would read it back: without a Date an entry (10,000 entries spent 28 ms on them).
 */
export function isCalendarDate(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (daysIn[month - 1] as number));
}

/**
 * The keys of an entry's data an IgnoreEntry holds as they are, in the schema's order: all but the id (held
 * as text) and the scope (held only when it names something).
 */
const plainKeys = entryKeys.filter((key) => key !== 'id' && key !== 'scope');

/** The entry's matchers, each compiled; what the entry as a whole must name. */
export function entryOf(where: Where, i: number, data: EntryData): IgnoreEntry {
  if (
    data.id === undefined &&
    data.category === undefined &&
    data.title === undefined &&
    data.path === undefined &&
    data.package === undefined
  ) {
    refuse(
      where,
      i,
      undefined,
      'names no finding: give id, category, title, path or package (with app, scope, reason...)',
    );
  }
  for (const key of ['category', 'title'] as const) {
    if (data[key] !== undefined && data.app === undefined) {
      refuse(where, i, key, `a ${key} pattern needs the app it applies to (app: NAME)`);
    }
  }
  if (data.versions !== undefined && data.package === undefined)
    refuse(where, i, 'versions', 'needs package: a PURL');
  // An id and an app are compared here; the patterns (fewer entries have them) each by a test.
  const id = data.id === undefined ? undefined : String(data.id);
  const app = data.app;
  const tests: ((f: Candidate) => boolean)[] = [];
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
        where,
        i,
        'package',
        `${JSON.stringify(data.package)} is not a package URL (pkg:TYPE/NAME, e.g. pkg:npm/lodash)`,
      );
    if (wanted.version !== undefined && data.versions !== undefined) {
      refuse(
        where,
        i,
        'versions',
        'the package URL names one version already (@VERSION): give one or the other',
      );
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
  if (data.expires !== undefined && !isCalendarDate(data.expires)) {
    refuse(where, i, 'expires', `${data.expires} is not a date`);
  }
  const statement = statementProblem(data.vex, data.justification);
  if (statement) refuse(where, i, statement.key, statement.reason);
  const entry = { index: i, line: where.line(i) } as IgnoreEntry;
  const fields = entry as unknown as Record<string, unknown>;
  for (const key of plainKeys) if (data[key] !== undefined) fields[key] = data[key];
  if (id !== undefined) entry.id = id;
  const { scope } = data;
  if (scope && (scope.apps || scope.compounds)) entry.scope = scope;
  entry.matches = (f) => {
    if (id !== undefined && String(f.id ?? '') !== id) return false;
    if (app !== undefined && f.app !== app) return false;
    for (const test of tests) if (!test(f)) return false;
    return true;
  };
  const prefix = data.path === undefined ? undefined : pathPrefix(data.path);
  if (prefix !== undefined) entry.pathPrefix = prefix;
  return entry;
}

/** The entry's matching keys as one text: two entries with the same text name the same findings. */
export function entryKey(entry: IgnoreEntry): string {
  return JSON.stringify([
    entry.id ?? null,
    entry.app ?? null,
    entry.category ?? null,
    entry.title ?? null,
    entry.path ?? null,
    entry.package ?? null,
    entry.versions ?? null,
    [...(entry.scope?.apps ?? [])].sort(),
    [...(entry.scope?.compounds ?? [])].sort(),
  ]);
}

const notFast = Symbol('refused on the fast path');

/**
 * An ignore file read by the fast reader (src/ignores/fast-read.ts) when it is in its subset and holds no
 * problem; `undefined` otherwise: then the full path (src/ignores/full-read.ts, the `yaml` package) reads
 * it, and words the problem at its line. A run whose file is plain never loads the `yaml` package.
 */
export function readIgnoreFileFast(text: string, label: string): IgnoreFile | undefined {
  return readingRules(() => readFast(text, label));
}

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
