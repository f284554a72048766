import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { comment } from '../fixtures.js';

const cli = useCli();

describe('findings comment show: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'comment', 'show', '--app', 'a', '12'], "missing required argument 'comment-id'"],
    [['findings', 'comment', 'show', '--app', 'a', '12', ' '], 'the comment id must not be empty'],
    [['findings', 'comment', 'show', '12', 'c1'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'comment', 'show', '--app', 'a', 'x', 'c1'],
      'invalid finding id "x": expected a positive whole number',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings comment show', () => {
  it('reads one comment', async () => {
    cli
      .stub('ReadOneAppFindingComment', { path: { appID: 'a', findingID: '12', commentID: 'c1' } })
      .reply(200, ok(comment('c1', 'first')));
    const result = await cli.run(
      ['findings', 'comment', 'show', '--app', 'a', '12', 'c1', '--fields', 'author,comment,finding_id'],
      { env: authEnv() },
    );
    expect(result).toEqual({
      code: 0,
      stdout: 'author\tdev@example.com\ncomment\tfirst\nfinding_id\t12\n',
      stderr: '',
    });
  });

  it('maps 404 to exit 5', async () => {
    cli
      .stub('ReadOneAppFindingComment', { path: { appID: 'a', findingID: '12', commentID: 'c9' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no comment c9' });
    const result = await cli.run(['findings', 'comment', 'show', '--app', 'a', '12', 'c9'], {
      env: authEnv(),
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: ReadOneAppFindingComment: no comment c9 (HTTP 404 NOT_FOUND)\n');
  });
});
