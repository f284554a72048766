/**
 * The patterns of an ignore file, each compiled once when the file is read (a pattern that cannot be
 * compiled is refused at its line by the reader):
 *
 * - text (`category`, `title`): `/REGEX/` or `/REGEX/i` is a JavaScript regular expression, searched for in
 *   the text (anchor it with ^ and $); anything else is a glob matched against the whole text, any case,
 *   where `*` stands for any characters and `?` for one.
 * - path: a glob matched against the finding's file, as SARIF names it (forward slashes, no leading `./`):
 *   `*` and `?` within a directory name, `**` for any number of directories, a pattern ending in `/` for
 *   everything under that directory, and a pattern without `/` for a file of that name in any directory.
 * - package: a package URL (`pkg:TYPE/NAMESPACE/NAME`, `@VERSION` for one version), compared without its
 *   qualifiers, any case; `versions:` a range: comparators (`<`, `<=`, `>`, `>=`, `=`) joined by spaces
 *   (all must hold) and alternatives by `||`.
 */

export type Matcher = (text: string) => boolean;

/** The longest pattern read: a pattern is a line of a reviewed file, not a program. */
export const maxPatternLength = 500;

/** `/…/` or `/…/i`: the regular expression; else undefined. Throws a message for a bad one. */
function regexOf(pattern: string): RegExp | undefined {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  if (!m) return undefined;
  const [, source = '', flags = ''] = m;
  if (!/^i?$/.test(flags))
    throw new Error(`the only flag of a regular expression is i, not ${JSON.stringify(flags)}`);
  if (source === '') throw new Error('an empty regular expression matches everything');
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new Error(`not a regular expression: ${(error as Error).message}`);
  }
}

/**
 * Whether `items` match `pattern` whole, where `star` items of the pattern stand for any run of items and
 * `same(p, t)` compares one pattern item with one item. Not a regular expression: V8's backtracks
 * exponentially on `*a*a*a...b` (a pull request's ignore file could stall the gate); this keeps only the
 * last star to go back to, so it takes at most pattern length x text length steps.
 */
function wildcard<P, T>(
  pattern: readonly P[],
  items: readonly T[],
  star: (p: P) => boolean,
  same: (p: P, t: T) => boolean,
): boolean {
  let p = 0;
  let t = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (t < items.length) {
    const here = pattern[p];
    if (p < pattern.length && !star(here as P) && same(here as P, items[t] as T)) {
      p++;
      t++;
    } else if (p < pattern.length && star(here as P)) {
      starAt = p++;
      resumeAt = t;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++resumeAt;
    } else return false;
  }
  while (p < pattern.length && star(pattern[p] as P)) p++;
  return p === pattern.length;
}

/** One character of a glob: `*` (any characters), `?` (one) or itself. */
const anyRun = Symbol('*');
const anyOne = Symbol('?');
type GlobChar = string | typeof anyRun | typeof anyOne;

function globChars(glob: string): GlobChar[] {
  return Array.from(glob, (c) => (c === '*' ? anyRun : c === '?' ? anyOne : c));
}

const sameCase = (p: GlobChar, c: string) => p === anyOne || p === c;
const anyCase = (p: GlobChar, c: string) =>
  p === anyOne ||
  p === c ||
  (typeof p === 'string' && (p.toLowerCase() === c.toLowerCase() || p.toUpperCase() === c.toUpperCase()));

/** A glob of `*` and `?` over `text` (code points), in linear steps of each. */
function globMatch(glob: readonly GlobChar[], text: string, ignoreCase: boolean): boolean {
  return wildcard(glob, Array.from(text), (p) => p === anyRun, ignoreCase ? anyCase : sameCase);
}

/** A category or title pattern: a regular expression between slashes, else a glob over the whole text. */
export function textPattern(pattern: string): Matcher {
  if (pattern.length > maxPatternLength) throw new Error(`longer than ${maxPatternLength} characters`);
  if (pattern.trim() === '') throw new Error('is empty');
  const regex = regexOf(pattern);
  if (regex) return (text) => regex.test(text);
  const glob = globChars(pattern);
  return (text) => globMatch(glob, text, true);
}

/** A path as SARIF writes it: forward slashes, no leading `./` or `/`. */
export function normalisePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
}

/**
 * The first names (one or two) every path a path glob matches begins with, when the glob fixes them
 * (`src/gen/**`: `src/gen`; `src/*.java`: `src`); undefined when it fixes none (`*.java`, `s*c/x`, a glob
 * that begins with `**`). An index of entries uses it: a finding whose path begins otherwise is not tried
 * against them (see `prefixesOf`).
 */
export function pathPrefix(pattern: string): string | undefined {
  const glob = normalisePath(pattern.trim());
  if (!glob.includes('/')) return undefined;
  const names = glob.split('/');
  const literal = (name: string | undefined) => name !== undefined && name !== '' && !/[*?]/.test(name);
  if (!literal(names[0])) return undefined;
  return literal(names[1]) ? `${names[0]}/${names[1]}` : names[0];
}

