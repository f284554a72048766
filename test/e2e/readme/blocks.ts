/**
 * The fenced blocks of a page of the docs (README.md, docs/**), as the docs runner reads them. A shell block is one tagged `sh`, `bash` or
 * `console`, or an untagged one with a `$ ` prompt line. An HTML comment on the line before a block (a blank
 * line between is allowed) gives the runner its directives, separated by `;`:
 *
 *   <!-- readme-test: skip: REASON -->   not run here, and why (a real service, root, another test runs it);
 *                                        the reason is the rest of the comment
 *   <!-- readme-test: sandbox -->        the session's sandbox: run in the background until it is ready
 *   <!-- readme-test: terminal 80 -->    the commands run on a pseudo-terminal that many columns wide
 *   <!-- readme-test: file NAME -->      the block is the content of the file NAME (a CSV, a JSON body)
 *   <!-- readme-test: with NAME -->      a file the block reads that the reader has of their own (a secret)
 *
 * A YAML block whose first line is `# PATH` is written to PATH as well. In a `sh` block a command's trailing
 * comment `# exit N ...` is the exit status it must end with (0 otherwise). In a transcript (`$ command`
 * followed by what it prints) the output is compared with what the command prints, once volatile parts are
 * normalised (see `normalise`); a line `...` stands for any lines, and `...` inside a line for any text.
 */

export interface Directives {
  skip?: string;
  sandbox?: boolean;
  terminal?: number;
  file?: string;
  with: string[];
}

export interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
  directives: Directives;
}

const directivePattern = /^\s*<!--\s*readme-test:\s*(.*?)\s*-->\s*$/;

function parseDirectives(text: string, where: string): Directives {
  const directives: Directives = { with: [] };
  // A reason may hold anything, `;` too: `skip` takes the rest of the comment.
  const skip = /^skip:\s*(.*)$/s.exec(text);
  if (skip) return { ...directives, skip: skip[1] as string };
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [, word, rest = ''] = /^([\w-]+)\s*:?\s*(.*)$/.exec(part) ?? [];
    if (word === 'sandbox' && !rest) directives.sandbox = true;
    else if (word === 'terminal' && /^\d+$/.test(rest)) directives.terminal = Number(rest);
    else if (word === 'file' && rest) directives.file = rest;
    else if (word === 'with' && rest) directives.with.push(...rest.split(/\s+/));
    else throw new Error(`${where}: unknown readme-test directive "${part}"`);
  }
  return directives;
}

/** Every fenced block of a page (indented ones in list items too), with the directives before it. */
export function readmeBlocks(readme: string, file = 'README.md'): Block[] {
  const lines = readme.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j] as string); j++) {
      body.push(
        (lines[j] as string).slice(Math.min(indent, /^\s*/.exec(lines[j] as string)?.[0].length ?? 0)),
      );
    }
    let k = i - 1;
    if (k >= 0 && (lines[k] as string).trim() === '') k--;
    const comment = k >= 0 ? directivePattern.exec(lines[k] as string) : null;
    blocks.push({
      line: i + 1,
      lang: open[2] as string,
      text: body.join('\n') + '\n',
      directives: comment ? parseDirectives(comment[1] as string, `${file}:${k + 1}`) : { with: [] },
    });
    i = j;
  }
  return blocks;
}

export function isShellBlock(block: Block): boolean {
  if (['sh', 'bash', 'shell', 'console'].includes(block.lang)) return true;
  return block.lang === '' && /^\$ /m.test(block.text);
}

/** A file the page shows the content of: `# PATH` on a YAML block's first line, or `file NAME`. */
export function fileOf(block: Block): { path: string; content: string } | undefined {
  if (block.directives.file) return { path: block.directives.file, content: block.text };
  const header = /^# ([\w./-]+\.ya?ml)\n/.exec(block.text);
  if (block.lang === 'yaml' && header) return { path: header[1] as string, content: block.text };
  return undefined;
}

