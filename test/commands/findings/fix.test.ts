import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('findings fix: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'fix', '9'], '--app is required (the app the finding belongs to)'],
    [['findings', 'fix', '--app', 'a'], "missing required argument 'finding-id'"],
    [['findings', 'fix', '--app', 'a', '#9'], 'invalid finding id "#9": expected a positive whole number'],
    [
      ['findings', 'fix', '--app', 'a', '9', '--fields', 'finding_id'],
      'unknown field "finding_id" for --fields (choose from fix, fix_notes)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings fix', () => {
  it('prints the recommended fix', async () => {
    cli
      .stub('ReadRecommendedFix', { path: { appID: 'a', findingID: '9' } })
      .reply(200, ok({ fix: 'Use a prepared statement.', fix_notes: 'See CWE-89.' }));
    const result = await cli.run(['findings', 'fix', '--app', 'a', '9'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: 'fix\tUse a prepared statement.\nfix_notes\tSee CWE-89.\n',
      stderr: '',
    });
  });

  it('-o json adds the changes of a fix written as sections (AutoFix’s), and refuses one without its block', async () => {
    const fix =
      'Use a prepared statement.\n\n### Change 1: Bind the value from file src/Db.java, lines 4 until 5\n\n' +
      '```java\n  s.setString(1, q);\n```\n';
    cli
      .stub('ReadRecommendedFix', { path: { appID: 'a', findingID: '9' } })
      .reply(200, ok({ fix, fix_notes: 'See CWE-89.' }));
    const result = await cli.run(['findings', 'fix', '--app', 'a', '9', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).changes).toEqual([
      {
        title: 'Change 1: Bind the value',
        file: 'src/Db.java',
        from: 4,
        until: 5,
        lines: ['  s.setString(1, q);'],
      },
    ]);
    cli
      .stub('ReadRecommendedFix', { path: { appID: 'a', findingID: '9' } })
      .reply(200, ok({ fix: '### Bind from file src/Db.java, lines 4 until 5\n\nno block' }));
    const broken = await cli.run(['findings', 'fix', '--app', 'a', '9'], { env: authEnv() });
    expect(broken.code).toBe(8);
    expect(broken.stderr).toContain('no fenced block of the replacement follows it');
  });

  it('--applied reads the generated fix, with its own fields', async () => {
    cli
      .stub('ReadFindingFix', { path: { appID: 'a', findingID: '9' } })
      .reply(200, ok({ finding_id: 9, status: 'applied', scan_id: 4, fix: 'diff --git a/x b/x' }));
    const result = await cli.run(
      ['findings', 'fix', '--app', 'a', '9', '--applied', '--fields', 'status,scan_id'],
      {
        env: authEnv(),
      },
    );
    expect(result).toEqual({ code: 0, stdout: 'status\tapplied\nscan_id\t4\n', stderr: '' });
  });

  it('fix --applied explains the feature when the service refuses', async () => {
    cli
      .stub('ReadFindingFix', { path: { appID: 'a', findingID: '9' } })
      .reply(404, { ok: false, code: 'FEATURE_DISABLED', message: 'off' });
    const result = await cli.run(['findings', 'fix', '--app', 'a', '9', '--applied'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(
      /^error: finding 9 of a has no applied fix: reading applied fixes is a feature/,
    );
    expect(result.stderr).toContain(
      'hint: the recommended fix needs no feature: secscan findings fix --app a 9',
    );
  });

  it('--applied passes other errors through (a 500 is transient, exit 7)', async () => {
    cli
      .stub('ReadFindingFix', { path: { appID: 'a', findingID: '9' } })
      .reply(500, { ok: false, message: 'boom' })
      .times(3);
    const result = await cli.run(['findings', 'fix', '--app', 'a', '9', '--applied', '--retries', '2'], {
      env: authEnv(),
    });
    expect(result.code).toBe(7);
    expect(result.stderr).not.toContain('has no applied fix');
  });
});
