import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildManifest, walk } from '../../../src/commands/manifest.js';
import { repoRoot, sourceFiles } from '../../helpers/imports.js';

/**
 * Every verb is run by a test: one of its noun's in test/commands/NOUN/ (or, for a story end to end, one of
 * test/e2e/) that names its words, as argv (`['teams', 'groups', 'list'`) or as a command line (`teams groups
 * list`). A verb added without its test is named here.
 */
describe('the verbs’ tests', () => {
  it('runs every verb of the tree', async () => {
    const tests = sourceFiles(['test/commands', 'test/e2e']).map((f) => ({
      file: relative(repoRoot, f),
      text: readFileSync(f, 'utf8'),
    }));
    const untested = walk((await buildManifest()).commands)
      .filter(({ entry }) => entry.kind === 'verb')
      .map(({ words }) => words)
      .filter((words) => {
        const esc = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const argv = new RegExp(`'${esc.join(`',\\s*'`)}'`);
        const line = new RegExp(`\\b${esc.join(' ')}\\b`);
        const noun = `test/commands/${words[0]}/`;
        const runs = (t: { file: string; text: string }) =>
          (t.file.startsWith(noun) || t.file.startsWith('test/e2e/') || words.length === 1) &&
          (argv.test(t.text) || line.test(t.text));
        return !tests.some(runs);
      })
      .map((words) => `${words.join(' ')}: no test of test/commands/${words[0]}/ runs it`);
    expect(untested).toEqual([]);
  });
});
