import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const scans = [
  {
    id: '1042',
    app: 'pay',
    version: 'abc123',
    successful: true,
    tags: { branch: 'main' },
    total: 12,
    started_at: '2026-11-01T10:00:00Z',
  },
  // Not successful, with an end: its analysis failed; without one: still running.
  {
    id: '1041',
    app: 'pay',
    version: 'def456',
    successful: false,
    completed_at: '2026-11-01T09:10:00Z',
    tags: { branch: 'feat' },
  },
  { id: '1040', app: 'pay', version: 'fed789', successful: false, tags: { branch: 'feat' } },
];

describe('scans list: usage errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'list'], '--app is required'],
    [['scans', 'list', '--app', ''], '--app must not be empty'],
    [
      ['scans', 'list', '--app', 'a', '--limit', '51'],
      'invalid value for --limit: "51" (expected a whole number from 1 to 50)',
    ],
    [
      ['scans', 'list', '--app', 'a', '--limit', 'x'],
      'invalid value for --limit: "x" (expected a whole number from 1 to 50)',
    ],
    [
      ['scans', 'list', '--app', 'a', '--tag', 'branch'],
      'invalid value for --tag: "branch" (expected KEY=VALUE, e.g. branch=main)',
    ],
    [
      ['scans', 'list', '--app', 'a', '--tag', 'branch=main', '--tag', 'branch='],
      'invalid value for --tag: "branch=" (expected KEY=VALUE, e.g. branch=main)',
    ],
    [
      ['scans', 'list', '--app', 'a', '--fields', 'id,color'],
      'unknown field "color" for --fields (choose from id, app, branch, version, status, is_default_branch, language, total, started_at, completed_at)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans list', () => {
  it('sends every --tag and --limit, and prints the default columns when piped', async () => {
    cli
      .stub('ListScans', { path: { appID: 'pay' }, query: { tags: ['branch=main', 'env=ci'], limit: 5 } })
      .reply(200, ok({ scans }), json);
    const r = await cli.run(
      ['scans', 'ls', '--app', 'pay', '--tag', 'branch=main', '--tag', 'env=ci', '--limit', '5'],
      { env: authEnv() },
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        '1042\tmain\tabc123\tcompleted\t12\t2026-11-01T10:00:00Z\n1041\tfeat\tdef456\tfailed\t\t\n' +
        '1040\tfeat\tfed789\trunning\t\t\n',
      stderr: '',
    });
  });

  it('sends no query by default, prints the full objects with -o json, and notes an empty list', async () => {
    cli.stub('ListScans', { path: { appID: 'pay' } }).reply(200, ok({ scans }), json);
    const full = await cli.run(['scans', 'list', '--app', 'pay', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(full.stdout)).toEqual(scans);
    cli.stub('ListScans', { path: { appID: 'pay' } }).reply(200, ok({ scans: [] }), json);
    const empty = await cli.run(['scans', 'list', '--app', 'pay'], { env: authEnv(), stdoutTTY: true });
    expect(empty).toEqual({ code: 0, stdout: '', stderr: 'No scans.\n' });
  });
});
