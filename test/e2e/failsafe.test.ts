import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HostileServer, ok, orgId, startHostile } from './hostile.js';
import { secscan as spawnCli } from './sandbox.js';

let server: HostileServer;
let work: string;
let env: Record<string, string>;

async function secscan(args: string[], extra: Record<string, string> = {}) {
  const r = await spawnCli(args, { ...env, ...extra }, { cwd: work });
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

beforeAll(async () => {
  server = await startHostile();
  work = mkdtempSync(join(tmpdir(), 'secscan-e2e-failsafe-'));
  writeFileSync(
    join(work, 'rules.yml'),
    'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n',
  );
  env = {
    PATH: process.env.PATH ?? '',
    SECSCAN_CONFIG_DIR: join(work, 'config'),
    SECSCAN_BASE_URL: server.baseUrl,
    SECSCAN_ORG_ID: orgId,
    SECSCAN_TOKEN: 'hostile-test-token',
  };
});
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

/** Every read command, with the arguments it needs. */
const reads: string[][] = [
  ['whoami'],
  ['auth', 'status'],
  ['tokens', 'list'],
  ['roles', 'list'],
  ['roles', 'list', '--access-token'],
  ['scopes', 'list'],
  ['scopes', 'available'],
  ['apps', 'list'],
  ['apps', 'show', 'payments-api'],
  ['apps', 'branches'],
  ['apps', 'scan-branches', 'payments-api'],
  ['apps', 'config', 'show', 'payments-api'],
  ['app-groups', 'list'],
  ['app-groups', 'show', 'web'],
  ['analyze-failures', 'list'],
  ['compounds', 'list'],
  ['compounds', 'show', 'shop'],
  ['compounds', 'show', 'shop', '--full'],
  ['compounds', 'scans', 'shop'],
  ['compounds', 'scans', 'shop', '--streamlined'],
  ['compounds', 'branches', 'shop'],
  ['compounds', 'scan', 'shop', '7'],
  ['compounds', 'fixes-stats'],
  ['findings', 'list', '--app', 'payments-api'],
  ['findings', 'list', '--compound', 'shop'],
  ['findings', 'list'],
  ['findings', 'list', '--app', 'payments-api', '-o', 'sarif'],
  ['findings', 'list', '--app', 'payments-api', '-o', 'csv'],
  ['findings', 'summary'],
  ['findings', 'summary', '--app', 'payments-api'],
  ['findings', 'summary', '--app', 'payments-api', '--version', 'v1'],
  ['findings', 'show', '--app', 'payments-api', '12'],
  ['findings', 'fix', '--app', 'payments-api', '12'],
  ['findings', 'comment', 'list', '--app', 'payments-api', '12'],
  ['scans', 'list', '--app', 'payments-api'],
  ['scans', 'show', '--app', 'payments-api', '12'],
  ['scans', 'report', '--app', 'payments-api', '12'],
  ['scans', 'owasp', '--app', 'payments-api', '12'],
  ['scans', 'compare', '--app', 'payments-api', '--source', 'scan.1', '--target', 'scan.2'],
  [
    'scans',
    'compare',
    '--app',
    'payments-api',
    '--source',
    'scan.1',
    '--target',
    'scan.2',
    '--fail-on',
    'new',
  ],
  ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml'],
  ['dependencies', 'search', 'log4j'],
  ['packages', 'show', 'pkg:maven/commons-io/commons-io@2.5'],
  ['sca', 'packages', '--app', 'payments-api'],
];

describe('1. an answer of the wrong shape is exit 8, never read as empty', () => {
  it.each(reads)('%s %s %s %s', async (...argv) => {
    server.answer = () => ({ body: ok({ unexpected: 1 }) });
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(/^error: \w+: (unexpected response|the answer)/m);
  });

  it('a compare without new, fixed and common is no "0 new" pass', async () => {
    server.answer = () => ({ body: ok({ source: { id: '1' }, target: { id: '2' } }) });
    const r = await secscan([
      'scans',
      'compare',
      '--app',
      'payments-api',
      '--source',
      'scan.1',
      '--target',
      'scan.2',
      '--fail-on',
      'new',
    ]);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain('error: ListScansCompare: unexpected response at new');
    expect(r.stderr).not.toContain('0 new');
  });

  it('a findings page without its findings key is exit 8; an empty page is an empty list', async () => {
    server.answer = () => ({ body: ok({ has_more: false, counts: [] }) });
    expect((await secscan(['findings', 'list', '--app', 'payments-api'])).exitCode).toBe(8);
    server.answer = () => ({ body: ok({ has_more: false, findings: [] }) });
    expect(await secscan(['findings', 'list', '--app', 'payments-api'])).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: '',
    });
  });
});
