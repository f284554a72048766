import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { finding, journalIds, journalNote } from './fixtures.js';

const cli = useCli();
const choices = 'fixed, ignore, codeviolationfixed, codeviolationignore, codeviolationremovestatus, none';

describe('findings status: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'status', '--app', 'a', '12'], `--set is required (one of ${choices})`],
    [
      ['findings', 'status', '--app', 'a', '--set', 'done', '12'],
      `invalid value for --set: "done" (choose from ${choices})`,
    ],
    [['findings', 'status', '--set', 'fixed', '12'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'status', '--app', 'a', '--set', 'fixed'],
      'give finding ids, --ids-from FILE|-, or a query: --severity, --type, --category, --tag, --search or --status',
    ],
    [
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '12', 'x'],
      'invalid finding id "x": expected a positive whole number',
    ],
    [
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '--comment', ' ', '12'],
      '--comment must not be empty',
    ],
    [
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', ''],
      '--ids-from must not be empty',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses bad ids from --ids-from before any request', async () => {
    const result = await cli.run(['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', '-'], {
      env: authEnv(),
      stdin: '["12", "x"]',
    });
    expectUsage(
      result,
      'invalid finding id at item 2 of --ids-from stdin "x": expected a positive whole number',
      cli,
    );
  });

  it.each([
    ['[1, ', '--ids-from stdin: not valid JSON'],
    ['', '--ids-from: no finding ids found'],
    ['# only a comment\n', '--ids-from: no finding ids found'],
  ])('refuses --ids-from - holding %j', async (stdin, message) => {
    const result = await cli.run(['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', '-'], {
      env: authEnv(),
      stdin,
    });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(cli.calls()).toEqual([]);
  });

  it('refuses an --ids-from file it cannot read', async () => {
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', join(cli.configDir, 'none.txt')],
      { env: authEnv() },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --ids-from: cannot read .*none\.txt: no such file/);
    expect(cli.calls()).toEqual([]);
  });
});

describe('findings status', () => {
  it('one id: reads it, uses the single-finding operation with the comment, prints the change', async () => {
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } }).reply(200, ok(finding('12')));
    cli
      .stub('SetAppFindingStatus', {
        path: { appID: 'a', findingID: '12' },
        body: { status: 'fixed', optional_comment: 'done' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '--comment', 'done', '12'],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('12\tFinding 12\tunset\tfixed\tyes\n');
    expect(cli.calls()[1]?.body).toEqual({ status: 'fixed', optional_comment: 'done' });
    expect(journalIds(result.stderr)).toBe(`Set fixed on 1 finding of a (1 changed).\n${journalNote}`);
  });

  it('several ids from stdin: the bulk operation with integer ids; unknown ids reported, exit 5', async () => {
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '1' } }).reply(200, ok(finding('1')));
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '2' } })
      .reply(200, ok(finding('2', { status: 'ignored' })));
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '3' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no finding 3' });
    cli
      .stub('SetAppMultipleFindingsStatus', {
        path: { appID: 'a' },
        body: { findings: [1, 2], status: 'ignore' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'status', '--app', 'a', '--set', 'ignore', '--ids-from', '-'], {
      env: authEnv(),
      stdin: JSON.stringify([{ id: '1' }, { id: '2' }, { id: '3' }]),
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('warning: app a has no finding 3: left out');
    expect(result.stdout).toBe('1\tFinding 1\tunset\tignored\tyes\n2\tFinding 2\tignored\tignored\tno\n');
    expect(cli.calls().find((c) => c.method === 'PUT')?.body).toEqual({ findings: [1, 2], status: 'ignore' });
  });

  it('--set none clears the status: the bulk body has no status; ids from a file and arguments, once each', async () => {
    const file = join(cli.configDir, 'ids.txt');
    writeFileSync(file, '# triaged\n2\n1\n');
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '1' } })
      .reply(200, ok(finding('1', { status: 'fixed' })));
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '2' } }).reply(200, ok(finding('2')));
    cli
      .stub('SetAppMultipleFindingsStatus', { path: { appID: 'a' }, body: { findings: [1, 2] } })
      .reply(200, { ok: true });
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--set', 'none', '1', '--ids-from', file],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('1\tFinding 1\tfixed\tunset\tyes\n2\tFinding 2\tunset\tunset\tno\n');
    expect(journalIds(result.stderr)).toBe(`Set unset on 2 findings of a (1 changed).\n${journalNote}`);
  });

  it('exits 5 without changing anything when the app has none of the findings', async () => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '7' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no finding 7' });
    // The message names the app: the apps are listed once (to suggest a close name): a is there, no hint.
    cli.stub('ListApps').reply(200, ok([{ id: 'a' }]));
    const result = await cli.run(['findings', 'status', '--app', 'a', '--set', 'fixed', '7'], {
      env: authEnv(),
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('error: app a has none of the findings given');
    expect(cli.calls().map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it('stopped part-way: prints what changed and what did not, then the error (exit of the error)', async () => {
    for (const id of ['1', '2', '3']) {
      cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: id } }).reply(200, ok(finding(id)));
    }
    for (const id of ['1', '2']) {
      cli
        .stub('SetAppFindingStatus', {
          path: { appID: 'a', findingID: id },
          body: { status: 'fixed', optional_comment: 'c' },
        })
        .reply(200, { ok: true });
    }
    cli
      .stub('SetAppFindingStatus', {
        path: { appID: 'a', findingID: '3' },
        body: { status: 'fixed', optional_comment: 'c' },
      })
      .reply(409, { ok: false, code: 'CONFLICT', message: 'finding 3 is locked' });
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '--comment', 'c', '1', '2', '3'],
      { env: authEnv() },
    );
    expect(result.code).toBe(6);
    expect(result.stdout).toBe(
      '1\tFinding 1\tunset\tfixed\tyes\tdone\n2\tFinding 2\tunset\tfixed\tyes\tdone\n3\tFinding 3\tunset\tunset\tno\tfailed\n',
    );
    expect(journalIds(result.stderr).split('\n')).toEqual([
      'Stopped part-way: set fixed on 2 of 3 findings of a; refused: 3.',
      journalNote.trimEnd(),
      'error: SetAppFindingStatus: finding 3 is locked (HTTP 409 CONFLICT)',
      '',
    ]);
  });
});
