import { sanitize } from '../../streams/sanitize.js';

/**
 * Where service text goes in a Markdown document (GitHub's flavour): running text or a table cell (`|` is
 * escaped either way), a code span (a path, a location) in running text or in a table cell, or the text of
 * an HTML element such as `<summary>`, where Markdown is not read.
 */
export type MarkdownPlace = 'text' | 'code' | 'cell-code' | 'html';

/** A zero-width space, as an entity: it keeps `@name` and `#123` from being a mention or a link. */
const wedge = '&#8203;';

/** Markdown's own characters, escaped in running text and cells (CommonMark escapes any ASCII punctuation). */
const special = /[\\`*_[\]<>|#&~]/g;
/** What could start a block if the text began a line: a list item's `-`, `+` or `1.` (its `.` escaped). */
const bullet = /^[-+]/;
const numbered = /^(\d+)([.)])/;
/**
 * `@name` and `@org/team` (a mention), `#123` and `GH-123` (a reference to an issue or pull request): the
 * zero-width space goes after the `@`, the `#` or the `-`, in one pass (not into its own entity). An `@`
 * after a letter or digit is an e-mail address's, which GitHub does not read as a mention: left whole.
 */
const reference = /(?<![A-Za-z0-9_])@(?=[A-Za-z0-9])|#(?=\d)|(?<=\bGH-)(?=\d)/gi;

/**
 * What a renderer links by itself, with no Markdown asking it to (GFM's autolinks, as GitLab's, Azure DevOps'
 * and Bitbucket's): an address after a scheme (`https://`, `ftp://`...; `mailto:`, `xmpp:`), one starting
 * `www.`, an e-mail address. Up to a space, `<`, `>`, `|` or a backtick, wider than any of them reads it.
 */
const autolink =
  /[a-z][a-z0-9+.-]*:\/\/[^\s<>|`]*|\b(?:mailto|xmpp):[^\s<>|`]+|(?<![a-z0-9])www\.[^\s<>|`]+|[a-z0-9._+-]+@[a-z0-9_-]+(?:\.[a-z0-9_-]+)+/gi;

/**
 * Text with what a renderer would link by itself set in code spans, which no renderer links (nor escapes:
 * the address reads as it is); the text between given to `escape`, `first` for the text's start.
 */
export function unlinked(text: string, escape: (piece: string, first: boolean) => string): string {
  const parts: string[] = [];
  let at = 0;
  for (const m of text.matchAll(autolink)) {
    if (m.index > at) parts.push(escape(text.slice(at, m.index), at === 0));
    parts.push(codeSpan(m[0]));
    at = m.index + m[0].length;
  }
  if (at < text.length || at === 0) parts.push(escape(text.slice(at), at === 0));
  return parts.join('');
}

/**
 * Service text (a finding's title, a path, a rule) for a Markdown report: sanitized (no escapes, controls,
 * bidi or line breaks), Markdown's characters escaped so it stays plain text, `@name`, `#123` and
 * `GH-123` broken by a zero-width space so it cannot notify anyone or link an issue, and an address a
 * renderer would link by itself (`https://...`, `www....`, an e-mail address) set in a code span. In a code span the
 * text is kept whole, backticks included: the fence is one backtick longer than the longest run inside
 * (CommonMark), padded with a space when the text begins or ends with a backtick or a space; in a table
 * cell (`cell-code`) its `|` is escaped, as GFM reads it there. The one function the Markdown reports (the
 * gate's, the comparison's, the trends) and the pull-request comment use for the service's text.
 */
export function markdownText(value: string | number | undefined, place: MarkdownPlace = 'text'): string {
  const text = sanitize(String(value ?? ''));
  switch (place) {
    case 'code':
    case 'cell-code':
      return codeSpan(place === 'cell-code' ? text.replace(/\|/g, '\\|') : text);
    case 'html':
      return text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(reference, (m) => `${m}${wedge}`);
    default:
      return unlinked(text, (piece, first) =>
        (first
          ? piece.replace(special, '\\$&').replace(bullet, '\\$&').replace(numbered, '$1\\$2')
          : piece.replace(special, '\\$&')
        ).replace(reference, (m) => `${m}${wedge}`),
      );
  }
}

function codeSpan(text: string): string {
  if (text === '') return '';
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) && text.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
