import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds fixes-stats: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['compounds', 'fixes-stats', 'shop'],
      "too many arguments for 'fixes-stats'. Expected 0 arguments but got 1.",
    ],
    [['compounds', 'fixes-stats', '--all'], "unknown option '--all'"],
    [
      ['compounds', 'fixes-stats', '--fields', 'fixes'],
      'unknown field "fixes" for --fields (choose from compound_name, fix_count)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds fixes-stats', () => {
  it('prints the fix count per compound', async () => {
    const stats = [
      { compound_name: 'shop', fix_count: 4 },
      { compound_name: 'java-demo', fix_count: 0 },
    ];
    cli.stub('getFixesPerCompoundStats').reply(200, ok({ organization_id: 'o', stats }));
    const r = await cli.run(['compounds', 'fixes-stats'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^COMPOUND\s+FIXES$/);
    expect(lines[1]).toMatch(/^shop\s+4$/);
    expect(lines[2]).toMatch(/^java-demo\s+0$/);
  });

  it('prints the rows as JSON', async () => {
    cli.stub('getFixesPerCompoundStats').reply(200, ok({ stats: [{ compound_name: 'shop', fix_count: 4 }] }));
    const r = await cli.run(['compounds', 'fixes-stats', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(r.stdout)).toEqual([{ compound_name: 'shop', fix_count: 4 }]);
  });
});
