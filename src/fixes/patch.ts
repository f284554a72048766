/**
 * A unified patch (`git diff` form) read and applied as `git apply` does, without git: every hunk's old lines
 * must be found in the file as they are (at the line the hunk says, else the nearest place after the hunk
 * before), no fuzz; one hunk that does not apply and nothing is applied. Only changes to existing files are
 * read: a patch that creates, deletes, renames or changes the mode of a file, or a binary one, is refused.
 */

export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** Each line with its mark: ` ` context, `-` removed, `+` added. */
  lines: { mark: ' ' | '-' | '+'; text: string }[];
  /** `\ No newline at end of file` after the old side's last line, the new side's. */
  oldNoNewline: boolean;
  newNoNewline: boolean;
}

export interface FilePatch {
  /** The path the patch names, its `a/` and `b/` prefixes taken off: untrusted (see tree.ts). */
  path: string;
  hunks: Hunk[];
}

/** A patch that cannot be read, or a hunk that does not apply: the message names the file and the hunk. */
export class PatchError extends Error {
  override readonly name = 'PatchError';
}

const unsupported =
  /^(new file mode|deleted file mode|old mode|new mode|similarity index|dissimilarity index|rename from|rename to|copy from|copy to|Binary files|GIT binary patch)/;

/** `a/src/x.java` (the name up to a tab, then a date some tools add), without its prefix. */
function fileName(line: string, prefix: '--- ' | '+++ ', side: 'a/' | 'b/'): string {
  const name = line.slice(prefix.length).split('\t')[0] as string;
  if (name === '/dev/null') {
    throw new PatchError(
      `the patch ${prefix === '--- ' ? 'creates' : 'deletes'} a file: only changes to existing files are applied`,
    );
  }
  if (name.startsWith('"')) {
    throw new PatchError(`the patch names a file in quotes (${name}): such a name is not applied`);
  }
  return name.startsWith(side) ? name.slice(2) : name;
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Reads a unified patch: its files and hunks, the counts of each hunk checked against its lines. */
export function parsePatch(text: string): FilePatch[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const files: FilePatch[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (unsupported.test(line)) {
      throw new PatchError(
        `the patch does more than change existing files (${line.slice(0, 40)}): it is not applied`,
      );
    }
    if (!line.startsWith('--- ')) {
      i++;
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (!next.startsWith('+++ ')) throw new PatchError(`line ${i + 2}: a "+++" line must follow "---"`);
    const path = fileName(line, '--- ', 'a/');
    const other = fileName(next, '+++ ', 'b/');
    if (other !== path) throw new PatchError(`the patch renames ${path} to ${other}: it is not applied`);
    const file: FilePatch = { path, hunks: [] };
    i += 2;
    while (i < lines.length && hunkHeader.test(lines[i] as string)) {
      const [, a, b, c, d] = hunkHeader.exec(lines[i] as string) as RegExpExecArray;
      const hunk: Hunk = {
        oldStart: Number(a),
        oldCount: b === undefined ? 1 : Number(b),
        newStart: Number(c),
        newCount: d === undefined ? 1 : Number(d),
        lines: [],
        oldNoNewline: false,
        newNoNewline: false,
      };
      i++;
      let olds = 0;
      let news = 0;
      while (
        i < lines.length &&
        (olds < hunk.oldCount || news < hunk.newCount || lines[i]?.startsWith('\\'))
      ) {
        const body = lines[i] as string;
        if (body.startsWith('\\')) {
          const last = hunk.lines.at(-1);
          if (!last) throw new PatchError(`${path}: line ${i + 1}: "\\" before any line of the hunk`);
          if (last.mark !== '+') hunk.oldNoNewline = true;
          if (last.mark !== '-') hunk.newNoNewline = true;
          i++;
          continue;
        }
        // A blank context line may have lost its space (some tools write it so); git reads it as context.
        const mark = (body === '' ? ' ' : body[0]) as ' ' | '-' | '+';
        if (mark !== ' ' && mark !== '-' && mark !== '+') break;
        hunk.lines.push({ mark, text: body.slice(1) });
        if (mark !== '+') olds++;
        if (mark !== '-') news++;
        i++;
      }
      if (olds !== hunk.oldCount || news !== hunk.newCount) {
        throw new PatchError(
          `${path}: hunk ${file.hunks.length + 1} says -${hunk.oldCount} +${hunk.newCount} lines but has -${olds} +${news}`,
        );
      }
      file.hunks.push(hunk);
    }
    if (!file.hunks.length) throw new PatchError(`${path}: the patch has no hunk for it`);
    if (files.some((f) => f.path === path)) throw new PatchError(`${path}: named twice in the patch`);
    files.push(file);
  }
  if (!files.length) throw new PatchError('the patch changes no file');
  return files;
}

function matchesAt(lines: readonly string[], at: number, expected: readonly string[]): boolean {
  if (at < 0 || at + expected.length > lines.length) return false;
  return expected.every((text, k) => lines[at + k] === text);
}

/**
 * The file's new content, every hunk applied; a hunk whose old lines are not in the file (from where the
 * hunk before ended) throws, naming it and the line it was looked for at.
 */
export function applyFilePatch(content: string, patch: FilePatch): string {
  const endsWithNewline = content === '' || content.endsWith('\n');
  const lines = content === '' ? [] : content.replace(/\n$/, '').split('\n');
  const out: string[] = [];
  let done = 0;
  let offset = 0;
  let noNewline = !endsWithNewline;
  patch.hunks.forEach((hunk, index) => {
    const old = hunk.lines.filter((l) => l.mark !== '+').map((l) => l.text);
    const wanted = Math.max(done, (hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1) + offset);
    let at = -1;
    for (
      let distance = 0;
      at < 0 && (wanted - distance >= done || wanted + distance <= lines.length);
      distance++
    ) {
      if (matchesAt(lines, wanted + distance, old)) at = wanted + distance;
      else if (distance > 0 && wanted - distance >= done && matchesAt(lines, wanted - distance, old)) {
        at = wanted - distance;
      }
    }
    const touchesEnd = at >= 0 && old.length > 0 && at + old.length === lines.length;
    // The old side's last line and the file's must agree on their newline, as git holds them to.
    const newlineDiffers = hunk.oldNoNewline
      ? !touchesEnd || endsWithNewline
      : touchesEnd && !endsWithNewline;
    if (at < 0 || newlineDiffers) {
      throw new PatchError(
        `${patch.path}: hunk ${index + 1} (at line ${hunk.oldStart}) does not apply: the file does not hold its lines`,
      );
    }
    out.push(...lines.slice(done, at));
    for (const l of hunk.lines) if (l.mark !== '-') out.push(l.text);
    done = at + old.length;
    offset = at - (hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1);
    if (touchesEnd) noNewline = hunk.newNoNewline;
  });
  out.push(...lines.slice(done));
  if (out.length === 0) return '';
  return `${out.join('\n')}${noNewline ? '' : '\n'}`;
}
