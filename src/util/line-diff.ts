/**
 * A line diff in the unified format (`diff -u`): what `policies diff` prints. Policies are small files,
 * so a longest-common-subsequence table is enough; past a size limit every line counts as changed.
 */

type Op = { kind: ' ' | '-' | '+'; line: string };

const maxCells = 16_000_000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function operations(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n * m > maxCells) {
    return [
      ...a.map((line) => ({ kind: '-' as const, line })),
      ...b.map((line) => ({ kind: '+' as const, line })),
    ];
  }
  // lcs[i * (m + 1) + j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * (m + 1) + j + 1] as number) + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j] as number, lcs[i * (m + 1) + j + 1] as number);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i] as string });
      i++;
      j++;
    } else if (
      i < n &&
      (j === m || (lcs[(i + 1) * (m + 1) + j] as number) >= (lcs[i * (m + 1) + j + 1] as number))
    ) {
      ops.push({ kind: '-', line: a[i] as string });
      i++;
    } else {
      ops.push({ kind: '+', line: b[j] as string });
      j++;
    }
  }
  return ops;
}

const range = (start: number, count: number): string =>
  count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;

/** The unified diff of two texts with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(before: string, after: string, labels: [string, string], context = 3): string {
  if (before === after) return '';
  const ops = operations(splitLines(before), splitLines(after));
  const changed = ops.map((op, k) => (op.kind === ' ' ? -1 : k)).filter((k) => k >= 0);
  const out = [`--- ${labels[0]}`, `+++ ${labels[1]}`];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k] as number;
    let last = first;
    while (k + 1 < changed.length && (changed[k + 1] as number) - last <= 2 * context + 1) {
      last = changed[++k] as number;
    }
    k++;
    const start = Math.max(0, first - context);
    const end = Math.min(ops.length, last + context + 1);
    const prefix = ops.slice(0, start);
    const oldStart = prefix.filter((op) => op.kind !== '+').length + 1;
    const newStart = prefix.filter((op) => op.kind !== '-').length + 1;
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.line}`);
  }
  if (!changed.length) out.push('\\ only the newline at the end differs');
  return `${out.join('\n')}\n`;
}
