/**
 * A recommended fix as the service writes it, turned into edits: markdown with a section per change, its
 * heading ending `from file <path>, lines <a> until <b>`, followed by a fenced block of what replaces those
 * lines. Headings of another form are prose, left alone; a change heading without its block, or with lines
 * that make no range, is an answer of another kind (the caller reports it, exit 8), never an empty edit.
 */

export interface FixChange {
  /** The heading's words before `from file` (`Change 1: Use a parameterized query`). */
  title: string;
  /** The file, as the service names it (untrusted: a path to check before writing to it). */
  file: string;
  /** The lines replaced, from and until, 1-based and inclusive. */
  from: number;
  until: number;
  /** What replaces them. */
  lines: string[];
}

export class FixMarkdownError extends Error {
  override readonly name = 'FixMarkdownError';
}

const changeHeading =
  /^ {0,3}#{1,6}[ \t]+(.*?)[ \t]*\bfrom file (.+?), lines (\d+) until (\d+)[ \t]*#*[ \t]*$/;
const fenceOpen = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** The changes a recommended fix makes, in the order it gives them. */
export function parseFixMarkdown(text: string): FixChange[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const changes: FixChange[] = [];
  for (let i = 0; i < lines.length; i++) {
    const heading = changeHeading.exec(lines[i] as string);
    if (!heading) continue;
    const [, title, file, a, b] = heading as unknown as [string, string, string, string, string];
    const from = Number(a);
    const until = Number(b);
    const where = `the change "${title || file}" (line ${i + 1})`;
    if (from < 1 || until < from) throw new FixMarkdownError(`${where}: lines ${a} until ${b} make no range`);
    let j = i + 1;
    while (j < lines.length && (lines[j] as string).trim() === '') j++;
    const open = fenceOpen.exec(lines[j] ?? '');
    if (!open || (open[2]?.startsWith('`') && open[3]?.includes('`'))) {
      throw new FixMarkdownError(`${where}: no fenced block of the replacement follows it`);
    }
    const [, indent, fence] = open as unknown as [string, string, string];
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const body: string[] = [];
    for (j++; j < lines.length && !close.test(lines[j] as string); j++) {
      const line = lines[j] as string;
      // The block's lines lose the indentation its fence has, as CommonMark reads them.
      let k = 0;
      while (k < indent.length && line[k] === ' ') k++;
      body.push(line.slice(k));
    }
    if (j >= lines.length) throw new FixMarkdownError(`${where}: its fenced block is never closed`);
    changes.push({ title, file, from, until, lines: body });
    i = j;
  }
  return changes;
}
