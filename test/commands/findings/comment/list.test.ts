import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { comment } from '../fixtures.js';

const cli = useCli();

describe('findings comment list: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'comment', 'list', '--app', 'a'], "missing required argument 'finding-id'"],
    [['findings', 'comment', 'ls', '12'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'comment', 'list', '--app', 'a', '-3'],
      'invalid finding id "-3": expected a positive whole number',
    ],
    [
      ['findings', 'comment', 'list', '--app', 'a', '12', '--fields', 'body'],
      'unknown field "body" for --fields (choose from id, created_at, author, comment, finding_id)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings comment list', () => {
  it('lists the comments, oldest first, with their authors', async () => {
    cli
      .stub('ListAppFindingComments', { path: { appID: 'a', findingID: '12' } })
      .reply(
        200,
        ok([comment('c1', 'first'), comment('c2', 'second', { owner: { email: 'ops@example.com' } })]),
      );
    const result = await cli.run(['findings', 'comment', 'ls', '--app', 'a', '12'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout:
        'c1\t2026-01-02T03:04:05Z\tdev@example.com\tfirst\nc2\t2026-01-02T03:04:05Z\tops@example.com\tsecond\n',
      stderr: '',
    });
  });

  it('notes an empty list on a terminal', async () => {
    cli.stub('ListAppFindingComments', { path: { appID: 'a', findingID: '12' } }).reply(200, ok([]));
    const result = await cli.run(['findings', 'comment', 'list', '--app', 'a', '12'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No comments.\n' });
  });
});
