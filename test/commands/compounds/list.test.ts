import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ok, ORG, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds list: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'list', '--archived', '--all'], '--archived and --all cannot be used together'],
    [
      ['compounds', 'list', '--limit', '0'],
      'invalid value for --limit: "0" (expected a whole number from 1 to 100000)',
    ],
    [
      ['compounds', 'list', '--fields', 'name,size'],
      'unknown field "size" for --fields (choose from name, id, apps, is_archived)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds list', () => {
  it('--all reads non-archived then archived compounds, following next_page', async () => {
    const page2 = { archived: false, per_page: 100, page: 2 };
    cli
      .stub('ListOrgCompounds', { query: { archived: false, per_page: 100 } })
      .reply(
        200,
        ok(
          { compounds: [{ id: '1', name: 'shop', apps: { 1: { id: 'web' } } }] },
          `http://other.example${API}/orgs/${ORG}/compounds?archived=false&per_page=100&page=2`,
        ),
      );
    cli
      .stub('ListOrgCompounds', { query: page2 })
      .reply(200, ok({ compounds: [{ id: '2', name: 'java', apps: {} }] }));
    cli
      .stub('ListOrgCompounds', { query: { archived: true, per_page: 100 } })
      .reply(200, ok({ compounds: [{ id: '3', name: 'old', apps: {} }] }));
    const r = await cli.run(['compounds', 'list', '--all'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('shop\t1\tweb\tfalse\njava\t2\t\tfalse\nold\t3\t\ttrue\n');
  });

  it('lists archived compounds only with --archived, and stops at --limit', async () => {
    cli.stub('ListOrgCompounds', { query: { archived: true, per_page: 100 } }).reply(
      200,
      ok({
        compounds: [
          { id: '3', name: 'old', apps: { 0: 'docs' } },
          { id: '4', name: 'older', apps: {} },
        ],
      }),
    );
    const r = await cli.run(['compounds', 'ls', '--archived', '--limit', '1', '-o', 'json'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ is_archived: true, id: '3', name: 'old', apps: { 0: 'docs' } }]);
  });

  it('notes an empty list on a terminal', async () => {
    cli
      .stub('ListOrgCompounds', { query: { archived: false, per_page: 100 } })
      .reply(200, ok({ compounds: [] }));
    const r = await cli.run(['compounds', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No compounds.\n' });
  });
});
