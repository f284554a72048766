import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSarif } from '../helpers/sarif-validator.js';
import { parseXml } from '../helpers/xml.js';
import {
  closedPort,
  isolatedEnv,
  type RunningSandbox,
  secscan as spawnCli,
  startSandbox,
} from './sandbox.js';

/**
 * Suppressions as reviewed code, end to end against the sandbox: one entry of `.secscan/ignore.yml` (found
 * from a subdirectory up to the repository root) with an expiry, seen before it (SECSCAN_NOW stands in for
 * the clock) and after it, by the gate, its reports, `ignores lint` and `ignores sync`.
 */

let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;
let repo: string;
let sub: string;

/** The sandbox's shop: scan 5 of feature/checkout has two new critical findings, #29 (payments-api) and #55. */
const rules = 'rules:\n  - id: few-critical\n    tags:\n      severity: [critical]\n    threshold: 1\n';
const ignores = [
  '# accepted risks, reviewed like code',
  'ignores:',
  '  - id: 29',
  '    app: payments-api',
  '    reason: input is validated upstream (PR 812)',
  '    owner: alice@example.com',
  '    expires: 2027-01-31',
  '',
].join('\n');
const before = '2026-12-01';
const after = '2027-02-01';

const gate = [
  'scans',
  'check',
  '--compound',
  'shop',
  '--target-branch',
  'feature/checkout',
  '--source-branch',
  'main',
  '--rules',
  '../rules.yml',
];

async function secscan(args: string[], now: string, options: Options = {}) {
  const r = await spawnCli(args, { ...env, SECSCAN_NOW: now }, { cwd: sub, ...options });
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

/**
 * The writes the sandbox logged for one run: its log up to a marker request made after the run
 * (`whoami`), once the marker is there (the log is read from the sandbox's stderr as it comes).
 */
async function writesOf(run: () => Promise<{ exitCode: number | undefined }>): Promise<string[]> {
  const from = sandbox.log.length;
  expect((await run()).exitCode).toBe(0);
  expect((await secscan(['whoami', '-o', 'json'], before)).exitCode).toBe(0);
  const markerAt = () => sandbox.log.findIndex((line, i) => i >= from && /^GET \/api\/v4\/user /.test(line));
  for (let i = 0; i < 400 && markerAt() < 0; i++) await new Promise((r) => setTimeout(r, 25));
  expect(markerAt()).toBeGreaterThan(-1);
  return sandbox.log.slice(from, markerAt()).filter((line) => /^(POST|PUT|PATCH|DELETE) /.test(line));
}

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  config = isolatedEnv();
  repo = join(config.dir, 'repo');
  sub = join(repo, 'services', 'payments');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, '.secscan'));
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(repo, '.secscan', 'ignore.yml'), ignores);
  writeFileSync(join(repo, 'services', 'rules.yml'), rules);
  env = {
    ...config.env,
    ...sandbox.settings,
  };
});

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

