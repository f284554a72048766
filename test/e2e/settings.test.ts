import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isolatedEnv,
  type RunningSandbox,
  secscan as spawnCli,
  secscanInTerminal,
  startSandbox,
} from './sandbox.js';

/** The built binary; `input` is its standard input (otherwise none). */
async function secscan(args: string[], options: Options = {}) {
  const stdin = options.input === undefined ? {} : { stdin: undefined };
  const r = await spawnCli(args, env, { stripFinalNewline: false, ...stdin, ...options });
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox();
  config = isolatedEnv();
  env = {
    ...config.env,
    ...sandbox.settings,
  };
});

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

const file = (name: string, text: string): string => {
  const path = join(config.dir, name);
  writeFileSync(path, text);
  return path;
};

describe('e2e: organization and team configuration', () => {
  it('`org config show -o yaml > c.yml && org config set c.yml --yes` changes nothing', async () => {
    const before = await secscan(['org', 'config', 'show', '-o', 'json']);
    const yaml = await secscan(['org', 'config', 'show', '-o', 'yaml']);
    expect(yaml.exitCode).toBe(0);
    expect(yaml.stdout).toContain('session_timeout_hours: 168\n');
    const set = await secscan(['org', 'config', 'set', file('c.yml', yaml.stdout), '--yes']);
    expect([set.exitCode, set.stderr]).toEqual([
      0,
      'Replaced the organization configuration. No setting changed.\n',
    ]);
    const after = await secscan(['org', 'config', 'show', '-o', 'json']);
    expect(JSON.parse(after.stdout)).toEqual(JSON.parse(before.stdout));
  });

  it('patches one setting, refuses a misspelt key with its line, and needs --yes to reset', async () => {
    const patch = await secscan(['org', 'config', 'patch', '-'], { input: 'session_timeout_hours: 12\n' });
    expect(patch.stderr).toBe('Patched the organization configuration. Changed: session_timeout_hours.\n');
    const bad = file('bad.yml', 'session_timeout_hours: 12\nautofix_configuration:\n  max_fix_per_run: 3\n');
    const refused = await secscan(['org', 'config', 'patch', bad]);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr.split('\n')[0]).toBe(
      `error: ${bad}:3: autofix_configuration: unknown key "max_fix_per_run" (choose from enable, disable, ` +
        'auto_run, auto_run_disable, manual, manual_disable, max_fixes_per_run, fix_only_severities)',
    );
    const reset = await secscan(['org', 'config', 'set', file('part.yml', 'session_timeout_hours: 168\n')]);
    expect(reset.exitCode).toBe(2);
    expect(reset.stderr).toContain('leaves out sso_name,');
    const show = await secscan(['org', 'config', 'show', '--fields', 'session_timeout_hours']);
    expect(show.stdout).toBe('session_timeout_hours\t12 hours\n');
    const analysis = await secscan(['org', 'analysis', 'set', '--secrets-entropy', '4.5', '-o', 'json']);
    expect(JSON.parse(analysis.stdout)).toEqual({ secrets: { entropy: 4.5, disable: false } });
    const autofix = await secscan(['org', 'autofix', 'show', '-o', 'json']);
    expect(JSON.parse(autofix.stdout)).toMatchObject({ enable: true, max_fixes_per_run: 10 });
  });

  it('shows the configuration as a table on a terminal', async () => {
    const r = await secscanInTerminal(['org', 'config', 'show', '--no-color'], env);
    expect(r.exitCode).toBe(0);
    expect(String(r.stdout)).toMatch(/Session timeout:\s+\d+ hours/);
  });

  it('round-trips a team’s configuration and shows the merged one', async () => {
    const team = (await secscan(['apps', 'show', 'payments-api', '--fields', 'team_id'])).stdout
      .split('\t')[1]
      ?.trim();
    expect(team).toMatch(/^[0-9a-f-]{36}$/);
    const own = await secscan(['teams', 'config', 'show', team as string, '-o', 'yaml']);
    expect(own.stdout).toBe('analysis_configuration:\n  secrets:\n    entropy: 4.2\n');
    const set = await secscan(['teams', 'config', 'set', team as string, file('team.yml', own.stdout)]);
    expect(set.stderr).toContain('No setting changed.');
    await secscan(['teams', 'config', 'patch', team as string, '-'], {
      input: 'analysis_configuration: {secrets: {disable: true}}\n',
    });
    const merged = await secscan(['teams', 'config', 'merged', team as string, '-o', 'json']);
    expect(JSON.parse(merged.stdout)).toEqual({
      analysis_configuration: { secrets: { entropy: 4.2, disable: true } },
    });
  });
});

