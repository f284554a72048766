import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-sources-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const files = [
  { path: 'src/A.java', content: '\n\n    public Object search(String input) {\n' },
  { path: 'pom.xml', content: '<project>\n</project>\n' },
];
const intercept = (query = '') => cli.api.intercept({ path: `/_sandbox/sources${query}`, method: 'GET' });

describe('sandbox sources: usage errors (exit 2, no request)', () => {
  it('needs --out', async () => {
    expectUsage(
      await cli.run(['sandbox', 'sources'], { env: authEnv() }),
      '--out is required (the directory to write to)',
      cli,
    );
  });
});

describe('sandbox sources', () => {
  it('writes one app’s tree to --out itself, every app’s to --out/APP', async () => {
    intercept('?app=shop-api').reply(200, ok({ apps: [{ app: 'shop-api', files }] }), json);
    const one = await cli.run(['sandbox', 'sources', '--app', 'shop-api', '--out', dir], { env: authEnv() });
    expect(one).toEqual({
      code: 0,
      stdout: 'shop-api\tsrc/A.java\t3\nshop-api\tpom.xml\t2\n',
      stderr: `Wrote 2 files to ${dir}.\n`,
    });
    expect(readFileSync(join(dir, 'src/A.java'), 'utf8')).toBe(files[0]?.content);
    intercept().reply(
      200,
      ok({
        apps: [
          { app: 'a1', files },
          { app: 'a2', files: [files[1]] },
        ],
      }),
      json,
    );
    const every = await cli.run(['sandbox', 'sources', '--out', join(dir, 'all')], { env: authEnv() });
    expect(every.code).toBe(0);
    expect(readdirSync(join(dir, 'all')).sort()).toEqual(['a1', 'a2']);
    expect(readFileSync(join(dir, 'all/a2/pom.xml'), 'utf8')).toBe(files[1]?.content);
  });

  it('fails closed on an answer that is not the sources, or names a path out of the tree (exit 8)', async () => {
    intercept().reply(200, ok({ apps: null }), json);
    expect((await cli.run(['sandbox', 'sources', '--out', dir], { env: authEnv() })).code).toBe(8);
    intercept().reply(200, ok({ apps: [{ app: '..', files }] }), json);
    expect((await cli.run(['sandbox', 'sources', '--out', dir], { env: authEnv() })).code).toBe(8);
    intercept().reply(200, ok({ apps: [{ app: 'a', files: [{ path: '../../x', content: 'x' }] }] }), json);
    const out = await cli.run(['sandbox', 'sources', '--out', dir], { env: authEnv() });
    expect(out.code).toBe(8);
    expect(out.stderr).toContain('a path must not climb out');
    expect(readdirSync(dir)).toEqual([]);
  });
});
