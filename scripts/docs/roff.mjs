/** Escapes plain text for a roff text line: backslashes, non-ASCII characters and leading control characters. */
export function text(s) {
  const escaped = s
    .replace(/\\/g, '\\e')
    .replace(/[^\x00-\x7f]/gu, (c) => `\\[u${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`);
  return escaped.replace(/^([.'])/, '\\&$1');
}

/**
 * The NAME line's text: what whatis and apropos print, byte for byte (they do not read roff escapes), so in
 * plain ASCII quotes: a typographic apostrophe or quote becomes ' or ", and inline-code backticks go.
 */
export function nameText(s) {
  return text(
    s
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/`/g, ''),
  );
}

/** Text where hyphens are minus signs (options, commands): copy-pasting it works. */
export function code(s) {
  return text(s).replace(/-/g, '\\-');
}

export const bold = (s) => `\\fB${code(s)}\\fR`;
export const italic = (s) => `\\fI${code(s)}\\fR`;

/** Flags in running text get minus signs, so a pasted `--app` is still two hyphens. */
const flags = (s) =>
  s.replace(/(^|[\s([,;])(-{1,2}[A-Za-z][\w-]*)/g, (_m, pre, flag) => pre + flag.replace(/-/g, '\\-'));

/**
 * A path longer than a man page's line (an API path in running text) may break after a slash: `\:` is a
 * break point that prints nothing, so the words around it and a copied path stay whole.
 */
const breakPaths = (s) => s.replace(/\S{60,}/g, (word) => word.replace(/(?<=[^/:]\/)(?=[^/\s])/g, '\\:'));

/** Prose with `inline code` in bold. */
export function prose(s) {
  return (
    s
      .split(/(`[^`]*`)/)
      // A hyphen inside a word (sign-on, check-analysis) is a minus sign too: groff breaks lines after a
      // plain hyphen even with hyphenation off, and a word cut there reads as hyphenated.
      .map((part, i) =>
        i % 2 ? bold(part.slice(1, -1)) : breakPaths(flags(text(part)).replace(/(?<=\w)-(?=\w)/g, '\\-')),
      )
      .join('')
      .replace(/^([.'])/, '\\&$1')
  );
}

/** An option's names in bold and its value in italics, e.g. `-o, --output format`. */
export function optionTag(option) {
  const names = option.names.map(bold).join(', ');
  if (!option.takesValue) return names;
  const value = option.choices ? option.choices.join('|') : (option.placeholder ?? 'value');
  return option.optionalValue ? `${names} [${italic(value)}]` : `${names} ${italic(value)}`;
}

/** Lines of a multi-line description: indented lines become a literal display, the rest paragraphs. */
export function paragraphs(description) {
  const out = [];
  let literal = false;
  for (const line of description.split('\n')) {
    const indented = /^\s{2,}/.test(line);
    if (indented && !literal) out.push('.EX');
    if (!indented && literal) out.push('.EE');
    literal = indented;
    out.push(indented ? code(line.replace(/^\s+/, '')) : prose(line));
  }
  if (literal) out.push('.EE');
  return out;
}

/**
 * Breaks text lines longer than `width` bytes at spaces, leaving requests and literal displays alone, and
 * drops a paragraph request right after a heading (mandoc skips it with a warning).
 */
export function wrap(lines, width = 80) {
  const out = [];
  let literal = false;
  for (const line of lines) {
    if (/^\.(EX|nf)\b/.test(line)) literal = true;
    if (/^\.(EE|fi)\b/.test(line)) literal = false;
    if (line === '.PP' && /^\.S[HS]\b/.test(out[out.length - 1] ?? '')) continue;
    if (literal || line.startsWith('.') || Buffer.byteLength(line) <= width) {
      out.push(line);
      continue;
    }
    let current = '';
    for (const word of line.split(' ')) {
      if (current && Buffer.byteLength(`${current} ${word}`) > width) {
        out.push(current);
        current = /^[.']/.test(word) ? `\\&${word}` : word;
      } else {
        current = current ? `${current} ${word}` : word;
      }
    }
    out.push(current);
  }
  return out;
}

/** Help blocks (src/help/text.ts) as roff: paragraphs, literal displays, bullets and tagged paragraphs. */
export function blocks(list, { wrapCommand, width = 70 } = {}) {
  const out = [];
  for (const block of list) {
    switch (block.kind) {
      case 'paragraph':
        out.push('.PP', prose(block.text));
        break;
      case 'literal':
        out.push(
          '.PP',
          '.RS 4',
          '.EX',
          ...block.lines.flatMap((l) => (wrapCommand ? wrapCommand(l, width) : [l]).map(code)),
          '.EE',
          '.RE',
        );
        break;
      case 'bullets':
        for (const item of block.items) out.push('.IP \\(bu 2', prose(item));
        break;
      case 'terms':
        for (const [term, text] of block.items) out.push('.TP', bold(term), prose(text));
        break;
    }
  }
  return out;
}
