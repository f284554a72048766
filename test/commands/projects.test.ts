import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, json, ORG, ok, useCli } from '../helpers/cli.js';

const cli = useCli();
const ID = '5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e6f';

describe('compounds, apps, app-groups, analyze-failures: parse errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'list', '--archived', '--all'], '--archived and --all cannot be combined'],
    [['compounds', 'delete', 'shop', '--yes'], 'invalid compound id "shop": expected a UUID'],
    [
      ['compounds', 'delete', ID],
      `Delete compound ${ID}? Its compound scans go with it: confirmation needed; pass --yes to proceed without a prompt`,
    ],
    [
      ['compounds', 'scans', 'shop', '--status', 'done'],
      'invalid value for --status: "done" (choose from completed, running, failed)',
    ],
    [
      ['compounds', 'scans', 'shop', '--limit', '101'],
      'invalid value for --limit: "101" (expected a whole number from 1 to 100)',
    ],
    [['compounds', 'scan', 'shop', 'x'], 'invalid scan id "x": expected a scan id (a number)'],
    [['compounds', 'sarif', 'shop'], '--out is required (a file, or - for standard output)'],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--branch', 'main', '--scan', '3'],
      'choose one scan selector: --scan, --branch',
    ],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--tag', 'x'],
      'invalid value for --tag: "x" (expected KEY=VALUE, e.g. branch=main)',
    ],
    [['apps', 'create'], 'an app id is required (or --from-file)'],
    [['apps', 'create', 'bad-'], 'invalid app id "bad-": letters and digits, with _ : . - allowed inside'],
    [
      ['apps', 'create', 'a', '--from-file', 'f.yml'],
      '--from-file creates the apps the file lists: give no id, --name, --team or --base-branch',
    ],
    [
      ['apps', 'delete', 'payments-api'],
      'Delete app payments-api? Its scans and findings can no longer be read: confirmation needed; pass --yes to proceed without a prompt',
    ],
    [['apps', 'labels', 'a'], 'nothing to change: give --add, --remove or --clear'],
    [['apps', 'labels', 'a', '--add', 'x', '--remove', 'x'], 'label "x" is both in --add and --remove'],
    [
      ['apps', 'branches', '--from', 'yesterday'],
      'invalid value for --from: "yesterday" (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)',
    ],
    [['apps', 'branches', '--from', '2026-09-02', '--until', '2026-09-01'], '--from is after --until'],
    [
      ['apps', 'config', 'set', 'a'],
      'nothing to change: give --file, or --secrets-entropy, --secrets-disable, --cpg2sp-max-steps, --default-branch',
    ],
    [
      ['apps', 'config', 'patch', 'a', '--secrets-entropy', 'high'],
      'invalid value for --secrets-entropy: "high" (expected a number, 0 or more)',
    ],
    [
      ['apps', 'config', 'patch', 'a', '--cpg2sp-max-steps', '0'],
      'invalid value for --cpg2sp-max-steps: "0" (expected a whole number from 1 to 1000000000)',
    ],
    [
      ['apps', 'config', 'patch', 'a', '--file', 'f', '--secrets-disable'],
      '--file gives the whole configuration: do not combine it with setting flags',
    ],
    [['app-groups', 'upsert', 'g', '--add', 'a', '--remove', 'a'], 'app "a" is both in --add and --remove'],
    [
      ['app-groups', 'delete', 'g'],
      'Delete app group g: confirmation needed; pass --yes to proceed without a prompt',
    ],
    [['analyze-failures', 'show', '12'], 'invalid failure id "12": expected a UUID'],
    [
      ['analyze-failures', 'list', '--limit', '0'],
      'invalid value for --limit: "0" (expected a whole number from 1 to 100)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds and apps: runs against a stub', () => {
  it('compounds list --all reads non-archived then archived compounds, following next_page', async () => {
    const base = `${API}/orgs/${ORG}/compounds`;
    cli.api
      .intercept({ path: `${base}?archived=false&per_page=100`, method: 'GET' })
      .reply(
        200,
        ok(
          { compounds: [{ id: '1', name: 'shop', apps: { 1: { id: 'web' } } }] },
          `http://other.example${base}?archived=false&per_page=100&page=2`,
        ),
        json,
      );
    cli.api
      .intercept({ path: `${base}?archived=false&per_page=100&page=2`, method: 'GET' })
      .reply(200, ok({ compounds: [{ id: '2', name: 'java', apps: {} }] }), json);
    cli.api
      .intercept({ path: `${base}?archived=true&per_page=100`, method: 'GET' })
      .reply(200, ok({ compounds: [{ id: '3', name: 'old', apps: {} }] }), json);
    const r = await cli.run(['compounds', 'list', '--all'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('shop\t1\tweb\tfalse\njava\t2\t\tfalse\nold\t3\t\ttrue\n');
  });

  it('apps create reports ids the service rejected: exit 6 when none was created', async () => {
    cli.api
      .intercept({ path: `${API}/orgs/${ORG}/apps`, method: 'PUT' })
      .reply(200, ok({ apps: [], rejected_ids: ['dup'], rejected_team_ids: [] }), json);
    const r = await cli.run(['apps', 'create', 'dup'], { env: authEnv() });
    expect(r.code).toBe(6);
    expect(cli.calls()[0]?.body).toEqual([{ id: 'dup' }]);
  });

  it('apps config patch sends only the given settings', async () => {
    const path = `${API}/orgs/${ORG}/apps/pay/configuration`;
    cli.api.intercept({ path, method: 'PATCH' }).reply(200, ok({ default_branch: 'main' }), json);
    cli.api
      .intercept({ path, method: 'GET' })
      .reply(
        200,
        ok({ default_branch: 'main', analysis_configuration: { secrets: { disable: true } } }),
        json,
      );
    const r = await cli.run(
      ['apps', 'config', 'patch', 'pay', '--secrets-disable', '--cpg2sp-max-steps', '5000'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(cli.calls()[0]?.body).toEqual({
      analysis_configuration: { secrets: { disable: true }, cpg2sp: { 'max-steps': 5000 } },
    });
  });
});
