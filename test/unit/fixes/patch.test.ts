import { describe, expect, it } from 'vitest';
import { applyFilePatch, parsePatch, PatchError } from '../../../src/fixes/patch.js';

const file = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const patch = (body: string, path = 'src/a.txt') =>
  `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n${body}`;
const one = patch('@@ -4,3 +4,4 @@ context\n line 4\n-line 5\n+line five\n+line 5b\n line 6\n');

describe('a unified patch read as git reads it', () => {
  it('reads files, hunks and counts', () => {
    const [p] = parsePatch(one);
    expect(p?.path).toBe('src/a.txt');
    expect(p?.hunks).toEqual([
      {
        oldStart: 4,
        oldCount: 3,
        newStart: 4,
        newCount: 4,
        lines: [
          { mark: ' ', text: 'line 4' },
          { mark: '-', text: 'line 5' },
          { mark: '+', text: 'line five' },
          { mark: '+', text: 'line 5b' },
          { mark: ' ', text: 'line 6' },
        ],
        oldNoNewline: false,
        newNoNewline: false,
      },
    ]);
  });

  it.each([
    [
      'new file mode 100644\n--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+x\n',
      /does more than change existing files/,
    ],
    ['--- a/x\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n', /deletes a file/],
    ['--- a/x\n+++ b/y\n@@ -1 +1 @@\n-x\n+y\n', /renames x to y/],
    ['rename from x\nrename to y\n', /does more than change existing files/],
    ['--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-x\n+y\n', /says -2 \+2 lines but has -1 \+1/],
    ['--- "a/x\\ty"\n+++ "b/x\\ty"\n@@ -1 +1 @@\n-x\n+y\n', /in quotes/],
    ['--- a/x\n+++ b/x\n', /has no hunk/],
    ['Binary files a/x and b/x differ\n', /does more than change/],
    ['just text\n', /changes no file/],
  ])('refuses %j', (text, message) => {
    expect(() => parsePatch(text)).toThrow(PatchError);
    expect(() => parsePatch(text)).toThrow(message);
  });
});

describe('a patch applied as git apply does', () => {
  const apply = (text: string, content = file) => applyFilePatch(content, parsePatch(text)[0]!);

  it('replaces the lines where the hunk says', () => {
    expect(apply(one)).toBe(file.replace('line 5\n', 'line five\nline 5b\n'));
  });

  it('finds a hunk moved by lines added above it (an offset), and each hunk after the one before', () => {
    const moved = `new 1\nnew 2\n${file}`;
    expect(apply(one, moved)).toBe(moved.replace('line 5\n', 'line five\nline 5b\n'));
    const two = patch(
      '@@ -2,2 +2,2 @@\n line 2\n-line 3\n+line three\n@@ -9,2 +9,2 @@\n line 9\n-line 10\n+line ten\n',
    );
    expect(apply(two, moved)).toBe(
      moved.replace('line 3\n', 'line three\n').replace('line 10\n', 'line ten\n'),
    );
  });

  it('refuses a hunk whose lines the file does not hold: no fuzz', () => {
    expect(() => apply(one, file.replace('line 6', 'line six'))).toThrow(
      'src/a.txt: hunk 1 (at line 4) does not apply: the file does not hold its lines',
    );
    expect(() => apply(one, file.replace('line 5\n', 'line five\n'))).toThrow(PatchError);
  });

  it('keeps or drops the newline at the end as the patch says, and checks the file has it as the patch thinks', () => {
    const end = patch('@@ -19,2 +19,2 @@\n line 19\n-line 20\n\\ No newline at end of file\n+line twenty\n');
    const bare = file.replace(/\n$/, '');
    expect(apply(end, bare)).toBe(`${bare.replace(/line 20$/, 'line twenty')}\n`);
    expect(() => apply(end, file)).toThrow(PatchError);
    const keep = patch('@@ -19,2 +19,2 @@\n line 19\n-line 20\n+line twenty\n\\ No newline at end of file\n');
    expect(apply(keep, file)).toBe(file.replace(/line 20\n$/, 'line twenty'));
    expect(() => apply(keep, bare)).toThrow(PatchError);
  });

  it('reads a blank context line that lost its space', () => {
    const blank = 'a\n\nb\nc\n';
    const p = '--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n\n-b\n+B\n';
    expect(applyFilePatch(blank, parsePatch(p)[0]!)).toBe('a\n\nB\nc\n');
  });
});
