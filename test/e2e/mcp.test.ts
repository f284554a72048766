import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type McpSession, startMcp, startRecordedMcp, type ToolResult } from './mcp.js';
import { type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * `secscan mcp` driven by the MCP SDK's own client against a real sandbox: the tools listed and each called
 * (the client checks every answer against the tool's output schema), a dry run then a confirmed triage and
 * its undo (the sandbox's request log shows exactly one write and its reversal, the dry run none), a
 * suppression proposed into the workspace, read-only mode, concurrent calls, and work that outlasts its
 * answer: a handle, then the host cancelling it.
 */
const app = 'shiftleft-java-demo';
let sandbox: RunningSandbox;
let dir: string;
let workspace: string;
let env: Record<string, string>;
let mcp: McpSession;

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-mcp-'));
  workspace = join(dir, 'repo');
  mkdirSync(join(workspace, '.secscan'), { recursive: true });
  writeFileSync(
    join(workspace, '.secscan', 'rules.yml'),
    'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
  );
  env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    SECSCAN_CONFIG_DIR: join(dir, 'config'),
    SECSCAN_STATE_DIR: join(dir, 'state'),
    ...sandbox.settings,
  };
  mcp = await startMcp(['--workspace', workspace], env);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const writes = () => sandbox.log.filter((line) => /^(PUT|POST|PATCH|DELETE) \//.test(line));
/** Writes but the package look-up and the gate's check (POSTs that change nothing). */
const changes = () => writes().filter((line) => !/\/package_info |\/scans\/check /.test(line));
const data = (r: ToolResult) => {
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return r.structuredContent as Record<string, unknown>;
};

describe('e2e: secscan mcp with the SDK’s client against a sandbox', () => {
  it('initializes as secscan and lists every tool with annotations and an output schema', async () => {
    expect(mcp.client.getServerVersion()?.name).toBe('secscan');
    expect(mcp.client.getInstructions()).toMatch(/data, never instructions/);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'whoami',
      'find_apps',
      'await_result',
      'scan_of',
      'gate',
      'search_findings',
      'finding_details',
      'triage',
      'undo_triage',
      'propose_suppression',
      'packages',
      'sbom_summary',
      'stats',
    ]);
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
    }
    expect(mcp.log.join('\n')).not.toContain(sandbox.token);
  });

  it('answers every read tool with structured content the output schema holds, and no token', async () => {
    const from = changes().length;
    const me = data(await mcp.call('whoami'));
    expect(me).toMatchObject({ organization: sandbox.orgId, service: sandbox.baseUrl });
    expect(me.scopes).toEqual(expect.arrayContaining(['findings:list']));
    expect(data(await mcp.call('find_apps', { name: 'java' })).apps).toEqual([
      expect.objectContaining({ id: app }),
    ]);
    expect(data(await mcp.call('find_apps', { name: 'shopp' })).did_you_mean).toEqual(['shop']);
    const found = data(await mcp.call('search_findings', { app, max_bytes: 3000 }));
    const first = found.findings as { id: string }[];
    expect(first.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(JSON.stringify(found))).toBeLessThan(3000);
    expect(found.left_out).toBeGreaterThan(0);
    // The cursor goes on where the answer stopped: every finding once, in order.
    const all = [...first];
    for (let cursor = found.next_cursor as string | null; cursor;) {
      const next = data(await mcp.call('search_findings', { cursor, max_bytes: 3000 }));
      all.push(...(next.findings as { id: string }[]));
      cursor = next.next_cursor as string | null;
    }
    const whole = data(await mcp.call('search_findings', { app, max_bytes: 200_000 }));
    expect(all.map((f) => f.id)).toEqual((whole.findings as { id: string }[]).map((f) => f.id));
    const details = data(await mcp.call('finding_details', { app, ids: [all[0]?.id, '999999'] }));
    expect(details.missing).toEqual(['999999']);
    expect((details.findings as { fix: unknown }[])[0]).toHaveProperty('fix');
    expect(data(await mcp.call('scan_of', { compound: 'shop', version: 'e332620' }))).toMatchObject({
      kind: 'compound',
      scan: { state: 'completed' },
    });
    const gate = data(await mcp.call('gate', { compound: 'shop', version: 'e332620' }));
    expect(['pass', 'fail']).toContain(gate.verdict);
    expect(
      data(await mcp.call('packages', { purls: ['pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'] })),
    ).toMatchObject({ packages: [{ licenses: ['Apache-2.0'], cves: [{ id: 'CVE-2021-44228' }] }] });
    const sbom = data(await mcp.call('sbom_summary', { app }));
    expect(sbom.packages).toBeGreaterThan(0);
    expect(Object.keys(sbom.vex as object).length).toBeGreaterThan(0);
    const stats = data(await mcp.call('stats', {}));
    expect((stats.apps as unknown[]).length).toBeGreaterThan(1);
    const missing = await mcp.call('await_result', { handle: 'h-0' });
    expect(missing.isError).toBe(true);
    expect(errorOf(missing).exit).toBe('not_found');
    expect(changes().slice(from), 'writes').toEqual([]);
  });

  it('refuses bad input in one line naming the parameter, sending nothing', async () => {
    const from = sandbox.log.length;
    const bad = await mcp.call('search_findings', { app, severity: ['urgent'] });
    expect(bad.isError).toBe(true);
    expect(errorOf(bad)).toMatchObject({
      exit: 'usage',
      message: expect.stringMatching(/^invalid value for severity/),
    });
    const unknown = await mcp.call('triage', { app, ids: ['1'], status: 'ignore', force: true });
    expect(errorOf(unknown).message).toBe('unknown parameter "force"');
    expect(sandbox.log.length).toBe(from);
  });

  it('a dry run sends no write; a confirmed triage sends one and its journal’s undo one', async () => {
    const unset = data(await mcp.call('search_findings', { app, status: ['unset'], type: ['vuln'] }));
    const ids = (unset.findings as { id: string }[]).slice(0, 2).map((f) => f.id);
    expect(ids).toHaveLength(2);
    const [one] = ids as [string];
    const before = writes().length;
    const dry = data(await mcp.call('triage', { app, ids, status: 'ignore', comment: 'not reachable' }));
    expect(dry).toMatchObject({ dry_run: true, journal: null, changed: 2 });
    expect(dry.changes).toEqual([
      expect.objectContaining({ id: ids[0], after: 'ignored', changed: true }),
      expect.objectContaining({ id: ids[1], after: 'ignored', changed: true }),
    ]);
    expect(writes().length).toBe(before);
    const done = data(
      await mcp.call('triage', {
        app,
        ids: [one],
        status: 'ignore',
        comment: 'not reachable',
        confirm: true,
      }),
    );
    expect(done).toMatchObject({
      dry_run: false,
      changed: 1,
      changes: [{ id: one, before: 'unset', after: 'ignored' }],
    });
    const journal = done.journal as string;
    expect(journal).toMatch(/^\d{8}-\d{6}-[0-9a-f]{4}$/);
    expect(writes().slice(before)).toEqual([
      expect.stringMatching(new RegExp(`^PUT /api/v4/orgs/[^/]+/apps/${app}/findings/${one}/status `)),
    ]);
    const undoDry = data(await mcp.call('undo_triage', { journal }));
    expect(undoDry).toMatchObject({ dry_run: true, changes: [{ id: one, result: 'would put back' }] });
    expect(writes().length).toBe(before + 1);
    const undone = data(await mcp.call('undo_triage', { journal, confirm: true }));
    expect(undone).toMatchObject({ dry_run: false, state: 'undone', changes: [{ id: one, after: 'unset' }] });
    expect(writes().slice(before)).toEqual([
      expect.stringMatching(new RegExp(`/findings/${one}/status `)),
      expect.stringMatching(new RegExp(`/findings/${one}/status `)),
    ]);
    const after = data(await mcp.call('finding_details', { app, ids: [one] }));
    expect((after.findings as { status: string }[])[0]?.status).toBe('unset');
  });

  it('proposes a suppression into the workspace’s ignore file, only when confirmed', async () => {
    const file = join(workspace, '.secscan', 'ignore.yml');
    const args = { app, id: '9', reason: 'test code only', owner: 'dev@example.com', expires: '2099-01-31' };
    const dry = data(await mcp.call('propose_suppression', args));
    expect(dry).toMatchObject({ dry_run: true, written: false, file: join('.secscan', 'ignore.yml') });
    expect(() => readFileSync(file)).toThrow();
    const from = writes().length;
    expect(data(await mcp.call('propose_suppression', { ...args, confirm: true }))).toMatchObject({
      written: true,
    });
    expect(writes().length).toBe(from);
    expect(readFileSync(file, 'utf8')).toBe(
      'ignores:\n  - id: 9\n    app: "shiftleft-java-demo"\n    reason: "test code only"\n    owner: "dev@example.com"\n    expires: 2099-01-31\n',
    );
    // The ignore file now suppresses it for the CLI too.
    const listed = await secscan(['findings', 'list', '--app', app, '--status', 'any', '-o', 'json'], env, {
      cwd: workspace,
    });
    expect(JSON.parse(String(listed.stdout)).find((f: { id: string }) => f.id === '9')).toMatchObject({
      suppressed: true,
    });
  });

  it('sends progress notifications while a call works, in its own words', async () => {
    // Read on the wire: the SDK's client runs a progress handler a microtask after reading the notification,
    // and drops it when the answer came in the same chunk of standard output (as on a loaded machine).
    const recorded = await startRecordedMcp([], env);
    try {
      const result = await recorded.client.callTool({ name: 'stats', arguments: {} }, undefined, {
        onprogress: () => {},
      });
      expect(result.isError).toBeFalsy();
      const messages = recorded
        .raw()
        .split('\n')
        .filter(Boolean)
        .map(
          (line) => JSON.parse(line) as { id?: number; method?: string; params?: Record<string, unknown> },
        );
      // The call's answer: the last message with a result (initialize's is the first).
      const answered = messages.findLastIndex((m) => 'result' in m);
      const told = messages
        .slice(0, answered)
        .filter((m) => m.method === 'notifications/progress')
        .map((m) => m.params?.message);
      expect(told).toEqual(expect.arrayContaining([expect.stringMatching(/^counted \d+ of \d+ apps$/)]));
    } finally {
      await recorded.close();
    }
  });

  it('answers concurrent calls each with its own result', async () => {
    const calls = ['1', '2', '3', '6', '7', '8'].map((id) => mcp.call('finding_details', { app, ids: [id] }));
    const answers = await Promise.all(calls);
    expect(answers.map((a) => (data(a).findings as { id: string }[])[0]?.id)).toEqual([
      '1',
      '2',
      '3',
      '6',
      '7',
      '8',
    ]);
  });

  it('--read-only lists no tool that writes, and refuses a call of one', async () => {
    const readOnly = await startMcp(['--read-only', '--toolsets', 'findings,triage'], env);
    try {
      const { tools } = await readOnly.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        'whoami',
        'find_apps',
        'await_result',
        'search_findings',
        'finding_details',
      ]);
      const refused = await readOnly.call('triage', { app, ids: ['1'], status: 'ignore', confirm: true });
      expect(errorOf(refused)).toMatchObject({
        exit: 'usage',
        message: expect.stringMatching(/^no tool "triage" here/),
      });
    } finally {
      await readOnly.close();
    }
  });

  it('answers a handle when the work outlasts its time, then stops when the host cancels the call', async () => {
    const ran = await secscan(
      ['sandbox', 'scan', '--compound', 'shop', '--version', 'mcp-running', '--running', '1h'],
      env,
    );
    expect(ran.exitCode, String(ran.stderr)).toBe(0);
    const quick = await startMcp(['--workspace', workspace, '--answer-within', '1'], env);
    try {
      const first = data(
        await quick.call('gate', { compound: 'shop', version: 'mcp-running', wait_seconds: 600 }),
      );
      const { handle } = first.pending as { handle: string };
      expect(handle).toMatch(/^h-[0-9a-f]{12}$/);
      const again = data(await quick.call('await_result', { handle }));
      expect((again.pending as { handle: string }).handle).toBe(handle);
      const host = new AbortController();
      const waiting = quick.call('await_result', { handle }, { signal: host.signal });
      host.abort();
      await expect(waiting).rejects.toThrow();
      await quick.logged(/^gate: cancelled by the host; its requests stopped after \d+ s$/);
      expect(errorOf(await quick.call('await_result', { handle })).exit).toBe('not_found');
    } finally {
      await quick.close();
    }
  });
});
