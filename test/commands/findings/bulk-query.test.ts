import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, typedInput, useCli } from '../../helpers/cli.js';
import { finding, journalIds, journalNote } from './fixtures.js';

const cli = useCli();
const journals = () => join(cli.configDir, 'state', 'journals');
const journalFiles = () => (existsSync(journals()) ? readdirSync(journals()) : []);
const writes = () => cli.calls().filter((c) => c.method !== 'GET');
const many = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => finding(String(i + 1), { severity: 'low', ...extra }));

/** The app's low findings: one page of the listing (--all asks 250 a page). */
function lowFindings(findings: unknown[], query: Record<string, string | number | string[]> = {}) {
  cli
    .stub('ListAppFindings', { path: { appID: 'a' }, query: { severity: 'low', per_page: 250, ...query } })
    .reply(200, ok({ has_more: false, findings }));
}

describe('findings status and assign by query: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['findings', 'status', '--app', 'a', '--set', 'ignore', '--severity', 'low', '12'],
      'finding ids and a query (--severity) are alternatives: give one or the other',
    ],
    [
      ['findings', 'assign', '--app', 'a', '--none', '--ids-from', '-', '--type', 'vuln', '--search', 'x'],
      'finding ids and a query (--type, --search) are alternatives: give one or the other',
    ],
    [
      ['findings', 'status', '--compound', 'shop', '--set', 'ignore', '12'],
      '--compound selects findings by query (--severity, ...); finding ids need --app',
    ],
    [
      ['findings', 'status', '--set', 'ignore', '--severity', 'low'],
      'a query needs --app or --compound: the findings it chooses from',
    ],
    [
      ['findings', 'status', '--app', 'a', '--compound', 'shop', '--set', 'ignore', '--severity', 'low'],
      '--app and --compound cannot be used together',
    ],
    [
      ['findings', 'status', '--compound', 'shop', '--set', 'ignore', '--status', 'unset'],
      '--status unset is not available with --compound (the compound list filters on fixed, ignored, 3rdparty; without --status it lists every status)',
    ],
    [
      ['findings', 'assign', '--app', 'a', '--to', 'dev@example.com', '--severity', 'urgent'],
      'invalid value for --severity: "urgent" (choose from low, medium, high, critical)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings status by query', () => {
  it('--dry-run lists what the query chooses, before and after, and sends no change and no journal', async () => {
    lowFindings([finding('12', { severity: 'low' }), finding('9', { severity: 'low', status: 'ignored' })]);
    const result = await cli.run(
      ['findings', 'status', '--severity', 'low', '--app', 'a', '--set', 'ignore', '--dry-run'],
      { env: authEnv() },
    );
    expect(result).toEqual({
      code: 0,
      stdout: '12\tFinding 12\tunset\tignored\tyes\n9\tFinding 9\tignored\tignored\tno\n',
      stderr: 'Dry run: 2 findings of a; 1 would be set ignored. Nothing was sent.\n',
    });
    expect(writes()).toEqual([]);
    expect(journalFiles()).toEqual([]);
  });

  it('changes what the query chooses in one bulk request, after writing the journal of what each was', async () => {
    lowFindings([finding('12', { severity: 'low', assignee: 'x@y.io' }), finding('9', { severity: 'low' })], {
      type: 'vuln',
      category: 'Log Forging',
    });
    cli
      .stub('SetAppMultipleFindingsStatus', {
        path: { appID: 'a' },
        body: { findings: [12, 9], status: 'ignore' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(
      [
        'findings',
        'status',
        '--app',
        'a',
        '--severity',
        'low',
        '--type',
        'vuln',
        '--category',
        'Log Forging',
        '--set',
        'ignore',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('12\tFinding 12\tunset\tignored\tyes\n9\tFinding 9\tunset\tignored\tyes\n');
    expect(journalIds(result.stderr)).toBe(`Set ignored on 2 findings of a (2 changed).\n${journalNote}`);
    const [name] = journalFiles();
    const journal = JSON.parse(readFileSync(join(journals(), name as string), 'utf8'));
    expect(journal).toMatchObject({
      format: 'secscan-journal/1',
      service: 'http://127.0.0.1:9',
      org: '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b',
      change: { field: 'status', value: 'ignore', after: 'ignored', where: 'a' },
      state: 'done',
      findings: [
        { app: 'a', id: '12', status: 'unset', assignee: 'x@y.io', result: 'done' },
        { app: 'a', id: '9', status: 'unset', assignee: '', result: 'done' },
      ],
    });
    expect(result.stderr).toContain(`Journal ${journal.id}:`);
  });

  it('a query that chooses nothing changes nothing (exit 0)', async () => {
    lowFindings([]);
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'fixed'],
      {
        env: authEnv(),
      },
    );
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No findings of a match: nothing to change.\n' });
    expect(journalFiles()).toEqual([]);
  });

  it('above 20 findings a script needs --yes: exit 2 with a hint, nothing changed', async () => {
    lowFindings(many(21));
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'ignore'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')).toEqual([
      'error: Change the status of 21 findings of a to ignored: more than 20 findings need a confirmation',
      'hint: pass --yes to change them without a prompt, or --dry-run to see them first',
      '',
    ]);
    expect(writes()).toEqual([]);
    expect(journalFiles()).toEqual([]);
  });

  it('CI set: no prompt even on a terminal; --yes proceeds, in batches of 100, counted on a terminal', async () => {
    lowFindings(many(150));
    const refused = await cli.run(
      ['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'ignore'],
      {
        env: authEnv({ CI: 'true' }),
        stdinTTY: true,
        stderrTTY: true,
      },
    );
    expect(refused.code).toBe(2);
    lowFindings(many(150));
    const ids = many(150).map((f) => Number(f.id));
    for (const batch of [ids.slice(0, 100), ids.slice(100)]) {
      cli
        .stub('SetAppMultipleFindingsStatus', {
          path: { appID: 'a' },
          body: { findings: batch, status: 'ignore' },
        })
        .reply(200, { ok: true });
    }
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'ignore', '--yes', '-o', 'json'],
      { env: authEnv(), stderrTTY: true },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(150);
    expect(result.stderr).toContain('Setting the status [');
    expect(result.stderr).toContain('1 of 2 batches');
    expect(result.stderr).toContain('2 of 2 batches');
    expect(writes()).toHaveLength(2);
  });

  it('asks on a terminal above 20 findings: "n" changes nothing, "y" changes them', async () => {
    lowFindings(many(25));
    const no = await cli.run(['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'fixed'], {
      env: authEnv(),
      stdinTTY: true,
      stderrTTY: true,
      stdinStream: typedInput('n'),
    });
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('Change the status of 25 findings of a to fixed? [y/N] ');
    expect(no.stderr).toContain('error: cancelled');
    expect(writes()).toEqual([]);
    lowFindings(many(25));
    cli
      .stub('SetAppMultipleFindingsStatus', {
        path: { appID: 'a' },
        body: { findings: many(25).map((f) => Number(f.id)), status: 'fixed' },
      })
      .reply(200, { ok: true });
    const yes = await cli.run(
      ['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'fixed', '-q'],
      {
        env: authEnv(),
        stdinTTY: true,
        stderrTTY: true,
        stdinStream: typedInput('y'),
      },
    );
    expect(yes.code).toBe(0);
    expect(yes.stdout.split('\n')).toHaveLength(26);
  });

  it('a compound query: the compound listing, then one bulk request for each app', async () => {
    cli
      .stub('ListOrgRBACUsers', { query: { email: 'dev@example.com' } })
      .reply(200, ok([{ id_v2: 'u-1', email: 'dev@example.com' }]));
    cli
      .stub('ListCompoundFindings', {
        path: { compoundName: 'shop' },
        query: { finding_tag: 'severity__in__critical', per_page: 250 },
      })
      .reply(
        200,
        ok({
          has_more: false,
          findings: [
            finding('4', { app: 'web' }),
            finding('7', { app: 'api', assignee: 'x@y.io' }),
            finding('5', { app: 'web' }),
          ],
        }),
      );
    cli
      .stub('SetAppMultipleFindingsAssignee', {
        path: { appID: 'web' },
        body: { findings: [4, 5], assignee: 'dev@example.com' },
      })
      .reply(200, { ok: true });
    cli
      .stub('SetAppMultipleFindingsAssignee', {
        path: { appID: 'api' },
        body: { findings: [7], assignee: 'dev@example.com' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(
      [
        'findings',
        'assign',
        '--compound',
        'shop',
        '--severity',
        'critical',
        '--to',
        'dev@example.com',
        '--no-color',
      ],
      { env: authEnv(), stdoutTTY: true },
    );
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^ID\s+APP\s+TITLE\s+BEFORE\s+AFTER\s+CHANGED$/);
    expect(journalIds(result.stderr)).toBe(
      `Assigned to dev@example.com: 3 findings of compound shop.\n${journalNote}`,
    );
  });

  it('a journal that cannot be written: exit 3 and nothing is changed', async () => {
    const file = join(cli.configDir, 'not-a-dir');
    writeFileSync(file, '');
    lowFindings([finding('12', { severity: 'low' })]);
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--severity', 'low', '--set', 'fixed'],
      {
        env: authEnv({ SECSCAN_STATE_DIR: file }),
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: cannot write the journal of this change in .*: ENOTDIR; nothing was changed$/m,
    );
    expect(writes()).toEqual([]);
  });
});
