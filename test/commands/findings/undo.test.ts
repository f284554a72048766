import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, ORG, OTHER_ORG, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';

const cli = useCli();
const dir = () => join(cli.configDir, 'state', 'journals');

interface Entry {
  app?: string;
  id: string;
  status?: string;
  assignee?: string;
  result?: string;
}

/** A journal as `findings status` or `assign` writes it, of the test's service and organization. */
function journal(
  id: string,
  change: { field: 'status' | 'assignee'; value: string; after: string },
  findings: Entry[],
  extra: Record<string, unknown> = {},
): string {
  mkdirSync(dir(), { recursive: true });
  const path = join(dir(), `${id}.json`);
  const body = {
    format: 'secscan-journal/1',
    id,
    created: `2026-11-26T02:${id.slice(9, 11)}:00.000Z`,
    service: 'http://127.0.0.1:9',
    org: ORG,
    change: { ...change, where: 'a' },
    state: 'done',
    findings: findings.map((f) => ({ app: 'a', status: 'unset', assignee: '', result: 'done', ...f })),
    ...extra,
  };
  writeFileSync(path, JSON.stringify(body));
  return path;
}

const ignored = { field: 'status' as const, value: 'ignore', after: 'ignored' };

/** What the findings read now: each read of the undo answered. */
function readNow(ids: string[], now: (id: string) => Record<string, unknown>) {
  for (const id of ids) {
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: id } }).reply(200, ok(finding(id, now(id))));
  }
}
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('findings undo: usage errors', () => {
  it.each([
    [['findings', 'undo', '--list', 'x'], '--list takes no journal'],
    [['findings', 'undo', '--list', '--force'], '--list and --force cannot be used together'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('no journal yet: exit 2, no request', async () => {
    const result = await cli.run(['findings', 'undo'], { env: authEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: no journal of a bulk change for organization ${ORG} at http://127.0.0.1:9`,
    );
    expect(cli.calls()).toEqual([]);
  });

  it('a journal of another organization is refused before any request', async () => {
    journal('20261126-020000-aaaa', ignored, [{ id: '1' }], { org: OTHER_ORG });
    const result = await cli.run(['findings', 'undo', '20261126-020000-aaaa'], { env: authEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: journal 20261126-020000-aaaa is of organization ${OTHER_ORG}`);
    expect(cli.calls()).toEqual([]);
  });

  it('a file that is not a journal is a configuration error (exit 3)', async () => {
    const path = join(cli.configDir, 'bad.json');
    writeFileSync(path, JSON.stringify({ format: 'secscan-journal/1', id: 'x' }));
    const result = await cli.run(['findings', 'undo', path], { env: authEnv() });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: .*bad\.json is not a journal of secscan: created: /);
  });
});

describe('findings undo: the latest journal cannot be read', () => {
  const older = () => journal('20261126-010000-aaaa', ignored, [{ id: '1' }]);
  const latest = () => join(dir(), '20261126-030000-bbbb.json');
  const whole = () => readFileSync(journal('20261126-030000-bbbb', ignored, [{ id: '2' }]), 'utf8');

  it.each([
    ['truncated', () => whole().slice(0, 80), 'not JSON (cut short, or garbage)'],
    ['empty', () => '', 'it is empty'],
    ['garbage', () => '\u0000\u0001 not a journal', 'not JSON (cut short, or garbage)'],
    ['not a list', () => whole().replace(/"findings":\[.*\]/, '"findings":{"0":1}'), 'findings:'],
    [
      'of a newer format',
      () => whole().replace('secscan-journal/1', 'secscan-journal/2'),
      'is a journal of another version of secscan (format "secscan-journal/2")',
    ],
  ])(
    '%s: refused (exit 3) naming it; the older change is not undone, nothing is sent',
    async (_, text, why) => {
      const before = readFileSync(older(), 'utf8');
      writeFileSync(latest(), text());
      const result = await cli.run(['findings', 'undo'], { env: authEnv() });
      expect(result.code).toBe(3);
      expect(result.stderr.split('\n')[0]).toContain(
        `error: the latest journal, ${latest()}, cannot be read (${latest()}`,
      );
      expect(result.stderr).toContain(why);
      expect(result.stderr).toContain('nothing was undone');
      expect(result.stdout).toBe('');
      expect(cli.calls()).toEqual([]);
      expect(readFileSync(join(dir(), '20261126-010000-aaaa.json'), 'utf8')).toBe(before);
    },
  );

  it('an unreadable journal older than the latest one is left out with a warning', async () => {
    older();
    writeFileSync(join(dir(), '20261126-000000-ffff.json'), '{');
    readNow(['1'], () => ({ status: 'ignored' }));
    cli
      .stub('SetAppFindingStatus', { path: { appID: 'a', findingID: '1' }, body: {} })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'undo'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('not journals of secscan, left out: 20261126-000000-ffff.json');
  });
});

describe('findings undo', () => {
  it('--list: the journals of this organization, newest first', async () => {
    journal('20261126-010000-aaaa', ignored, [{ id: '1' }]);
    journal('20261126-030000-bbbb', { field: 'assignee', value: '', after: '' }, [{ id: '2' }, { id: '3' }]);
    journal('20261126-040000-cccc', ignored, [{ id: '4' }], { org: OTHER_ORG });
    const result = await cli.run(['findings', 'undo', '--list'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout:
        '20261126-030000-bbbb\t2026-11-26T02:03:00.000Z\tassignee -> (none)\ta\t2\tdone\n' +
        '20261126-010000-aaaa\t2026-11-26T02:01:00.000Z\tstatus -> ignored\ta\t1\tdone\n',
      stderr: '',
    });
  });

  it('puts back the latest journal: what still reads as the change left it; a second undo does nothing', async () => {
    const path = journal('20261126-010000-aaaa', ignored, [
      { id: '1' },
      { id: '2', status: 'fixed' },
      { id: '3' },
      { id: '4', result: 'failed' },
    ]);
    readNow(['1', '2'], () => ({ status: 'ignored' }));
    readNow(['3'], () => ({}));
    cli
      .stub('SetAppFindingStatus', { path: { appID: 'a', findingID: '1' }, body: {} })
      .reply(200, { ok: true });
    cli
      .stub('SetAppFindingStatus', { path: { appID: 'a', findingID: '2' }, body: { status: 'fixed' } })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'undo'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '1\tFinding 1\tignored\tunset\tyes\tdone\n' +
        '2\tFinding 2\tignored\tfixed\tyes\tdone\n' +
        '3\tFinding 3\tunset\tunset\tno\talready as before\n',
    );
    expect(result.stderr).toBe('Put back 2 findings of a (journal 20261126-010000-aaaa).\n');
    expect(read(path)).toMatchObject({
      state: 'undone',
      findings: [
        { id: '1', restored: 'done' },
        { id: '2', restored: 'done' },
        { id: '3', restored: 'done' },
        { id: '4', result: 'failed' },
      ],
    });
    expect(read(path).undone).toMatch(/^\d{4}-\d\d-\d\dT/);

    const again = await cli.run(['findings', 'undo'], { env: authEnv() });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/^Journal 20261126-010000-aaaa was undone on .*: nothing to do\.\n$/);
    expect(cli.calls()).toHaveLength(5);
  });

  it('leaves alone what changed since (a warning), and puts it back with --force', async () => {
    const path = journal('20261126-010000-aaaa', ignored, [{ id: '1' }, { id: '2' }]);
    readNow(['1', '2'], (id) => ({ status: id === '1' ? 'ignored' : 'fixed' }));
    cli
      .stub('SetAppFindingStatus', { path: { appID: 'a', findingID: '1' }, body: {} })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'undo', '20261126-010000-aaaa'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '1\tFinding 1\tignored\tunset\tyes\tdone\n2\tFinding 2\tfixed\tfixed\tno\tchanged since: left alone\n',
    );
    expect(result.stderr.split('\n')).toEqual([
      'Put back 1 finding of a (journal 20261126-010000-aaaa).',
      'warning: 1 finding changed since the change: left alone; `secscan findings undo 20261126-010000-aaaa --force` puts it back too',
      '',
    ]);
    expect(read(path)).toMatchObject({
      state: 'partly undone',
      findings: [{ restored: 'done' }, { restored: 'changed since' }],
    });

    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '2' } })
      .reply(200, ok(finding('2', { status: 'fixed' })));
    cli
      .stub('SetAppFindingStatus', { path: { appID: 'a', findingID: '2' }, body: {} })
      .reply(200, { ok: true });
    const forced = await cli.run(['findings', 'undo', '20261126-010000-aaaa', '--force'], { env: authEnv() });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe('2\tFinding 2\tfixed\tunset\tyes\tdone\n');
    expect(read(path).state).toBe('undone');
  });

  it('--dry-run prints what would be put back and sends nothing', async () => {
    const path = journal(
      '20261126-010000-aaaa',
      { field: 'assignee', value: 'dev@example.com', after: 'dev@example.com' },
      [{ id: '1', assignee: 'x@y.io' }, { id: '2' }],
    );
    readNow(['1', '2'], () => ({ assignee: 'dev@example.com' }));
    const result = await cli.run(['findings', 'undo', '--dry-run'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout:
        '1\tFinding 1\tdev@example.com\tx@y.io\tyes\twould put back\n' +
        '2\tFinding 2\tdev@example.com\t\tyes\twould put back\n',
      stderr: 'Dry run: 2 findings of a would be put back; nothing was sent.\n',
    });
    expect(cli.calls().filter((c) => c.method !== 'GET')).toEqual([]);
    expect(read(path).state).toBe('done');
  });

  it('assignees go back in one bulk request a value; a status no request sets is reported', async () => {
    journal(
      '20261126-010000-aaaa',
      { field: 'assignee', value: 'dev@example.com', after: 'dev@example.com' },
      [{ id: '1', assignee: 'x@y.io' }, { id: '2' }, { id: '3' }],
    );
    readNow(['1', '2', '3'], () => ({ assignee: 'dev@example.com' }));
    cli
      .stub('SetAppFindingAssignee', { path: { appID: 'a', findingID: '1' }, body: { assignee: 'x@y.io' } })
      .reply(200, { ok: true });
    cli
      .stub('SetAppMultipleFindingsAssignee', {
        path: { appID: 'a' },
        body: { findings: [2, 3], assignee: '' },
      })
      .reply(200, { ok: true });
    const result = await cli.run(['findings', 'undo', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((r: { after: string }) => r.after)).toEqual(['x@y.io', '', '']);

    const path = journal('20261126-020000-bbbb', ignored, [{ id: '5', status: '3rdparty' }]);
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '5' } })
      .reply(200, ok(finding('5', { status: 'ignored' })));
    const thirdParty = await cli.run(['findings', 'undo'], { env: authEnv() });
    expect(thirdParty.code).toBe(0);
    expect(thirdParty.stdout).toBe('5\tFinding 5\tignored\tignored\tno\tcannot restore 3rdparty\n');
    expect(read(path).state).toBe('undone');
  });

  it('a refused batch stops the undo: what was put back and what not, then the error; undo again retries it', async () => {
    const path = journal('20261126-010000-aaaa', ignored, [{ id: '1' }, { id: '2', status: 'fixed' }]);
    readNow(['1', '2'], () => ({ status: 'ignored' }));
    cli
      .stub('SetAppFindingStatus', { path: { appID: 'a', findingID: '1' }, body: {} })
      .reply(409, { ok: false, code: 'CONFLICT', message: 'finding 1 is locked' });
    const result = await cli.run(['findings', 'undo'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stdout).toBe(
      '1\tFinding 1\tignored\tignored\tno\tfailed\n2\tFinding 2\tignored\tignored\tno\tnot sent\n',
    );
    expect(result.stderr.split('\n')).toEqual([
      'Stopped part-way: undone on 0 of 2 findings of a; refused: 1; not sent: 2.',
      'error: SetAppFindingStatus: finding 1 is locked (HTTP 409 CONFLICT)',
      '',
    ]);
    expect(read(path)).toMatchObject({ state: 'partly undone', findings: [{ restored: 'failed' }, {}] });
  });
});