/** The keys `pathPrefix` could have given the globs that match this path: its first name, its first two. */
export function prefixesOf(path: string): [string, string | undefined] {
  const parts = normalisePath(path).split('/', 3);
  const first = parts[0] as string;
  return [first, parts.length > 1 && parts[1] !== '' ? `${first}/${parts[1]}` : undefined];
}

/**
 * A path glob (see the top of this file): its directory names matched one by one, `**` standing for any
 * number of them; as `wildcard`, in at most (names of the glob) x (names of the path) steps.
 */
export function pathPattern(pattern: string): Matcher {
  if (pattern.length > maxPatternLength) throw new Error(`longer than ${maxPatternLength} characters`);
  let glob = normalisePath(pattern.trim());
  if (glob === '' || glob === '**') throw new Error('matches every file');
  if (glob.endsWith('/')) glob += '**';
  const anywhere = !glob.includes('/');
  const names = [...(anywhere ? ['**'] : []), ...glob.split('/')]
    // `**/**` is `**`: the same paths, fewer steps.
    .filter((name, i, all) => name !== '**' || all[i - 1] !== '**')
    // A name without `*` or `?` is compared as a string (most names of a path glob are plain).
    .map((name) => (name === '**' ? anyRun : /[*?]/.test(name) ? globChars(name) : name));
  return (path) => {
    const parts = normalisePath(path).split('/');
    // `src/a.js/` is the file `src/a.js`.
    if (parts.length > 1 && parts.at(-1) === '') parts.pop();
    return wildcard(
      names,
      parts,
      (n) => n === anyRun,
      (n, part) => (typeof n === 'string' ? n === part : n !== anyRun && globMatch(n, part, false)),
    );
  };
}

export interface Purl {
  /** `type/namespace/name`, lower case, percent-decoded: what an entry and a finding are compared by. */
  key: string;
  version: string | undefined;
}

/** A package URL's name and version (qualifiers and subpath left out); undefined when it is none. */
export function parsePurl(text: string): Purl | undefined {
  const m = /^pkg:([a-zA-Z][\w.+-]*)\/(.+)$/.exec(text.trim());
  if (!m) return undefined;
  const rest = (m[2] as string).replace(/[#?].*$/, '');
  const slash = rest.lastIndexOf('/');
  const at = rest.lastIndexOf('@');
  const hasVersion = at > slash && at > 0;
  const path = hasVersion ? rest.slice(0, at) : rest;
  let decoded: string;
  let version: string | undefined;
  try {
    decoded = decodeURIComponent(path);
    // A finding's package URL is the service's text: a bad percent-encoding makes it none, not a crash.
    version = hasVersion ? decodeURIComponent(rest.slice(at + 1)) : undefined;
  } catch {
    return undefined;
  }
  if (decoded === '' || decoded.endsWith('/')) return undefined;
  return { key: `${(m[1] as string).toLowerCase()}/${decoded.toLowerCase()}`, version: version || undefined };
}

/** -1, 0 or 1: dotted parts compared as numbers where both are (as text otherwise); `1.0-rc1` before `1.0`. */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const clean = v.trim().replace(/^v/i, '').replace(/\+.*$/, '');
    const dash = clean.indexOf('-');
    return dash < 0 ? [clean, undefined] : [clean.slice(0, dash), clean.slice(dash + 1)];
  };
  const parts = (v: string) => v.split('.');
  const compareParts = (x: string[], y: string[]) => {
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const [p, q] = [x[i] ?? '0', y[i] ?? '0'];
      const numeric = /^\d+$/.test(p) && /^\d+$/.test(q);
      const c = numeric ? Math.sign(Number(p) - Number(q)) : p < q ? -1 : p > q ? 1 : 0;
      if (c) return c;
    }
    return 0;
  };
  const [mainA = '', preA] = split(a);
  const [mainB = '', preB] = split(b);
  const main = compareParts(parts(mainA), parts(mainB));
  if (main || preA === preB) return main;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return compareParts(parts(preA), parts(preB));
}

const comparators: Record<string, (c: number) => boolean> = {
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
  '=': (c) => c === 0,
};

/** A version range (see the top of this file). */
export function versionRange(range: string): Matcher {
  if (range.length > maxPatternLength) throw new Error(`longer than ${maxPatternLength} characters`);
  const alternatives = range.split('||').map((alternative) => {
    const words = alternative.trim().split(/\s+/).filter(Boolean);
    if (!words.length) throw new Error('has an empty alternative (around ||)');
    return words.map((word) => {
      const m = /^(<=|>=|<|>|=)?\s*([\w.+~-]+)$/.exec(word);
      if (!m || !/\d/.test(m[2] as string)) {
        throw new Error(
          `cannot read ${JSON.stringify(word)}: expected <, <=, >, >= or = and a version, e.g. "<4.17.21"`,
        );
      }
      const test = comparators[m[1] ?? '='] as (c: number) => boolean;
      const version = m[2] as string;
      return (v: string) => test(compareVersions(v, version));
    });
  });
  return (version) => alternatives.some((all) => all.every((holds) => holds(version)));
}