export interface Command {
  /** 1-based line of the page where the command starts. */
  line: number;
  text: string;
  /** The exit status it must end with: `# exit N` in its comment; undefined in a transcript without one. */
  exit: number | undefined;
}

/** `# exit N` in the command's comment: on its last line, or on the line that opens its heredoc. */
const expectedExit = (text: string): number | undefined => {
  const lines = text.split('\n');
  const line = lines.find((l) => /<<-?\s*'?\w+'?/.test(l)) ?? (lines.at(-1) as string);
  const m = /\s#\s[^'"]*?\bexit (\d+)\b[^'"]*$/.exec(line);
  return m ? Number(m[1]) : undefined;
};

/** The commands of a `sh` block: continuation lines joined, heredocs kept whole, comments left out. */
export function shellCommands(block: Block): Command[] {
  const lines = block.text.replace(/\n$/, '').split('\n');
  const commands: Command[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i] as string;
    if (/^\s*(#|$)/.test(text)) continue;
    while (/\\$/.test(text) && i + 1 < lines.length) text += `\n${lines[++i]}`;
    const heredoc = /<<-?\s*'?(\w+)'?/.exec(text);
    if (heredoc) {
      while (i + 1 < lines.length && lines[i] !== heredoc[1]) text += `\n${lines[++i]}`;
    }
    commands.push({ line: block.line + 1 + start, text, exit: expectedExit(text) ?? 0 });
  }
  return commands;
}

export interface Transcript extends Command {
  /** What the page shows the command printing (stdout and stderr as they interleave). */
  output: string[];
}

/** The `$ command` lines of a transcript and the lines each shows. */
export function transcript(block: Block): Transcript[] {
  const entries: Transcript[] = [];
  block.text
    .replace(/\n$/, '')
    .split('\n')
    .forEach((line, i) => {
      if (line.startsWith('$ ')) {
        const text = line.slice(2);
        entries.push({ line: block.line + 1 + i, text, exit: expectedExit(text), output: [] });
      } else if (entries.length) entries.at(-1)?.output.push(line);
    });
  return entries;
}

/**
 * What varies from run to run, made the same on both sides: ports, tokens, UUIDs, times, digests, sizes and
 * durations, the ids of journals (`findings status`), the home directory, colours, carriage returns, and the
 * width of the gaps between columns.
 */
export function normalise(text: string, home?: string): string {
  // A terminal's line: what a carriage return (or a cursor back to column 1) goes back over is written over,
  // so a progress bar leaves only its last state, as on the screen.
  let out = text
    .replace(/\x1b\[1?G/g, '\r')
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '')
    .split('\n')
    .map((line) => line.split('\r').filter(Boolean).at(-1) ?? '')
    .join('\n');
  if (home) out = out.split(home).join('/home/me');
  return out
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<token>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/((?:127\.0\.0\.1|localhost|\[::1\]):)\d+/g, '$1<port>')
    .replace(/sandbox-ca-\d+\.pem/g, 'sandbox-ca-<port>.pem')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, '<time>')
    .replace(/\d{8}T\d{6}Z/g, '<time>')
    .replace(/\b\d{8}-\d{6}-[0-9a-f]{4}\b/g, '<journal>')
    .replace(/\b[0-9a-f]{12,}\b/g, '<hex>')
    .replace(/\b\d+(\.\d+)? ?(B|KiB|MiB|GiB|kB|KB|MB|GB)\b/g, '<size>')
    .replace(/\b\d+(\.\d+)? s\b/g, '<n> s')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, '  ').trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `actual` is what the page shows (both normalised), `...` lines and `...` in lines as wildcards. */
export function matchesShown(shown: string[], actual: string, home?: string): boolean {
  const expected = normalise(shown.join('\n'), home).split('\n');
  const source = expected
    .map((line) =>
      line === '...' ? '(?:[^\\n]*\\n)*?' : `${line.split('...').map(escape).join('[^\\n]*')}\\n`,
    )
    .join('');
  return new RegExp(`^${source}$`).test(`${normalise(actual, home)}\n`);
}
