import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcp } from './mcp.js';
import { type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * A finding's dataflow and fix end to end, on the paths outside the public v4 document: the built CLI
 * against a sandbox whose AutoFix is ready at once (--autofix-delay 0). The demo sources are written with
 * `sandbox sources`, put in a git repository, and the fix `findings autofix` prints applies to them with
 * real `git apply`; --apply writes what git would; the MCP server's finding_details then shows the
 * dataflow of the newest scan and AutoFix's patch.
 */
const app = 'shiftleft-java-demo';
let sandbox: RunningSandbox;
let dir: string;
let env: Record<string, string>;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
  });

beforeAll(async () => {
  sandbox = await startSandbox(['--autofix-delay', '0']);
  dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-fixes-'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    SECSCAN_CONFIG_DIR: join(dir, 'config'),
    SECSCAN_STATE_DIR: join(dir, 'state'),
    ...sandbox.settings,
  };
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function firstVuln(): Promise<{ id: string }> {
  const listed = await secscan(['findings', 'list', '--app', app, '--type', 'vuln', '-o', 'json'], env);
  expect(listed.exitCode, listed.stderr as string).toBe(0);
  const vulns = JSON.parse(listed.stdout as string) as { id: string }[];
  expect(vulns.length).toBeGreaterThan(0);
  return vulns[0] as { id: string };
}

describe('e2e: findings dataflow and autofix against a sandbox', () => {
  it('the fix AutoFix makes applies to the demo sources, with git apply and with --apply', async () => {
    const { id } = await firstVuln();
    const tree = join(dir, 'tree');
    const written = await secscan(['sandbox', 'sources', '--app', app, '--out', tree], env);
    expect(written.exitCode, written.stderr as string).toBe(0);
    git(tree, 'init', '-q');
    git(tree, 'add', '-A');
    git(tree, 'commit', '-q', '-m', 'demo sources');

    // As a pipe gets it: every byte, the last newline too (`| git apply` reads it).
    const shown = await secscan(['findings', 'autofix', '--app', app, id], env, { stripFinalNewline: false });
    expect(shown.exitCode, shown.stderr as string).toBe(0);
    const patch = shown.stdout as string;
    expect(patch).toMatch(/^--- a\//m);
    execFileSync('git', ['apply', '--check', '-'], { cwd: tree, input: patch });

    // --dry-run checks and writes nothing.
    const dry = await secscan(['findings', 'autofix', '--app', app, id, '--dry-run', '--dir', tree], env);
    expect(dry.exitCode, dry.stderr as string).toBe(0);
    expect(dry.stdout).toMatch(/would apply/);
    expect(git(tree, 'status', '--porcelain')).toBe('');

    // --apply writes what git apply writes.
    const applied = await secscan(['findings', 'autofix', '--app', app, id, '--apply', '--dir', tree], env);
    expect(applied.exitCode, applied.stderr as string).toBe(0);
    const ours = git(tree, 'diff');
    git(tree, 'checkout', '-q', '--', '.');
    execFileSync('git', ['apply', '-'], { cwd: tree, input: patch });
    expect(ours).not.toBe('');
    expect(ours).toBe(git(tree, 'diff'));

    // Applied once, it no longer applies: refused, nothing written (exit 6).
    const again = await secscan(['findings', 'autofix', '--app', app, id, '--apply', '--dir', tree], env);
    expect(again.exitCode).toBe(6);
    expect(again.stderr).toMatch(/does not apply .*nothing was written/);
    expect(git(tree, 'diff')).toBe(ours);
  }, 60_000);

  it("findings dataflow and the MCP server's finding_details read the clients' paths", async () => {
    const { id } = await firstVuln();
    const flow = await secscan(['findings', 'dataflow', '--app', app, id, '-o', 'json'], env);
    expect(flow.exitCode, flow.stderr as string).toBe(0);
    const steps = JSON.parse(flow.stdout as string) as { role?: string; symbol?: string }[];
    expect(steps.map((s) => s.role)).toEqual(['source', 'step', 'sink']);

    const asked = await secscan(['findings', 'autofix', '--app', app, id, '-o', 'json'], env);
    expect(asked.exitCode, asked.stderr as string).toBe(0);
    const fix = JSON.parse(asked.stdout as string) as { unified_patch: string };

    const mcp = await startMcp([], env);
    try {
      const result = await mcp.call('finding_details', { app, ids: [id] });
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      const [detail] = result.structuredContent?.findings as {
        dataflow: { file: string; line: number; symbol?: string; role?: string }[];
        fix: { source: string; fix: string };
      }[];
      expect(detail?.dataflow.map((s) => [s.role, s.symbol])).toEqual(steps.map((s) => [s.role, s.symbol]));
      expect(detail?.fix).toMatchObject({ source: 'autofix', fix: fix.unified_patch });
    } finally {
      await mcp.close();
    }
  }, 60_000);
});
