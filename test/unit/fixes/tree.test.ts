import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatchError } from '../../../src/fixes/patch.js';
import { applyToTree, UnsafePatchError, writeTree } from '../../../src/fixes/tree.js';

let dir: string;
let outside: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-tree-'));
  outside = mkdtempSync(join(tmpdir(), 'secscan-outside-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/a.js'), 'one\ntwo\nthree\n');
  writeFileSync(join(dir, 'src/b.js'), 'alpha\nbeta\n');
  chmodSync(join(dir, 'src/b.js'), 0o755);
  writeFileSync(join(outside, 'secret.txt'), 'keep\n');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const change = (path: string, from: string, to: string) =>
  `--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-${from}\n+${to}\n`;
const both = change('src/a.js', 'one', 'ONE') + change('src/b.js', 'alpha', 'ALPHA');
const snapshot = () =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), 'utf8')]),
  );

describe('a patch applied to a working tree', () => {
  it('writes every file it changes, keeping its mode, and says what it added and removed', async () => {
    expect(await applyToTree(dir, both, { dryRun: false })).toEqual([
      { path: 'src/a.js', added: 1, removed: 1 },
      { path: 'src/b.js', added: 1, removed: 1 },
    ]);
    expect(readFileSync(join(dir, 'src/a.js'), 'utf8')).toBe('ONE\ntwo\nthree\n');
    expect(readFileSync(join(dir, 'src/b.js'), 'utf8')).toBe('ALPHA\nbeta\n');
    expect(statSync(join(dir, 'src/b.js')).mode & 0o777).toBe(0o755);
    expect(readdirSync(join(dir, 'src')).sort()).toEqual(['a.js', 'b.js']);
  });

  it('with dryRun, checks and writes nothing', async () => {
    const before = snapshot();
    expect(await applyToTree(dir, both, { dryRun: true })).toHaveLength(2);
    expect(snapshot()).toEqual(before);
  });

  it('touches nothing when one hunk of one file does not apply', async () => {
    const before = snapshot();
    const stale = change('src/a.js', 'one', 'ONE') + change('src/b.js', 'gamma', 'GAMMA');
    await expect(applyToTree(dir, stale, { dryRun: false })).rejects.toThrow(PatchError);
    expect(snapshot()).toEqual(before);
  });

  it.each([
    ['../secscan-outside/secret.txt', 'a path must not climb out'],
    ['src/../../x', 'a path must not climb out'],
    ['/etc/passwd', 'not a path inside the working tree'],
    ['C:/x', 'not a path inside the working tree'],
    ['src\\a.js', 'not a path inside the working tree'],
    ['.git/hooks/pre-commit', 'inside .git'],
    ['.GIT/config', 'inside .git'],
  ])('refuses %s, writing nothing', async (path, message) => {
    const before = snapshot();
    const text = change('src/a.js', 'one', 'ONE') + change(path, 'keep', 'owned');
    await expect(applyToTree(dir, text, { dryRun: false })).rejects.toThrow(UnsafePatchError);
    await expect(applyToTree(dir, text, { dryRun: false })).rejects.toThrow(message);
    expect(snapshot()).toEqual(before);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('keep\n');
  });

  it('refuses a path through a symbolic link, to a directory or to a file', async () => {
    symlinkSync(outside, join(dir, 'linked'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'src/link.txt'));
    for (const path of ['linked/secret.txt', 'src/link.txt']) {
      await expect(applyToTree(dir, change(path, 'keep', 'owned'), { dryRun: false })).rejects.toThrow(
        'goes through a symbolic link',
      );
    }
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('keep\n');
  });

  it('refuses a file that is not there (the patch creates none)', async () => {
    await expect(applyToTree(dir, change('src/new.js', 'x', 'y'), { dryRun: false })).rejects.toThrow(
      'src/new.js: not in the working tree',
    );
  });

  it('gives what git apply gives', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    writeFileSync(join(dir, 'src/c.txt'), `${['top', ...lines].join('\n')}\n`);
    const text =
      '--- a/src/c.txt\n+++ b/src/c.txt\n@@ -4,3 +4,4 @@\n line 4\n-line 5\n+five\n+5b\n line 6\n' +
      '@@ -30,3 +31,2 @@\n line 30\n-line 31\n line 32\n';
    const git = mkdtempSync(join(tmpdir(), 'secscan-git-'));
    try {
      mkdirSync(join(git, 'src'));
      writeFileSync(join(git, 'src/c.txt'), readFileSync(join(dir, 'src/c.txt')));
      writeFileSync(join(git, 'fix.patch'), text);
      execFileSync('git', ['apply', 'fix.patch'], { cwd: git });
      await applyToTree(dir, text, { dryRun: false });
      expect(readFileSync(join(dir, 'src/c.txt'), 'utf8')).toBe(readFileSync(join(git, 'src/c.txt'), 'utf8'));
    } finally {
      rmSync(git, { recursive: true, force: true });
    }
  });
});

describe('a tree written', () => {
  it('makes the directories, replaces what is there, and refuses a path out of it before writing', async () => {
    const out = join(dir, 'out');
    await writeTree(out, [
      { path: 'a/b/c.txt', content: 'c\n' },
      { path: 'd.txt', content: 'd\n' },
    ]);
    await writeTree(out, [{ path: 'd.txt', content: 'D\n' }]);
    expect(readFileSync(join(out, 'a/b/c.txt'), 'utf8')).toBe('c\n');
    expect(readFileSync(join(out, 'd.txt'), 'utf8')).toBe('D\n');
    await expect(
      writeTree(out, [
        { path: 'e.txt', content: 'e\n' },
        { path: '../escape.txt', content: 'x' },
      ]),
    ).rejects.toThrow(UnsafePatchError);
    expect(readdirSync(out).sort()).toEqual(['a', 'd.txt']);
    symlinkSync(outside, join(out, 'via'));
    await expect(writeTree(out, [{ path: 'via/x.txt', content: 'x' }])).rejects.toThrow(UnsafePatchError);
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});
