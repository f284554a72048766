import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('app-groups show: usage errors (exit 2, no request)', () => {
  it.each([
    [['app-groups', 'show'], "missing required argument 'name'"],
    [['app-groups', 'show', ' '], 'app group name must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('app-groups show', () => {
  it('prints the group of that name among those the service answers', async () => {
    cli.stub('ReadAppGroup', { path: { appGroupName: 'web' } }).reply(
      200,
      ok([
        { name: 'web-legacy', app_ids: ['old'] },
        { name: 'web', app_ids: ['web-frontend', 'web-api'] },
      ]),
    );
    const r = await cli.run(['app-groups', 'show', 'web'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: 'name\tweb\napp_ids\tweb-frontend, web-api\n', stderr: '' });
  });

  it('exits 5 when the service answers no group', async () => {
    cli.stub('ReadAppGroup', { path: { appGroupName: 'nope' } }).reply(200, ok([]));
    const r = await cli.run(['app-groups', 'show', 'nope'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: ReadAppGroup: no app group is named nope\nhint: see `secscan app-groups list`\n',
    );
  });
});
