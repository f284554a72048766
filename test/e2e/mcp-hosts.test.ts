import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcp, type ToolResult } from './mcp.js';
import { bin, type RunningSandbox, secscan, secscanShim, startSandbox } from './sandbox.js';

/**
 * The story of issue 43, as an agent host lives it: `secscan mcp configure` writes the host's
 * configuration; the host starts the server that names (the SDK's client, with the file's command and
 * arguments, in the project) and finds an app's new critical findings of a pull request's head commit,
 * reads one with its fix, dry-runs then confirms a triage change, undoes it and proposes a suppression,
 * with nothing written that was not confirmed. Then a client nobody here wrote, the MCP inspector's CLI,
 * lists and calls the tools.
 */
let sandbox: RunningSandbox;
let dir: string;
let project: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-mcp-hosts-'));
  project = join(dir, 'shop');
  mkdirSync(join(project, '.secscan'), { recursive: true });
  mkdirSync(join(project, '.git'));
  writeFileSync(
    join(project, '.secscan', 'rules.yml'),
    'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
  );
  secscanShim(join(dir, 'bin'));
  env = {
    PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: join(dir, 'home'),
    SECSCAN_CONFIG_DIR: join(dir, 'config'),
    SECSCAN_STATE_DIR: join(dir, 'state'),
    ...sandbox.settings,
  };
  const pr = await secscan(
    [
      'sandbox',
      'scan',
      '--compound',
      'shop',
      '--branch',
      'feature/login',
      '--version',
      'f00dfeed1',
      '--new',
      'critical=2',
    ],
    env,
  );
  expect(pr.exitCode, String(pr.stderr)).toBe(0);
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const writes = () => sandbox.log.filter((line) => /^(PUT|POST|PATCH|DELETE) \/api/.test(line));
const changes = () => writes().filter((line) => !/\/scans\/check /.test(line));
const data = (r: ToolResult) => {
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return r.structuredContent as Record<string, unknown>;
};
const configure = (args: string[]) => secscan(['mcp', 'configure', ...args], env, { cwd: project });

