import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/secscan.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-findings-'));
const usersFile = join(dir, 'users.json');
const app = 'shiftleft-java-demo';
let sandbox: ChildProcess;
let settings: Record<string, string> = {};
let log = '';
let users: { users: { role: string; token: string }[] };

beforeAll(async () => {
  sandbox = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--users-file', usersFile, '--log'], {
    env: { PATH: process.env.PATH, SECSCAN_CONFIG_DIR: join(dir, 'sandbox-config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandbox.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const lines = createInterface({ input: sandbox.stdout as NodeJS.ReadableStream });
  settings = await new Promise((resolve, reject) => {
    const found: Record<string, string> = {};
    sandbox.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${log}`)));
    lines.on('line', (line) => {
      const [key, ...rest] = line.split('=');
      found[key as string] = rest.join('=');
      if (Object.keys(found).length === 3) resolve(found);
    });
  });
  users = JSON.parse(readFileSync(usersFile, 'utf8'));
});

afterAll(async () => {
  if (sandbox && sandbox.exitCode === null) {
    const exited = new Promise((resolve) => sandbox.once('exit', resolve));
    sandbox.kill('SIGINT');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

function secscan(args: string[], options: { input?: string; token?: string } = {}) {
  return execa(process.execPath, [bin, ...args], {
    env: {
      PATH: process.env.PATH,
      SECSCAN_CONFIG_DIR: join(dir, 'config'),
      SECSCAN_STATE_DIR: join(dir, 'state'),
      SECSCAN_BASE_URL: settings.SECSCAN_BASE_URL,
      SECSCAN_ORG_ID: settings.SECSCAN_ORG_ID,
      SECSCAN_TOKEN: options.token ?? settings.SECSCAN_TOKEN,
    },
    extendEnv: false,
    input: options.input,
    reject: false,
  });
}

const requests = () => log.split('\n').filter((l) => /^(GET|PUT|POST|DELETE|PATCH) \//.test(l)).length;

describe('e2e: findings against a real sandbox', () => {
  it('a new user triages a finding: list, show, comment, status fixed, list shows it fixed', async () => {
    const list = await secscan(['findings', 'list', '--app', app, '--severity', 'critical', '-o', 'json']);
    expect(list.exitCode).toBe(0);
    const found = JSON.parse(list.stdout) as { id: string; status: string }[];
    expect(found.length).toBeGreaterThan(0);
    const id = found[0]?.id as string;

    const show = await secscan(['findings', 'show', '--app', app, id]);
    expect(show.exitCode).toBe(0);
    expect(show.stdout).toMatch(new RegExp(`^id\\t${id}$`, 'm'));
    expect(show.stdout).toMatch(/^severity\tcritical$/m);

    const comment = await secscan([
      'findings',
      'comment',
      'add',
      '--app',
      app,
      id,
      'Reproduced; fixing in 2.4',
    ]);
    expect(comment.exitCode).toBe(0);
    expect(comment.stderr).toContain(`Commented on finding ${id}`);

    const status = await secscan([
      'findings',
      'status',
      '--app',
      app,
      '--set',
      'fixed',
      '--comment',
      'Fixed in 2.4',
      id,
    ]);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`^${id}\\t.*\\tunset\\tfixed\\tyes$`, 'm'));

    const comments = await secscan(['findings', 'comment', 'list', '--app', app, id, '-o', 'json']);
    expect(JSON.parse(comments.stdout).map((c: { comment: string }) => c.comment)).toEqual([
      'Reproduced; fixing in 2.4',
      'Fixed in 2.4',
    ]);

    const fixed = await secscan(['findings', 'list', '--app', app, '--status', 'fixed', '-o', 'ndjson']);
    expect(
      fixed.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).id),
    ).toContain(id);
    const open = await secscan(['findings', 'list', '--app', app, '--all', '-o', 'ndjson']);
    expect(
      open.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).id),
    ).not.toContain(id);
  });

  it('bulk status through --ids-from - from findings list -o json', async () => {
    const list = await secscan([
      'findings',
      'list',
      '--app',
      app,
      '--severity',
      'medium',
      '--severity',
      'high',
      '-o',
      'json',
    ]);
    const findings = (JSON.parse(list.stdout) as { id: string }[]).slice(0, 3);
    expect(findings.length).toBeGreaterThan(0);
    const ids = JSON.stringify(findings.map((f) => f.id));
    const bulk = await secscan(['findings', 'status', '--app', app, '--set', 'ignore', '--ids-from', '-'], {
      input: ids,
    });
    expect(bulk.exitCode).toBe(0);
    expect(bulk.stdout.trim().split('\n')).toHaveLength(findings.length);
    expect(log).toContain(`PUT /api/v4/orgs/${settings.SECSCAN_ORG_ID}/apps/${app}/findings_status`);
    const ignored = await secscan(['findings', 'list', '--app', app, '--status', 'ignored', '-o', 'json']);
    const ignoredIds = (JSON.parse(ignored.stdout) as { id: string }[]).map((f) => f.id);
    for (const f of findings) expect(ignoredIds).toContain(f.id);
  });

  it('a role lacking the scopes gets 403 (exit 4)', async () => {
    const guest = users.users.find((u) => u.role === 'GUEST')?.token as string;
    const result = await secscan(['findings', 'status', '--app', app, '--set', 'fixed', '1'], {
      token: guest,
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(
      /^error: ReadAppFinding: missing scope findings:read \(HTTP 403 FORBIDDEN\)$/m,
    );
  });

  it('bad input exits 2 with one line naming the flag, and sends no request', async () => {
    const before = requests();
    const result = await secscan(['findings', 'list', '--app', app, '--severity', 'urgent', '--debug']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: invalid value for --severity: "urgent" (choose from low, medium, high, critical)',
    );
    expect(result.stderr).not.toMatch(/debug: > (GET|PUT)/);
    const tooMany = await secscan([
      'findings',
      'list',
      '--compound',
      'shop',
      ...Array(6).fill(['--search', 'x']).flat(),
    ]);
    expect(tooMany.exitCode).toBe(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(requests()).toBe(before);
  });

  it('--search at organization level matches tag values too: log4j and cve are the log4j dependency findings', async () => {
    const all = await secscan(['findings', 'list', '--type', 'oss_vuln', '--all', '-o', 'json']);
    const found = await secscan([
      'findings',
      'list',
      '--search',
      'log4j',
      '--search',
      'cve',
      '--all',
      '-o',
      'json',
    ]);
    expect(found.exitCode, found.stderr).toBe(0);
    type Listed = { id: string; title: string; tags: { key: string; value: string }[] };
    const log4j = (JSON.parse(all.stdout) as Listed[]).filter((f) =>
      f.tags.some(
        (t) =>
          t.key === 'package_url' && t.value.startsWith('pkg:maven/org.apache.logging.log4j/log4j-core@'),
      ),
    );
    expect(log4j.length).toBeGreaterThan(1);
    expect((JSON.parse(found.stdout) as Listed[]).map((f) => f.id).sort()).toEqual(
      log4j.map((f) => f.id).sort(),
    );
    for (const f of log4j) expect(f.title).toContain('org.apache.logging.log4j:log4j-core 2.14.1');
  });

  it('a listing of many pages keeps every chunk’s code cache (no V8 flag is set once the run has begun)', async () => {
    // Each output format loads its chunks while the pages go; a flag set by then (a GC setting, say) makes
    // V8 refuse their caches, which bin/load.js says under --debug.
    for (const format of ['csv', 'ndjson', 'table']) {
      const args = ['findings', 'list', '--status', 'any', '--all', '--per-page', '20'];
      const listing = await secscan([...args, '-o', format, '--debug']);
      expect(listing.exitCode).toBe(0);
      expect(listing.stderr.match(/^debug: > GET .*\/findings\?/gm)?.length).toBeGreaterThan(2);
      expect(listing.stderr).not.toMatch(/refused the code cache/);
    }
  });

  it('-o sarif of the whole org is valid JSON: a run per app, one result per finding', async () => {
    const ndjson = await secscan(['findings', 'list', '--status', 'any', '--all', '-o', 'ndjson']);
    const sarif = await secscan(['findings', 'list', '--status', 'any', '--all', '-o', 'sarif']);
    expect(sarif.exitCode).toBe(0);
    // One run per app of the organization, together one result per finding.
    const runs = JSON.parse(sarif.stdout).runs as { results: unknown[] }[];
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.flatMap((r) => r.results)).toHaveLength(ndjson.stdout.trim().split('\n').length);
  });
});
