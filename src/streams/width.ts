/**
 * Widths on a terminal are measured with string-width, a grapheme cluster at a time: an emoji with a
 * skin-tone modifier or a ZWJ family is two columns, East Asian wide and full-width characters two,
 * combining marks none. It sets up ICU's segmenter when it loads (about 12 ms), so it is loaded only where
 * output reaches a terminal (`loadWidths`), in the background while the request is in flight; plain ASCII,
 * nearly all text, needs none of it. Until it is there (a line before any output), a rough measure by code
 * point stands in.
 */
let measure: ((text: string) => number) | undefined;
let loading: Promise<void> | undefined;

/** Loads string-width, once; resolves when it is there (or could not be, and the rough measure goes on). */
export function loadWidths(): Promise<void> {
  loading ??= import('string-width').then(
    (module) => {
      measure = module.default;
    },
    () => undefined,
  );
  return loading;
}

/** Columns the text takes on a terminal (text without escape sequences). */
export function displayWidth(text: string): number {
  // Plain ASCII, the common case, is one column a character.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  if (measure) return measure(text);
  let width = 0;
  for (const char of text) width += roughWidth(char.codePointAt(0) ?? 0, char);
  return width;
}

/** Combining marks and other characters a terminal draws in no column of their own. */
const zeroWidth = /^(?:\p{Mn}|\p{Me}|\p{Cf})$/u;

/** By code point: combining marks none, East Asian wide and full-width characters and emoji two. */
function roughWidth(code: number, char: string): number {
  if (zeroWidth.test(char)) return 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}

let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of the text: what a terminal draws as one character (never split by a cut). */
function graphemes(text: string): Iterable<string> {
  // Plain ASCII, the common case, is one cluster a character (CR LF aside, which a cell never holds).
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The text cut to `width` columns, its last column an ellipsis when anything was cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const cluster of graphemes(text)) {
    const w = displayWidth(cluster);
    if (used + w > width - 1) break;
    out += cluster;
    used += w;
  }
  return `${out.trimEnd()}…`;
}

/** The text padded with spaces to `width` columns. */
export function padEnd(text: string, width: number): string {
  const missing = width - displayWidth(text);
  return missing > 0 ? text + ' '.repeat(missing) : text;
}

/**
 * Words filled into lines: the first of at most `first` columns, the others of at most `rest`; a word longer
 * than its line stays whole on a line of its own.
 */
function fill(words: string[], first: number, rest: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const room = lines.length ? rest : first;
    if (current && displayWidth(current) + 1 + displayWidth(word) > room) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

/** Words filled into lines of at most `width` columns; a word longer than that stays whole on its line. */
export function wrapWords(text: string, width: number): string[] {
  return fill(text.split(/\s+/).filter(Boolean), width, width);
}

/**
 * One line of prose for a terminal `width` columns wide, broken between words: the lines after the first
 * start `hang` columns in (by default under the line's own indentation), so a wrapped notice, hint or error
 * reads as one item. A line that fits comes back as it is; a word longer than the room (a URL, a path)
 * stays whole.
 */
export function wrapLine(line: string, width: number, hang?: number): string[] {
  if (displayWidth(line) <= width) return [line];
  const lead = /^\s*/.exec(line)?.[0] ?? '';
  const indent = Math.min(hang ?? displayWidth(lead), Math.floor(width / 2));
  const words = line.slice(lead.length).split(/\s+/).filter(Boolean);
  const [head = '', ...tail] = fill(words, width - displayWidth(lead), width - indent);
  return [`${lead}${head}`, ...tail.map((l) => `${' '.repeat(indent)}${l}`)];
}

/**
 * A numbered item of a list (`  2. src/app/Db.java:42 (Statement.execute)`, a dataflow step) for lines of
 * `width` columns: broken between words, the lines after the first under the item's text; its location is
 * never broken inside its path: when `path:line` does not fit, the break comes between the path and its
 * `:line` (a path longer than the line is left whole). A location alone is one without its number.
 * Undefined when the line is neither.
 */
export function wrapListItem(line: string, width: number): string[] | undefined {
  // A location alone (`Location: src/app/Db.java:42`) is such an item without its number.
  const item = /^(\s*\d+\.\s+)(\S+?)(:\d+)?(?:\s+(.*))?$/.exec(line) ?? /^()(\S+?)(:\d+)()$/.exec(line);
  if (!item) return undefined;
  if (displayWidth(line) <= width) return [line];
  const [, lead = '', path = '', at = '', rest = ''] = item;
  const hang = displayWidth(lead);
  const words = rest.split(/\s+/).filter(Boolean);
  const head = `${lead}${path}${at}`;
  const [first, after] =
    displayWidth(head) <= width || !at ? [head, words] : [`${lead}${path}`, [at, ...words]];
  if (after.length === 0) return [first];
  const tail = fill(after, width - hang, width - hang).map((l) => `${' '.repeat(hang)}${l}`);
  return [first, ...tail];
}
