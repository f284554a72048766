import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const yaml = { headers: { 'content-type': 'application/yaml' } };
const stored = 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n';
const local = 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 2\n';

function file(text: string): string {
  const path = join(cli.configDir, 'p.yml');
  writeFileSync(path, text);
  return path;
}

describe('policies diff: usage errors (exit 2, no request)', () => {
  it.each([
    [['policies', 'diff', 'default'], "missing required argument 'file'"],
    [['policies', 'diff', ':1', 'p.yml'], 'invalid policy reference ":1": expected NAME or NAME:TAG'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('policies diff', () => {
  it('prints a unified diff from the stored version to the file', async () => {
    const path = file(local);
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'default:2' } })
      .reply(200, stored, yaml);
    const r = await cli.run(['policies', 'diff', 'default:2', path], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: [
        '--- policy default:2',
        `+++ ${path}`,
        '@@ -2,4 +2,4 @@',
        '   - id: no-critical',
        '     tags:',
        '       severity: [critical]',
        '-    threshold: 0',
        '+    threshold: 2',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('colours the diff on a terminal, and says when nothing would change', async () => {
    const path = file(local);
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'default' } })
      .reply(200, stored, yaml);
    const tty = await cli.run(['policies', 'diff', 'default', path], {
      env: authEnv({ FORCE_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(tty.stdout).toContain('\u001b[31m-    threshold: 0\u001b[39m');
    expect(tty.stdout).toContain('\u001b[32m+    threshold: 2\u001b[39m');
    cli.stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'default' } }).reply(200, local, yaml);
    const same = await cli.run(['policies', 'diff', 'default', path], { env: authEnv() });
    expect(same).toEqual({
      code: 0,
      stdout: '',
      stderr: `No changes: ${path} is what policy default holds.\n`,
    });
  });

  it('diffs against nothing when the policy does not exist yet; -o json says so', async () => {
    const path = file(local);
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'new' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no check-analysis configuration new' });
    const r = await cli.run(['policies', 'diff', 'new', path, '-o', 'json'], { env: authEnv() });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ reference: 'new', exists: false, changed: true });
    expect(out.diff).toContain('--- /dev/null\n');
    expect(out.diff).toContain('@@ -0,0 +1,5 @@\n+rules:\n');
    expect(r.stderr).toBe('No policy new is stored: a push would create it.\n');
  });

  it('checks the file as push does (exit 3, no request)', async () => {
    const path = file('rules:\n  - id: a\n    tags: {colour: [red]}\n');
    const r = await cli.run(['policies', 'diff', 'default', path], { env: authEnv() });
    expect(r.code).toBe(3);
    expect(cli.calls()).toEqual([]);
  });
});