describe('e2e: a pushed policy gates a merge', () => {
  const strict = 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n';
  const lenient =
    '# lenient\nrules:\n  - id: few-critical\n    tags: {severity: [critical]}\n    threshold: 1000\n';
  const gate = ['scans', 'check', '--compound', 'shop', '--policy', 'merge-gate', '--kind', 'single'];

  it('`scans check --policy` reads what `policies push` stored', async () => {
    const first = await secscan([
      'policies',
      'push',
      file('strict.yml', strict),
      '--name',
      'merge-gate',
      '--use-defaults',
      '-o',
      'json',
    ]);
    expect(first.exitCode).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ name: 'merge-gate', tags: ['1', 'latest'] });
    expect((await secscan(gate)).exitCode).toBe(1);

    const lenientFile = file('lenient.yml', lenient);
    const diff = await secscan(['policies', 'diff', 'merge-gate', lenientFile]);
    expect(diff.stdout).toContain('-    threshold: 0\n');
    expect(diff.stdout).toContain('+    threshold: 1000\n');
    const second = await secscan(['policies', 'push', lenientFile, '--name', 'merge-gate', '--use-defaults']);
    expect(second.stdout).toContain('tags\t2, latest\n');
    expect((await secscan(gate)).exitCode).toBe(0);
    expect(
      (await secscan([...gate.slice(0, 4), '--policy', 'merge-gate:1', '--kind', 'single'])).exitCode,
    ).toBe(1);

    const shown = await secscan(['policies', 'show', 'merge-gate']);
    expect(shown.stdout).toBe(readFileSync(lenientFile, 'utf8'));
    const listed = await secscan(['policies', 'list', '--name', 'merge-gate']);
    expect(
      listed.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t').slice(0, 2)),
    ).toEqual([
      ['merge-gate', '1'],
      ['merge-gate', '2, latest'],
    ]);
  });

  it('never stores a policy the gate would refuse', async () => {
    const broken = file(
      'broken.yml',
      'rules:\n  - id: a\n    tags:\n      severity: [critical]\n    treshold: 0\n',
    );
    const r = await secscan(['policies', 'push', broken, '--name', 'merge-gate', '--use-defaults']);
    expect(r.exitCode).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(`error: ${broken}:5: rules[0]: unknown key "treshold"`);
    const listed = await secscan(['policies', 'list', '--name', 'merge-gate']);
    expect(listed.stdout.split('\n').filter(Boolean)).toHaveLength(2);
  });
});

describe('e2e: webhook and saved searches', () => {
  it('sets up a webhook with a generated secret printed once, shows it without, deletes it', async () => {
    const set = await secscan([
      'webhook',
      'set',
      '--url',
      'https://hooks.example.com/s',
      '--event',
      'scan.finished',
      '-o',
      'json',
    ]);
    expect(set.exitCode).toBe(0);
    expect(JSON.parse(set.stdout).secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(set.stderr).toContain('not shown again');
    const shown = await secscan(['webhook', 'show', '-o', 'json']);
    expect(JSON.parse(shown.stdout)).toEqual({
      url: 'https://hooks.example.com/s',
      events: ['scan.finished'],
    });
    const own = await secscan(
      [
        'webhook',
        'set',
        '--url',
        'https://hooks.example.com/s',
        '--event',
        'scan.finished',
        '--secret-stdin',
      ],
      {
        input: 'a shared secret\n',
      },
    );
    expect(own.exitCode).toBe(0);
    expect(own.stdout + own.stderr).not.toContain('a shared secret');
    expect((await secscan(['webhook', 'delete'])).exitCode).toBe(2);
    expect((await secscan(['webhook', 'delete', '--yes'])).exitCode).toBe(0);
    expect((await secscan(['webhook', 'show'])).exitCode).toBe(5);
    expect((await secscan(['webhook', 'events'])).stdout).toBe('scan.finished\n');
    const unknown = await secscan([
      'webhook',
      'set',
      '--url',
      'https://h.example',
      '--event',
      'scan.started',
    ]);
    // Checked against the documented events (the list the sandbox offers) before anything is sent.
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe(
      'error: invalid value for --event: "scan.started" (choose from scan.finished)',
    );
  });

  it('creates, updates and deletes a saved search of the caller', async () => {
    const created = await secscan([
      'searches',
      'create',
      'Open criticals',
      '--path',
      '/findings',
      '--query',
      'severity=critical',
      '-o',
      'json',
    ]);
    expect(created.exitCode).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const updated = await secscan(['searches', 'update', id, '--name', 'Criticals']);
    expect(updated.stdout).toContain('search_name\tCriticals\n');
    const listed = await secscan(['searches', 'list', '--fields', 'search_name']);
    expect(listed.stdout).toBe('Critical in payments\nUnassigned secrets\nCriticals\n');
    expect((await secscan(['searches', 'delete', id, '--yes'])).exitCode).toBe(0);
    expect((await secscan(['searches', 'delete', id, '--yes'])).exitCode).toBe(5);
  });
});
