import stringWidth from 'string-width';

/**
 * Columns the text takes on a terminal (text without escape sequences), as string-width measures it: a
 * grapheme cluster at a time, so an emoji with a skin-tone modifier or a ZWJ family is two columns, East
 * Asian wide and full-width characters two, combining marks none.
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
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
