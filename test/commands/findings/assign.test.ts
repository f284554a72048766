import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { finding, journalIds, journalNote } from './fixtures.js';

const cli = useCli();

describe('findings assign: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['findings', 'assign', '--app', 'a', '--to', 'nobody', '1'],
      'invalid value for --to: "nobody" (expected an e-mail address)',
    ],
    [['findings', 'assign', '--app', 'a', '1'], 'give --to EMAIL, or --none to unassign'],
    [
      ['findings', 'assign', '--app', 'a', '--to', 'dev@example.com', '--none', '1'],
      '--to and --none cannot be used together',
    ],
    [
      ['findings', 'assign', '--app', 'a', '--none', '--allow-unknown', '1'],
      '--allow-unknown and --none cannot be used together',
    ],
    [
      ['findings', 'assign', '--app', 'a', '--none'],
      'give finding ids, --ids-from FILE|-, or a query: --severity, --type, --category, --tag, --search or --status',
    ],
    [['findings', 'assign', '--none', '1'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'assign', '--app', 'a', '--none', '1.5'],
      'invalid finding id "1.5": expected a positive whole number',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

/** The organization's user of that address, as ListOrgRBACUsers?email= answers. */
function knownUser(email = 'dev@example.com') {
  cli.stub('ListOrgRBACUsers', { query: { email } }).reply(200, ok([{ id_v2: 'u-1', email, name: 'Dev' }]));
}

describe('findings assign', () => {
  it('one id: the single-finding operation, and the change printed', async () => {
    knownUser();
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } }).reply(200, ok(finding('12')));
    cli
      .stub('SetAppFindingAssignee', {
        path: { appID: 'a', findingID: '12' },
        body: { assignee: 'dev@example.com' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'assign', '--app', 'a', '--to', 'dev@example.com', '12'], {
      env: authEnv(),
    });
    expect({ ...result, stderr: journalIds(result.stderr) }).toEqual({
      code: 0,
      stdout: '12\tFinding 12\t\tdev@example.com\tyes\n',
      stderr: `Assigned to dev@example.com: 1 finding of a.\n${journalNote}`,
    });
  });

  it('--to an address no user of the organization has: exit 5 before any write, naming it', async () => {
    cli.stub('ListOrgRBACUsers', { query: { email: 'dev@exampel.com' } }).reply(200, ok([]));
    const r = await cli.run(['findings', 'assign', '--app', 'a', '--to', 'dev@exampel.com', '12'], {
      env: authEnv(),
    });
    expect([r.code, r.stdout]).toEqual([5, '']);
    expect(r.stderr).toBe(
      'error: no user of the organization has the e-mail dev@exampel.com: nothing was assigned\n' +
        'hint: see `secscan users list --email dev@exampel.com`, or pass --allow-unknown to assign to it all the same\n',
    );
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
  });

  it('--allow-unknown assigns without looking the address up', async () => {
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } }).reply(200, ok(finding('12')));
    cli
      .stub('SetAppFindingAssignee', {
        path: { appID: 'a', findingID: '12' },
        body: { assignee: 'bot@ci.example' },
      })
      .reply(200, { ok: true });
    const r = await cli.run(
      ['findings', 'assign', '--app', 'a', '--to', 'bot@ci.example', '--allow-unknown', '12'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
  });

  it('a token that cannot list users: exit 4, saying --allow-unknown assigns without checking', async () => {
    cli
      .stub('ListOrgRBACUsers', { query: { email: 'dev@example.com' } })
      .reply(403, { ok: false, code: 'FORBIDDEN', message: 'missing scope org_user:list' });
    const r = await cli.run(['findings', 'assign', '--app', 'a', '--to', 'dev@example.com', '12'], {
      env: authEnv(),
    });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toBe(
      'hint: the token cannot list users to check --to (org_user:list): pass --allow-unknown to assign without checking',
    );
  });

  it('assign --none several ids uses the bulk assignee operation', async () => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '1' } })
      .reply(200, ok(finding('1', { assignee: 'x@y.io' })));
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '2' } }).reply(200, ok(finding('2')));
    cli
      .stub('SetAppMultipleFindingsAssignee', {
        path: { appID: 'a' },
        body: { findings: [1, 2], assignee: '' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'assign', '--app', 'a', '--none', '1', '2'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(cli.calls().find((c) => c.method === 'PUT')?.body).toEqual({ findings: [1, 2], assignee: '' });
    expect(result.stdout).toBe('1\tFinding 1\tx@y.io\t\tyes\n2\tFinding 2\t\t\tno\n');
    expect(journalIds(result.stderr)).toBe(`Unassigned: 2 findings of a.\n${journalNote}`);
  });
});
