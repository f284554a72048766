import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { comment } from '../fixtures.js';

const cli = useCli();

describe('findings comment add: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'comment', 'add', '--app', 'a', '1', ' '], 'the comment text must not be empty'],
    [['findings', 'comment', 'add', '--app', 'a', '1'], "missing required argument 'text'"],
    [['findings', 'comment', 'add', '1', 'text'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'comment', 'add', '--app', 'a', 'one', 'text'],
      'invalid finding id "one": expected a positive whole number',
    ],
    [['findings', 'comment', 'remove'], "unknown command 'remove'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings comment add', () => {
  it('posts the text, prints the comment and notes it on stderr', async () => {
    cli
      .stub('CreateAppFindingComment', {
        path: { appID: 'a', findingID: '12' },
        body: { comment: 'Fix scheduled for 2.4' },
      })
      .reply(200, ok(comment('c1', 'Fix scheduled for 2.4')));
    const result = await cli.run(
      ['findings', 'comment', 'add', '--app', 'a', '12', 'Fix scheduled for 2.4'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'id\tc1\ncreated_at\t2026-01-02T03:04:05Z\nauthor\tdev@example.com\ncomment\tFix scheduled for 2.4\n',
    );
    expect(result.stderr).toBe('Commented on finding 12 of a.\n');
  });
});