describe('e2e: an agent host set up by secscan mcp configure', () => {
  it('writes each host’s file, with no secret; --print shows the entry, --remove takes it out', async () => {
    const files = {
      'claude-code': '.mcp.json',
      cursor: join('.cursor', 'mcp.json'),
      vscode: join('.vscode', 'mcp.json'),
      codex: join('.codex', 'config.toml'),
      gemini: join('.gemini', 'settings.json'),
    };
    for (const [client, file] of Object.entries(files)) {
      const r = await configure(['--client', client]);
      expect(r.exitCode, String(r.stderr)).toBe(0);
      expect(String(r.stderr)).toContain(`secscan added`);
      const text = readFileSync(join(project, file), 'utf8');
      expect(text).not.toContain(sandbox.token);
      expect(text).toContain('"mcp"');
    }
    expect(JSON.parse(readFileSync(join(project, '.vscode', 'mcp.json'), 'utf8'))).toEqual({
      servers: { secscan: { type: 'stdio', command: 'secscan', args: ['mcp'] } },
    });
    const printed = await configure(['--client', 'codex', '--server-read-only', '--print']);
    expect(String(printed.stdout)).toBe(
      '[mcp_servers.secscan]\ncommand = "secscan"\nargs = ["mcp", "--read-only"]',
    );
    const user = await configure(['--client', 'cursor', '--scope', 'user', '--server-read-only']);
    expect(user.exitCode).toBe(0);
    expect(
      JSON.parse(readFileSync(join(env.HOME as string, '.cursor', 'mcp.json'), 'utf8')).mcpServers.secscan
        .args,
    ).toEqual(['mcp', '--read-only']);
    const removed = await configure(['--client', 'gemini', '--remove']);
    expect(String(removed.stderr)).toMatch(
      /secscan removed \(the old file is .*settings\.json\.\d{8}-\d{6}\.bak\)/,
    );
    expect(JSON.parse(readFileSync(join(project, '.gemini', 'settings.json'), 'utf8'))).toEqual({
      mcpServers: {},
    });
    const bad = await configure(['--client', 'emacs']);
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toMatch(/^error: invalid value for --client: "emacs"/);
  });

  it('finds the pull request’s new critical findings, triages one and undoes it, proposes a suppression', async () => {
    const config = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')).mcpServers.secscan as {
      command: string;
      args: string[];
    };
    const host = await startMcp([], env, { command: config.command, args: config.args, cwd: project });
    try {
      const from = changes().length;
      const gate = data(
        await host.call('gate', { compound: 'shop', version: 'f00dfeed1', base_branch: 'main' }),
      );
      expect(gate.verdict).toBe('fail');
      expect(gate.baseline).toMatchObject({ branch: 'main' });
      const found = gate.new_findings as { id: string; app: string; severity: string; fails: boolean }[];
      expect(found).toHaveLength(2);
      expect(found.every((f) => f.severity === 'critical' && f.fails)).toBe(true);
      const { id, app } = found[0] as { id: string; app: string };
      const details = data(await host.call('finding_details', { app, ids: [id] }));
      expect((details.findings as { fix: { fix: string } | null }[])[0]?.fix?.fix).toBeTruthy();
      const dry = data(
        await host.call('triage', { app, ids: [id], status: 'ignore', comment: 'accepted for the demo' }),
      );
      expect(dry.dry_run).toBe(true);
      expect(changes().length).toBe(from);
      const done = data(
        await host.call('triage', { app, ids: [id], status: 'ignore', comment: 'accepted', confirm: true }),
      );
      expect(changes().slice(from)).toEqual([
        expect.stringMatching(new RegExp(`/apps/${app}/findings/${id}/status `)),
      ]);
      data(await host.call('undo_triage', { journal: done.journal, confirm: true }));
      expect(changes().slice(from)).toHaveLength(2);
      const proposed = data(
        await host.call('propose_suppression', {
          app,
          id,
          reason: 'fixed upstream in 2.17',
          owner: 'dev@example.com',
          confirm: true,
        }),
      );
      expect(proposed.written).toBe(true);
      expect(readFileSync(join(project, '.secscan', 'ignore.yml'), 'utf8')).toContain(
        `- id: ${id}\n    app: "${app}"`,
      );
      expect(changes().slice(from)).toHaveLength(2);
    } finally {
      await host.close();
    }
  });

  it('a configuration written with --read-only starts a server with no writing tool', async () => {
    const updated = await configure(['--client', 'cursor', '--server-read-only']);
    expect(String(updated.stderr)).toMatch(/secscan updated/);
    const config = JSON.parse(readFileSync(join(project, '.cursor', 'mcp.json'), 'utf8')).mcpServers.secscan;
    const host = await startMcp([], env, { command: config.command, args: config.args, cwd: project });
    try {
      const { tools } = await host.client.listTools();
      expect(tools.length).toBeGreaterThan(5);
      expect(tools.filter((t) => !t.annotations?.readOnlyHint).map((t) => t.name)).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('the MCP inspector’s CLI (installed, run offline) lists the tools and calls one', async () => {
    const inspector = createRequire(import.meta.url).resolve(
      '@modelcontextprotocol/inspector-cli/build/index.js',
    );
    expect(existsSync(inspector)).toBe(true);
    const run = (args: string[]) =>
      execa(process.execPath, [inspector, process.execPath, bin, 'mcp', '--workspace', project, ...args], {
        env,
        extendEnv: false,
        // Its CLI reads its own package.json as `../package.json` of the working directory.
        cwd: join(inspector, '..'),
        reject: false,
      });
    const listed = await run(['--method', 'tools/list']);
    expect(listed.exitCode, String(listed.stderr)).toBe(0);
    const { tools } = JSON.parse(String(listed.stdout)) as { tools: { name: string }[] };
    expect(tools.map((t) => t.name)).toContain('search_findings');
    const called = await run([
      '--method',
      'tools/call',
      '--tool-name',
      'search_findings',
      '--tool-arg',
      'app=shiftleft-java-demo',
      'max_bytes=4000',
    ]);
    expect(called.exitCode, String(called.stderr)).toBe(0);
    const result = JSON.parse(String(called.stdout)) as ToolResult;
    expect((result.structuredContent?.findings as unknown[]).length).toBeGreaterThan(0);
  });
});