describe('e2e: .secscan/ignore.yml', () => {
  it('a bad file is exit 3 at its line before any request; a bad --within is exit 2', async () => {
    const bad = join(config.dir, 'bad.yml');
    writeFileSync(bad, 'ignores:\n  - id: 29\n    app: payments-api\n    reasn: typo\n');
    // Nothing listens at the base URL: a request would be another exit code.
    const offline = { ...env, SECSCAN_BASE_URL: `http://127.0.0.1:${await closedPort()}` };
    for (const args of [
      [...gate, '--ignore-file', bad],
      ['findings', 'list', '--app', 'payments-api', '--ignore-file', bad],
      ['ignores', 'lint', bad],
      ['ignores', 'sync', '--ignore-file', bad],
    ]) {
      const r = await spawnCli(args, { ...offline, SECSCAN_NOW: before }, { cwd: sub });
      expect(r.exitCode, args.join(' ')).toBe(3);
      expect(String(r.stderr)).toMatch(/^error: \/\S+\/bad\.yml:4: ignores\[0\]: unknown key "reasn"$/m);
    }
    const within = await spawnCli(['ignores', 'lint', '--within', 'soon'], offline, { cwd: sub });
    expect(within.exitCode).toBe(2);
    expect(String(within.stderr)).toMatch(/^error: invalid value for --within: "soon"/);
  });

  it('without the ignore file the gate fails: two critical findings, threshold 1', async () => {
    const r = await secscan([...gate, '--no-ignore-file', '-o', 'json'], before);
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout).rules[0]).toMatchObject({ matched: 2, over: 1, result: 'fail' });
  });

  it('an entry in effect: the gate recounts without its finding and passes; SARIF, JUnit and Markdown say so', async () => {
    const r = await secscan(
      [
        ...gate,
        '-o',
        'json',
        '--report-sarif',
        'gate.sarif',
        '--report-junit',
        'gate.xml',
        '--report-markdown',
        'gate.md',
      ],
      before,
    );
    expect(r.stderr).toContain(
      'few-critical: recounted from the findings listing of scan 5: 2 matched, 1 suppressed, 1 count against threshold 1: passes',
    );
    expect(r.exitCode).toBe(0);
    // The recount's listing leaves out the descriptions it never reads.
    const debug = await secscan([...gate, '-o', 'json', '--debug'], before);
    expect(debug.stderr).toMatch(
      /^debug: > GET \S+\/findings\?\S*polyglot_scan=5\S*&finding_fields=-description/m,
    );
    const file = '../../.secscan/ignore.yml';
    const json = JSON.parse(r.stdout);
    expect(json.passed).toBe(true);
    expect(json.rules[0]).toMatchObject({ matched: 2, suppressed: 1, over: 0, result: 'pass' });
    expect(json.suppressions.suppressed).toEqual([
      expect.objectContaining({
        finding: expect.objectContaining({ id: 29, app: 'payments-api' }),
        by: {
          file,
          line: 3,
          reason: 'input is validated upstream (PR 812)',
          owner: 'alice@example.com',
          expires: '2027-01-31',
        },
      }),
    ]);

    const sarif = JSON.parse(readFileSync(join(sub, 'gate.sarif'), 'utf8'));
    const results = sarif.runs.flatMap(
      (run: { results: { properties: { finding_id: string }; suppressions?: unknown[] }[] }) => run.results,
    );
    const byId = new Map(
      results.map((x: { properties: { finding_id: string } }) => [x.properties.finding_id, x]),
    );
    expect(byId.get('29')).toMatchObject({
      suppressions: [
        {
          kind: 'external',
          status: 'accepted',
          justification: 'input is validated upstream (PR 812)',
          properties: { entry: `${file}:3`, owner: 'alice@example.com', expires: '2027-01-31' },
        },
      ],
    });
    expect(byId.get('55')).toMatchObject({ suppressions: [] });
    expect(await validateSarif(join(sub, 'gate.sarif'))).toEqual([]);

    const junit = parseXml(readFileSync(join(sub, 'gate.xml'), 'utf8'));
    expect(junit.attributes.failures).toBe('0');
    const junitText = readFileSync(join(sub, 'gate.xml'), 'utf8');
    expect(junitText).toContain(`suppressed: #29 [critical]`);
    expect(junitText).toContain(`by ${file}:3: input is validated upstream (PR 812)`);
    const markdown = readFileSync(join(sub, 'gate.md'), 'utf8');
    expect(markdown).toMatch(
      // The finding's number cannot link issue 29 of the repository (markdownText), and the owner's
      // address is a code span, so GitHub neither autolinks nor mentions it.
      /\| \\#&#8203;29 SQL Injection[^|]*\| critical \| payments-api \| few-critical \| \.\.\/\.\.\/\.secscan\/ignore\.yml:3 \| input is validated upstream \(PR 812\) \| `alice@example\.com` \|/,
    );
  });

  it('the same entry expired: the gate fails again and says why on stderr', async () => {
    const r = await secscan([...gate, '-o', 'json'], after);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      '1 suppression expired on 2027-01-31; its findings count again (../../.secscan/ignore.yml:3)',
    );
    const json = JSON.parse(r.stdout);
    expect(json.rules[0]).toMatchObject({ matched: 2, over: 1, result: 'fail' });
    expect(json.suppressions).toMatchObject({
      suppressed: [],
      expired: [{ line: 3, expires: '2027-01-31' }],
      lapsed: [{ app: 'payments-api', id: 29, line: 3, expires: '2027-01-31' }],
    });
    const table = await secscan(gate, after);
    expect(table.exitCode).toBe(1);
    expect(table.stdout).toMatch(
      /#29 {2}critical .*\(payments-api cmd\/server\/main\.go:97\)\n {6}counts again: its suppression \(line 3\) expired on 2027-01-31\n/,
    );
  });

  it('scans compare --fail-on leaves out the suppressed finding, and counts it again once the entry expires', async () => {
    const compare = [
      'scans',
      'compare',
      '--app',
      'payments-api',
      '--source-branch',
      'main',
      '--target-branch',
      'feature/checkout',
      '--fail-on',
      'new',
      '--severity-threshold',
      'critical',
    ];
    const held = await secscan([...compare, '-o', 'csv'], before);
    expect(held.stderr).toContain(
      'Suppressed by ../../.secscan/ignore.yml, not counted: 1 of the 1 finding(s) that would fail the gate.',
    );
    expect(held.exitCode).toBe(0);
    expect(held.stdout).toMatch(/^new,29,critical,.*,line 3$/m);
    const lapsed = await secscan(compare, after);
    expect(lapsed.exitCode).toBe(1);
    expect(lapsed.stderr).toContain('1 suppression expired on 2027-01-31; its findings count again');
  });

  it('findings list marks the suppressed finding in every output; --hide-suppressed leaves it out', async () => {
    const list = ['findings', 'list', '--app', 'payments-api', '--branch', 'feature/checkout', '--all'];
    const json = JSON.parse((await secscan([...list, '-o', 'json'], before)).stdout) as {
      id: string;
      suppressed: boolean;
      suppression?: { line: number };
    }[];
    expect(json.find((f) => f.id === '29')).toMatchObject({ suppressed: true, suppression: { line: 3 } });
    expect(json.filter((f) => f.suppressed)).toHaveLength(1);
    const hidden = JSON.parse((await secscan([...list, '--hide-suppressed', '-o', 'json'], before)).stdout);
    expect(hidden.map((f: { id: string }) => f.id)).not.toContain('29');
    expect(hidden).toHaveLength(json.length - 1);
    const expired = JSON.parse((await secscan([...list, '-o', 'json'], after)).stdout);
    expect(expired.find((f: { id: string }) => f.id === '29')).toMatchObject({ suppressed: false });
  });

  it('ignores lint: clean while the entry holds (latest scans of the branch), exit 1 once it expires or nears its end', async () => {
    const clean = await secscan(['ignores', 'lint', '--branch', 'feature/checkout', '-o', 'json'], before);
    expect(clean.stderr).toContain('no problem found');
    expect(JSON.parse(clean.stdout)).toEqual([]);
    expect(clean.exitCode).toBe(0);

    const expired = await secscan(['ignores', 'lint', '--offline', '-o', 'json'], after);
    expect(expired.exitCode).toBe(1);
    expect(JSON.parse(expired.stdout)).toEqual([
      {
        line: 3,
        problem: 'expired',
        entry: 'payments-api #29',
        detail: 'expired on 2027-01-31: it suppresses nothing',
      },
    ]);

    const soon = await secscan(['ignores', 'lint', '--offline', '--within', '14d'], '2027-01-21');
    expect(soon.exitCode).toBe(1);
    expect(soon.stdout).toMatch(/^3\texpiring\tpayments-api #29\texpires on 2027-01-31, in 10 days$/m);

    // The organization's latest scans are of the default branch: #29 is only on feature/checkout.
    const unused = await secscan(['ignores', 'lint', '-o', 'json'], before);
    expect(unused.exitCode).toBe(1);
    expect(JSON.parse(unused.stdout)).toEqual([expect.objectContaining({ line: 3, problem: 'unused' })]);
  });

  it('ignores sync: the finding is set to ignore once, with a comment citing the entry; lifted once after expiry', async () => {
    const sync = ['ignores', 'sync', '--branch', 'feature/checkout', '-o', 'json'];
    const dry = await writesOf(() => secscan([...sync, '--dry-run'], before));
    expect(dry).toEqual([]);

    const first = await writesOf(() => secscan(sync, before));
    expect(first).toEqual([
      expect.stringMatching(/^PUT \/api\/v4\/orgs\/[^/]+\/apps\/payments-api\/findings\/29\/status /),
    ]);
    expect(await writesOf(() => secscan(sync, before))).toEqual([]);

    const shown = await secscan(['findings', 'show', '--app', 'payments-api', '29', '-o', 'json'], before);
    expect(JSON.parse(shown.stdout).status).toBe('ignored');
    const comments = await secscan(
      ['findings', 'comment', 'list', '--app', 'payments-api', '29', '-o', 'json'],
      before,
    );
    expect(comments.stdout).toContain('input is validated upstream (PR 812)');

    const lifted = await writesOf(() => secscan(sync, after));
    expect(lifted).toEqual([
      expect.stringMatching(/^PUT \/api\/v4\/orgs\/[^/]+\/apps\/payments-api\/findings\/29\/status /),
    ]);
    expect(await writesOf(() => secscan(sync, after))).toEqual([]);
    const again = await secscan(['findings', 'show', '--app', 'payments-api', '29', '-o', 'json'], after);
    expect(JSON.parse(again.stdout).status).not.toBe('ignored');
    // Eleven runs of the CLI: on a loaded 2-core machine each can take seconds.
  }, 90_000);
});
