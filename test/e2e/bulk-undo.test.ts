import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * Triage by query against a real sandbox: a dry run sends no write, the change by query changes exactly what
 * `findings list` lists with the same filters, and `findings undo` gives the sandbox back its state.
 */
const app = 'shiftleft-java-demo';
let sandbox: RunningSandbox;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-bulk-'));
  env = {
    PATH: process.env.PATH ?? '',
    SECSCAN_CONFIG_DIR: join(dir, 'config'),
    SECSCAN_STATE_DIR: join(dir, 'state'),
    ...sandbox.settings,
  };
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = async (args: string[]) => {
  const r = await secscan(args, env);
  return { code: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
};
const writes = () => sandbox.log.filter((line) => /^(PUT|POST|PATCH|DELETE) \//.test(line));

/** Every finding of the app, whatever its status: id -> status, assignee, severity. */
async function state(): Promise<Record<string, { status?: string; assignee?: string; severity?: string }>> {
  const r = await run(['findings', 'list', '--app', app, '--status', 'any', '--all', '-o', 'json']);
  expect(r.code).toBe(0);
  const findings = JSON.parse(r.stdout) as {
    id: string;
    status?: string;
    assignee?: string;
    severity?: string;
  }[];
  return Object.fromEntries(
    findings.map((f) => [f.id, { status: f.status, assignee: f.assignee, severity: f.severity }]),
  );
}

describe('e2e: bulk by query, dry run and undo against a sandbox', () => {
  it('--dry-run sends no write; the change by query changes the low findings; undo restores the state', async () => {
    const before = await state();
    const low = Object.entries(before)
      .filter(([, f]) => f.severity === 'low' && f.status === 'unset')
      .map(([id]) => id);
    expect(low.length).toBeGreaterThan(0);
    const query = ['findings', 'status', '--severity', 'low', '--app', app, '--set', 'ignore'];

    const dry = await run([...query, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(
      dry.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[0])
        .sort(),
    ).toEqual([...low].sort());
    expect(dry.stderr).toContain('Nothing was sent.');
    expect(writes()).toEqual([]);
    expect(await state()).toEqual(before);

    const changed = await run(query);
    expect(changed.code).toBe(0);
    expect(writes()).toHaveLength(1);
    const after = await state();
    for (const [id, f] of Object.entries(before)) {
      expect(after[id]).toEqual(low.includes(id) ? { ...f, status: 'ignored' } : f);
    }
    expect(readdirSync(join(dir, 'state', 'journals'))).toHaveLength(1);

    const undo = await run(['findings', 'undo']);
    expect(undo.code).toBe(0);
    expect(undo.stderr).toContain(`Put back ${low.length} finding`);
    expect(await state()).toEqual(before);

    const count = writes().length;
    const again = await run(['findings', 'undo']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/was undone on .*: nothing to do/);
    expect(writes()).toHaveLength(count);
  });

  it('undo leaves alone a finding changed since, and --force puts it back', async () => {
    const before = await state();
    const [first, second] = Object.keys(before);
    // Users of the sandbox's organization: an address no user has is refused (exit 5).
    const [member, other] = [sandbox.users[2]?.email as string, sandbox.users[3]?.email as string];
    const assign = await run([
      'findings',
      'assign',
      '--app',
      app,
      '--to',
      member,
      first as string,
      second as string,
    ]);
    expect(assign.code).toBe(0);
    const journal = JSON.parse((await run(['findings', 'undo', '--list', '-o', 'json'])).stdout)[0]
      .id as string;
    expect((await run(['findings', 'assign', '--app', app, '--to', other, second as string])).code).toBe(0);

    const undo = await run(['findings', 'undo', journal]);
    expect(undo.code).toBe(0);
    expect(undo.stderr).toContain('1 finding changed since the change: left alone');
    expect((await state())[second as string]?.assignee).toBe(other);
    expect((await state())[first as string]).toEqual(before[first as string]);

    const forced = await run(['findings', 'undo', journal, '--force']);
    expect(forced.code).toBe(0);
    expect(await state()).toEqual(before);
  });

  it('--jq prints ids: findings list -o json and secscan api ListApps', async () => {
    const list = await run(['findings', 'list', '--app', app, '-o', 'json']);
    const first = (JSON.parse(list.stdout) as { id: string }[])[0]?.id;
    const id = await run(['findings', 'list', '--app', app, '-o', 'json', '--jq', '.[0].id']);
    expect(id).toEqual({ code: 0, stdout: `${first}`, stderr: '' });
    const apps = await run(['api', 'ListApps', '--jq', '.response[].id']);
    expect(apps.code).toBe(0);
    expect(apps.stdout.split('\n')).toEqual([
      'shiftleft-java-demo',
      'payments-api',
      'ledger-service',
      'web-frontend',
      'docs-site',
    ]);
  });
});
