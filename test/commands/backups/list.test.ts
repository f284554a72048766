import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const backups = [
  {
    backup_id: 'b-old',
    status: 'completed',
    created_at: '2026-08-30T02:00:00Z',
    completed_at: '2026-08-30T02:10:00Z',
  },
  { backup_id: 'b-new', status: 'running', created_at: '2026-09-01T02:00:00Z' },
  {
    backup_id: 'b-mid\u001b[2J',
    status: 'failed',
    created_at: '2026-08-31T02:00:00Z',
    completed_at: '2026-08-31T02:30:00Z',
  },
];

describe('backups list: usage errors (exit 2, no request)', () => {
  it.each([
    [['backups', 'list', 'extra'], "too many arguments for 'list'. Expected 0 arguments but got 1."],
    [
      ['backups', 'list', '--fields', 'size'],
      'unknown field "size" for --fields (choose from backup_id, status, created_at, completed_at)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('backups list', () => {
  it('lists newest first, tab-separated when piped, escape sequences removed', async () => {
    cli.stub('ListOrganizationBackups').reply(200, ok(backups));
    const r = await cli.run(['backups', 'list'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout:
        'b-new\trunning\t2026-09-01T02:00:00Z\t\n' +
        'b-mid\tfailed\t2026-08-31T02:00:00Z\t2026-08-31T02:30:00Z\n' +
        'b-old\tcompleted\t2026-08-30T02:00:00Z\t2026-08-30T02:10:00Z\n',
      stderr: '',
    });
  });

  it('prints a table on a terminal and the full objects with -o json', async () => {
    cli.stub('ListOrganizationBackups').reply(200, ok(backups.slice(0, 1)));
    const table = await cli.run(['backups', 'ls'], { env: authEnv({ NO_COLOR: '1' }), stdoutTTY: true });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+CREATED\s+COMPLETED$/);
    cli.stub('ListOrganizationBackups').reply(200, ok(backups.slice(0, 1)));
    const json = await cli.run(['backups', 'list', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual(backups.slice(0, 1));
  });

  it('says so on a terminal when there are none; a wrong-shaped answer exits 8', async () => {
    cli.stub('ListOrganizationBackups').reply(200, ok([]));
    const none = await cli.run(['backups', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(none).toEqual({ code: 0, stdout: '', stderr: 'No backups.\n' });
    cli.stub('ListOrganizationBackups').reply(200, ok({ backups: [] }));
    const wrong = await cli.run(['backups', 'list'], { env: authEnv() });
    expect(wrong.code).toBe(8);
    expect(wrong.stderr).toMatch(/^error: ListOrganizationBackups: unexpected response/);
  });
});
