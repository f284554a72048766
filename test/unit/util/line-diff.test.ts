import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../src/util/line-diff.js';

const lines = (n: number, change?: [number, string]) =>
  Array.from({ length: n }, (_, i) => (change && i === change[0] ? change[1] : `line ${i + 1}`)).join('\n') +
  '\n';

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\n', 'a\n', ['x', 'y'])).toBe('');
  });

  it('gives hunks with three lines of context and diff -u ranges', () => {
    expect(unifiedDiff(lines(20), lines(20, [9, 'changed']), ['old', 'new'])).toBe(
      [
        '--- old',
        '+++ new',
        '@@ -7,7 +7,7 @@',
        ' line 7',
        ' line 8',
        ' line 9',
        '-line 10',
        '+changed',
        ' line 11',
        ' line 12',
        ' line 13',
        '',
      ].join('\n'),
    );
  });

  it('joins changes closer than twice the context and splits those further apart', () => {
    const a = lines(30);
    const near = unifiedDiff(a, a.replace('line 5\n', 'five\n').replace('line 10\n', 'ten\n'), ['a', 'b']);
    expect(near.match(/^@@/gm)).toHaveLength(1);
    const far = unifiedDiff(a, a.replace('line 5\n', 'five\n').replace('line 25\n', 'x\n'), ['a', 'b']);
    expect(far.match(/^@@/gm)).toHaveLength(2);
  });

  it('diffs from and to nothing', () => {
    expect(unifiedDiff('', 'a\nb\n', ['/dev/null', 'f'])).toBe(
      '--- /dev/null\n+++ f\n@@ -0,0 +1,2 @@\n+a\n+b\n',
    );
    expect(unifiedDiff('a\n', '', ['f', '/dev/null'])).toBe('--- f\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n');
  });

  it('says when only the final newline differs', () => {
    expect(unifiedDiff('a', 'a\n', ['x', 'y'])).toBe(
      '--- x\n+++ y\n\\ only the newline at the end differs\n',
    );
  });
});
