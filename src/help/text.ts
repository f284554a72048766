import { displayWidth, padEnd, wrapWords } from '../streams/width.js';

export { wrapWords };

/**
 * Help text as blocks, rendered for a terminal here and as roff by the man page generator: one source for
 * `--help`, `secscan help TOPIC` and `man secscan`.
 */
export type Block =
  | { kind: 'paragraph'; text: string }
  /** Lines shown as written: never wrapped, so a command line in them can be copied. */
  | { kind: 'literal'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  /** Terms and their explanations, two columns on a terminal (`.TP` in a man page). */
  | { kind: 'terms'; items: [string, string][] };

/**
 * A description as written in a declaration: paragraphs separated by blank lines (line breaks inside a
 * paragraph are only where the source line ended), lines indented by two spaces or more are literal, and
 * lines starting with `- ` are bullets.
 */
export function parseText(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let literal: string[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (literal.length) blocks.push({ kind: 'literal', lines: literal });
    if (bullets.length) blocks.push({ kind: 'bullets', items: bullets });
    paragraph = [];
    literal = [];
    bullets = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
    } else if (/^\s*[-*] /.test(line)) {
      if (!bullets.length) flush();
      bullets.push(line.replace(/^\s*[-*] /, ''));
    } else if (bullets.length) {
      // A bullet's text goes on until a blank line.
      bullets[bullets.length - 1] += ` ${line.trim()}`;
    } else if (/^\s{2,}\S/.test(line)) {
      if (!literal.length) flush();
      literal.push(line.replace(/^ {2}/, ''));
    } else {
      if (literal.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Shell words of a command line, quotes kept; a redirection or pipe stays with the word after it. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      current += c;
      if (c === '\\' && quote === '"' && i + 1 < line.length) current += line[++i];
      else if (c === quote) quote = undefined;
    } else if (c === '#' && !current) {
      // A comment runs to the end of the line: one unit.
      words.push(line.slice(i).trimEnd());
      current = '';
      break;
    } else if (/\s/.test(c)) {
      if (current) words.push(current);
      current = '';
    } else {
      if (c === '"' || c === "'") quote = c;
      if (c === '\\' && i + 1 < line.length) current += line[++i];
      current += c;
    }
  }
  if (current) words.push(current);
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (/^(\d?>>?|<|\||&&|\|\|)$/.test(word) && i + 1 < words.length) {
      joined.push(`${word} ${words[++i]}`);
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/**
 * A command line that fits in `width` columns, broken between shell words with ` \` continuations (never
 * inside a word or a quoted string), so what is shown still runs when pasted.
 */
export function wrapCommand(line: string, width: number, continuation = '    '): string[] {
  if (displayWidth(line) <= width) return [line];
  const words = shellWords(line);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const prefix = lines.length ? continuation : '';
    if (current && displayWidth(prefix + current) + 1 + displayWidth(word) + 2 > width) {
      lines.push(`${prefix}${current} \\`);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  lines.push(`${lines.length ? continuation : ''}${current}`);
  return lines;
}

/** The width of the terms' column: the widest term, unless wider than the cap (it goes on a line of its own). */
export function termColumn(items: readonly [string, string][], width: number): number {
  const cap = Math.max(12, Math.floor(width * 0.4));
  return Math.max(0, ...items.map(([term]) => displayWidth(term)).filter((w) => w <= cap));
}

/**
 * Two columns: terms padded to a common width (`column`, or their own), explanations wrapped beside them
 * (or below a long term).
 */
export function renderTerms(
  items: [string, string][],
  width: number,
  indent = 2,
  column = termColumn(items, width),
): string[] {
  const pad = ' '.repeat(indent);
  const textWidth = width - indent - column - 2;
  const narrow = textWidth < 24;
  const lines: string[] = [];
  for (const [term, text] of items) {
    if (narrow) {
      lines.push(`${pad}${term}`);
      for (const line of wrapWords(text, width - indent - 4)) lines.push(`${pad}    ${line}`);
      continue;
    }
    const wrapped = text ? wrapWords(text, textWidth) : [];
    const hanging = ' '.repeat(indent + column + 2);
    if (displayWidth(term) > column) {
      lines.push(`${pad}${term}`);
      for (const line of wrapped) lines.push(`${hanging}${line}`);
    } else {
      lines.push(`${pad}${padEnd(term, column)}  ${wrapped[0] ?? ''}`.trimEnd());
      for (const line of wrapped.slice(1)) lines.push(`${hanging}${line}`);
    }
  }
  return lines;
}

/** Blocks as terminal lines of at most `width` columns (literal lines excepted), indented by `indent`. */
export function renderBlocks(blocks: Block[], width: number, indent = 0): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  for (const [i, block] of blocks.entries()) {
    if (i > 0) out.push('');
    switch (block.kind) {
      case 'paragraph':
        out.push(...wrapWords(block.text, width - indent).map((line) => pad + line));
        break;
      case 'literal':
        out.push(...block.lines.map((line) => `${pad}  ${line}`));
        break;
      case 'bullets':
        for (const item of block.items) {
          const [first, ...rest] = wrapWords(item, width - indent - 2);
          out.push(`${pad}- ${first}`, ...rest.map((line) => `${pad}  ${line}`));
        }
        break;
      case 'terms':
        out.push(...renderTerms(block.items, width - indent, 2).map((line) => pad + line));
        break;
    }
  }
  return out;
}
