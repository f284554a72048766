import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gateCommands, readCommands } from '../helpers/read-commands.js';
import { parseXml } from '../helpers/xml.js';
import { type HostileServer, ok, orgId, startHostile } from './hostile.js';
import { bin, secscanInTerminal, secscan as spawnCli, startSandbox } from './sandbox.js';

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
  writeFileSync(join(work, 'every.yml'), 'rules:\n  - id: every\n    num_findings: 100\n');
  env = {
    PATH: process.env.PATH ?? '',
    SECSCAN_CONFIG_DIR: join(work, 'config'),
    SECSCAN_STATE_DIR: join(work, 'state'),
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

/**
 * Read commands whose answer has no shape for an answer of the wrong shape to break, and why: they are
 * driven by the contract suite and by their own tests.
 */
const shapeless: Readonly<Record<string, string>> = {
  'integrations board status':
    'the specification shows no answer of the authorization status: a 200 is authorized, whatever its body',
};

/** Every read command, with the arguments it needs. */
const reads = [...(await readCommands()), ...gateCommands].filter(
  (argv) => shapeless[argv.join(' ')] === undefined,
);
/** `scans compare --fail-on new` of payments-api, scan.1 against scan.2: the gate of gateCommands. */
const compareFailOnNew = gateCommands.find((argv) => argv.includes('--fail-on')) as string[];

describe('1. an answer of the wrong shape is exit 8, never read as empty', () => {
  it.each(reads.map((argv) => [argv.join(' '), argv] as const))('%s', async (_title, argv) => {
    server.answer = () => ({ body: ok({ unexpected: 1 }) });
    const r = await secscan([...argv]);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    // An operation's answer names the operation; a document's (a report, the audit log) names the document.
    expect(r.stderr).toMatch(
      /^error: (\w+|the [^:\n]+): (unexpected response|the answer|the service answered with)/m,
    );
  });

  it('a compare without new, fixed and common is no "0 new" pass', async () => {
    server.answer = () => ({ body: ok({ source: { id: '1' }, target: { id: '2' } }) });
    const r = await secscan(compareFailOnNew);
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

/** What must never reach a terminal raw: C0 but tab and newline, DEL, C1, bidi and zero-width characters. */
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const hostile = 'x\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b31m\r error: forged \u202eevil\u200b';

describe('2. text from the service or the user never reaches the terminal raw', () => {
  it('commander’s echo of an unknown option or command', async () => {
    const option = await secscan(['tokens', 'list', `--x${hostile}`]);
    expect(option.exitCode).toBe(2);
    expect(option.stderr).not.toMatch(unsafe);
    expect(option.stderr.split('\n')[0]).toMatch(/^error: unknown option '--x/);
    const command = await secscan(['tokens', `li${hostile}`]);
    expect(command.exitCode).toBe(2);
    expect(command.stderr).not.toMatch(unsafe);
    expect(command.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
  });

  it('a name the user gave, echoed by the service’s 404 (compounds show "$NAME")', async () => {
    server.answer = () => ({
      status: 404,
      body: { ok: false, code: 'NOT_FOUND', message: `no compound is named ${hostile}` },
    });
    const r = await secscan(['compounds', 'show', hostile]);
    expect(r.exitCode).toBe(5);
    expect(server.requests[0]?.path).toContain(encodeURIComponent(hostile));
    expect(r.stderr).not.toMatch(unsafe);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^error: ReadCompoundShallowByName: no compound is named x.*evil/),
    ]);
  });

  it('message, code and validation_errors of an error answer; -o json escapes them; --debug too', async () => {
    server.answer = () => ({
      status: 422,
      body: { ok: false, code: `BAD${hostile}`, message: `refused ${hostile}`, validation_errors: [hostile] },
    });
    const r = await secscan(['tokens', 'list', '-o', 'json', '--debug']);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).not.toMatch(unsafe);
    const lines = r.stderr.split('\n');
    expect(lines.filter((l) => l.startsWith('error: '))).toHaveLength(1);
    expect(lines.some((l) => /^\s*error: forged/.test(l))).toBe(false);
    const envelope = JSON.parse(lines.find((l) => l.startsWith('{"error"')) as string);
    expect(envelope.error).toMatchObject({ status: 422, exit_code: 6 });
  });

  it('a 5 MB message is one capped line', async () => {
    server.answer = () => ({ status: 400, body: { ok: false, code: 'BAD', message: 'm'.repeat(5_000_000) } });
    const r = await secscan(['tokens', 'list']);
    expect(r.exitCode).toBe(6);
    const [line] = r.stderr.split('\n');
    expect(line?.length).toBeLessThan(1200);
    expect(line).toMatch(/… \(\d+ more characters\)/);
  });

  it('tables, TSV and CSV carry no bidi, zero-width or control characters; JSON keeps them escaped', async () => {
    const token = {
      id: 't1',
      label: `ci ${hostile}`,
      token_type: 'access',
      role_id: 'r',
      description: '=cmd',
    };
    server.answer = () => ({ body: ok([token]) });
    const tsv = await secscan(['tokens', 'list']);
    expect(tsv.stdout).not.toMatch(unsafe);
    expect(tsv.stdout).toContain('ci x');
    const csv = await secscan(['tokens', 'list', '-o', 'csv']);
    expect(csv.stdout).not.toMatch(unsafe);
    expect(csv.stdout).toContain(",'=cmd");
    const json = await secscan(['tokens', 'list', '-o', 'json']);
    expect(json.stdout).not.toMatch(unsafe);
    expect(JSON.parse(json.stdout)[0].label).toBe(token.label);
    const yaml = await secscan(['tokens', 'list', '-o', 'yaml']);
    expect(yaml.stdout).not.toMatch(unsafe);
    const table = await secscanInTerminal(['tokens', 'list', '--no-color'], env);
    expect(String(table.stdout)).toMatch(/ID\s+LABEL\s+TYPE/);
    expect(String(table.stdout)).not.toMatch(/[\u009b\u200b\u202e]|\u001b\]52|\u001b\[2J/);
  });

  it('a notice quoting the user is one line; a body printed as received is made safe on a terminal', async () => {
    server.answer = () => ({ body: { ok: true } });
    const r = await secscan(['app-groups', 'delete', 'web\nerror: forged', '--yes']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('Deleted app group web error: forged.');
    server.answer = () => ({ body: ok([`role ${hostile}`]) });
    const piped = await secscan(['api', 'GET', '/orgs/{orgID}/scopes']);
    expect(piped.stdout).toContain('\u202e');
    const term = await secscanInTerminal(['api', 'GET', '/orgs/{orgID}/scopes'], env);
    expect(String(term.stdout)).not.toMatch(/[\u009b\u202e\u200b]|\u001b\]52/);
    expect(String(term.stdout)).toContain('\\u202e');
  });
});

describe('4. a write whose answer is lost says its outcome is unknown and how to check', () => {
  const writes: [string[], string][] = [
    [
      ['tokens', 'create', '--label', 'ci', '--role', 'r'],
      'check with `secscan tokens list` before creating another',
    ],
    [
      ['findings', 'comment', 'add', '--app', 'payments-api', '12', 'looked at it'],
      'check with `secscan findings comment list --app payments-api 12` before retrying',
    ],
    [['roles', 'create', '--name', 'triage', '--scope', 'findings:list'], 'check with `secscan roles list`'],
    [['apps', 'labels', 'payments-api', '--add', 'pci'], 'check with `secscan apps show payments-api`'],
    [['compounds', 'archive', 'shop'], 'check with `secscan compounds list --archived`'],
    [['compounds', 'unarchive', 'shop'], 'check with `secscan compounds list`'],
    [
      ['apps', 'default-branch', 'payments-api', 'trunk'],
      'check with `secscan apps config show payments-api`',
    ],
    [
      ['apps', 'config', 'patch', 'payments-api', '--secrets-disable'],
      'check with `secscan apps config show',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--source-branch', 'main'],
      'running it again is harmless',
    ],
  ];

  it.each(writes)('%j', async (argv, hint) => {
    server.answer = (req) =>
      req.method === 'POST' || req.method === 'PATCH'
        ? { drop: true }
        : { body: ok(['findings:list', 'findings:read', 'roles:list']) };
    const r = await secscan(argv);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = r.stderr.split('\n').filter((l) => /^(error|hint): /.test(l));
    expect(error).toMatch(/failed before an answer .*: the change may or may not have been applied$/);
    expect(hintLine).toContain(hint);
    expect(server.requests.filter((q) => q.method === 'POST' || q.method === 'PATCH')).toHaveLength(1);
  });

  it('a read sent as POST (the package look-up) is retried, then says it cannot reach the service', async () => {
    server.answer = (req) => (req.method === 'POST' ? { drop: true } : { body: ok([]) });
    const r = await secscan(['--retries', '1', 'packages', 'show', 'pkg:maven/commons-io/commons-io@2.5']);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = r.stderr.split('\n').filter((l) => /^(error|hint): /.test(l));
    expect(error).toMatch(/^error: RetrievePackageInfo: cannot reach .* after 2 attempts/);
    expect(hintLine).toContain('safe to retry');
    expect(server.requests.filter((q) => q.method === 'POST')).toHaveLength(2);
  });

  it('a 503 to a POST is an unknown outcome too, never retried', async () => {
    server.answer = () => ({ status: 503, body: { ok: false, code: 'UNAVAILABLE', message: 'busy' } });
    const r = await secscan(['tokens', 'create', '--label', 'ci', '--role', 'r']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('the outcome of the change is unknown');
    expect(r.stderr).toContain('hint: check with `secscan tokens list` before creating another');
    expect(server.requests).toHaveLength(1);
  });
});

describe('5. a bulk change that stops part-way says what changed and what did not', () => {
  it('findings status --comment under sandbox --fail-rate 0.3: each row matches the service', async () => {
    const sandbox = await startSandbox(['--fail-rate', '0.3']);
    const app = 'shiftleft-java-demo';
    const senv = sandbox.settings;
    try {
      const list = await secscan(
        ['findings', 'list', '--app', app, '--limit', '6', '-o', 'json', '--retries', '10'],
        senv,
      );
      const ids = (JSON.parse(list.stdout) as { id: string }[]).map((f) => f.id);
      expect(ids).toHaveLength(6);
      let partial = 0;
      for (let run = 0; run < 30 && partial === 0; run++) {
        const set = run % 2 === 0 ? 'ignore' : 'none';
        const r = await secscan(
          ['findings', 'status', '--app', app, '--set', set, '--comment', 'c', '--retries', '1', ...ids],
          senv,
        );
        if (r.exitCode === 0 || r.stdout === '') continue;
        partial++;
        expect(r.exitCode).toBe(7);
        expect(r.stderr).toMatch(
          /^Stopped part-way: set (ignored|unset) on \d of 6 findings of shiftleft-java-demo; /m,
        );
        expect(r.stderr).toMatch(/^error: SetAppFindingStatus: /m);
        const rows = r.stdout.split('\n').map((line) => line.split('\t'));
        expect(rows.map((row) => row[0]).sort()).toEqual([...ids].sort());
        for (const [id, , before, after, , result] of rows) {
          const show = await secscan(
            ['findings', 'show', '--app', app, id as string, '-o', 'json', '--retries', '10'],
            senv,
          );
          const now = JSON.parse(show.stdout).status;
          if (result === 'done') expect(now, `finding ${id} (done)`).toBe(after);
          if (result === 'not sent' || result === 'failed')
            expect(now, `finding ${id} (${result})`).toBe(before);
        }
      }
      expect(partial).toBeGreaterThan(0);
    } finally {
      await sandbox.stop();
    }
  }, 120_000);
});

describe('7. interrupted: no partial file, 130 for SIGINT and 143 for SIGTERM wherever the signal lands', () => {
  async function until(check: () => boolean, what: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'compounds sarif --out f.sarif stopped by %s mid-download leaves nothing behind',
    async (signal, code) => {
      server.answer = () => ({
        partial: '{"version": "2.1.0", "runs": [',
        headers: { 'content-type': 'application/sarif+json' },
      });
      const out = join(work, `${signal}.sarif`);
      const child = spawnCli(['compounds', 'sarif', 'shop', '--out', out], env, { cwd: work });
      await until(() => existsSync(`${out}.partial`), 'the partial file');
      child.kill(signal);
      const r = await child;
      expect(r.exitCode).toBe(code);
      expect(String(r.stderr)).not.toMatch(/^error:/m);
      expect(existsSync(`${out}.partial`)).toBe(false);
      expect(existsSync(out)).toBe(false);
    },
  );

  it.each([
    [['tokens', 'list']],
    [['whoami']],
    [['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml']],
    [['findings', 'list', '--app', 'payments-api', '--all', '-o', 'sarif']],
    [['findings', 'status', '--app', 'payments-api', '--set', 'fixed', '1', '2']],
  ])('SIGTERM during %j exits 143', async (argv) => {
    server.answer = () => ({ delayMs: 10_000, body: ok({}) });
    const child = spawnCli(argv, env, { cwd: work });
    await until(() => server.requests.length > 0, 'the first request');
    child.kill('SIGTERM');
    const r = await child;
    expect([r.exitCode, String(r.stderr)]).toEqual([143, '']);
  });

  it('SIGTERM stops secscan sandbox with 143 too', async () => {
    const child = spawnCli(['sandbox', '--port', '0'], env, { cwd: work, buffer: false });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    await until(() => out.includes('SECSCAN_TOKEN='), 'the sandbox');
    child.kill('SIGTERM');
    expect((await child).exitCode).toBe(143);
  });
});

describe('9. a gate not evaluated still writes its reports, saying why', () => {
  const reports = ['--report-junit', 'r/junit.xml', '--report-markdown', 'r/summary.md'];
  const more = ['--report-json', 'r/report.json', '--report-sarif', 'r/report.sarif'];
  const gate = ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--source-branch', 'main'];
  gate.push(...reports, ...more);
  const breached = {
    source: { id: 4 },
    target: { id: 5 },
    rules: {
      'no-critical': {
        matched: 1,
        reachable: 1,
        over_threshold: 1,
        findings: [
          { id: 7, title: 'SQL Injection', tags: { severity: ['critical'], app: ['payments-api'] } },
        ],
      },
    },
  };

  it.each([
    [
      3,
      'config',
      () => ({ body: ok(breached) }),
      ['--rules', 'absent.yml'],
      /--rules: cannot read absent\.yml/,
    ],
    [
      4,
      'a 401',
      () => ({ status: 401, body: { ok: false, code: 'UNAUTHORIZED', message: 'bad token' } }),
      [],
      /bad token/,
    ],
    [
      5,
      'a 404',
      () => ({ status: 404, body: { ok: false, code: 'NOT_FOUND', message: 'no compound shop' } }),
      [],
      /no compound shop/,
    ],
    [7, 'a dropped connection', () => ({ drop: true }), [], /the change may or may not have been applied/],
    [8, 'a wrong shape', () => ({ body: ok({ target: { id: 5 } }) }), [], /unexpected response at rules/],
  ] as const)(
    'exit %i (%s): junit, markdown, json and sarif say why',
    async (code, _what, answer, extra, reason) => {
      rmSync(join(work, 'r'), { recursive: true, force: true });
      mkdirSync(join(work, 'r'));
      server.answer = answer;
      const r = await secscan([...gate, ...extra]);
      expect(r.exitCode).toBe(code);
      const junit = parseXml(readFileSync(join(work, 'r/junit.xml'), 'utf8'));
      const suite = junit.children[0];
      expect(suite?.attributes).toMatchObject({ tests: '1', failures: '0', errors: '1' });
      expect(suite?.attributes.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      expect(suite?.attributes.hostname).toMatch(/\S/);
      const error = suite?.children.find((c) => c.name === 'testcase')?.children[0];
      expect(error?.name).toBe('error');
      expect(error?.attributes.message).toMatch(reason);
      expect(error?.text).toContain(`exit code ${code}`);
      const md = readFileSync(join(work, 'r/summary.md'), 'utf8');
      expect(md).toContain('Security gate not evaluated: shop');
      expect(md).toContain(`(exit ${code})`);
      const json = JSON.parse(readFileSync(join(work, 'r/report.json'), 'utf8'));
      expect(json).toMatchObject({ evaluated: false, passed: false, error: { exit_code: code } });
      expect(json.error.message).toMatch(reason);
      const sarif = JSON.parse(readFileSync(join(work, 'r/report.sarif'), 'utf8'));
      expect(sarif.runs[0].results).toEqual([]);
      expect(sarif.runs[0].invocations[0].executionSuccessful).toBe(false);
      expect(sarif.runs[0].automationDetails.id).toBe('secscan/check/shop/');
    },
  );

  it('-o junit prints the error report on stdout too, and the error on stderr', async () => {
    server.answer = () => ({ drop: true });
    const r = await secscan([
      ...['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--source-branch', 'main'],
      ...['-o', 'junit'],
    ]);
    expect(r.exitCode).toBe(7);
    expect(parseXml(r.stdout).attributes.errors).toBe('1');
    expect(r.stderr).toMatch(/^error: CheckScans: /m);
  });

  it('in a CI log (stdout not a terminal, no -o) scans check and scans compare print the human table', async () => {
    server.answer = () => ({ body: ok(breached) });
    const check = await secscan([
      'scans',
      'check',
      '--compound',
      'shop',
      '--rules',
      'rules.yml',
      '--baseline',
      'none',
    ]);
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toMatch(/^RULE\s+MATCHED\s+REACHABLE\s+THRESHOLD\s+OVER\s+RESULT$/m);
    expect(check.stdout).toContain(
      'Top findings of no-critical:\n  #7  critical  SQL Injection  (payments-api)',
    );
    const diff = {
      source: { id: '1' },
      target: { id: '2' },
      new: [{ id: '9', severity: 'high', title: 'XSS', regression: true }],
      fixed: [],
      common: [],
    };
    server.answer = () => ({ body: ok(diff) });
    const compare = await secscan(compareFailOnNew);
    expect(compare.exitCode).toBe(1);
    expect(compare.stdout).toMatch(/^DIFF\s+ID\s+SEVERITY/);
    expect(compare.stdout).toMatch(/^new \(regression\)\s+9\s+high\s+XSS/m);
  });
});

describe('9. a finding that comes back marked fixed is new to scans check --kind diff, as to scans compare', () => {
  it('the sandbox counts it in the check and calls it a regression in the compare', async () => {
    const sandbox = await startSandbox();
    const senv = sandbox.settings;
    try {
      // main fixes a finding the feature branch forked with: to main's baseline it comes back on the branch.
      const fixed = await secscan(
        ['sandbox', 'scan', '--app', 'payments-api', '--fix', '1', '-o', 'json'],
        senv,
      );
      expect(fixed.exitCode).toBe(0);
      const compare = await secscan(
        [
          ...['scans', 'compare', '--app', 'payments-api'],
          ...['--source-branch', 'main', '--target-branch', 'feature/checkout', '-o', 'json'],
        ],
        senv,
      );
      const back = (
        JSON.parse(compare.stdout).new as { id: string; status: string; regression: boolean }[]
      ).filter((f) => f.status === 'fixed');
      expect(back.length).toBeGreaterThan(0);
      expect(back.every((f) => f.regression)).toBe(true);
      const check = await secscan(
        [
          ...['scans', 'check', '--compound', 'payments-api', '--rules', 'every.yml', '--kind', 'diff'],
          ...[
            '--source-branch',
            'main',
            '--target-branch',
            'feature/checkout',
            '--num-findings',
            '100',
            '-o',
            'json',
          ],
        ],
        senv,
      );
      expect(check.exitCode).toBe(1);
      const counted = (JSON.parse(check.stdout).findings.every as { id: number }[]).map((f) => String(f.id));
      for (const f of back) expect(counted).toContain(f.id);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('10. SARIF for GitHub: rules about the rule, one category per command and app', () => {
  const finding = (id: string, file: string) => ({
    id,
    app: 'payments-api',
    type: 'vuln',
    internal_id: `payments-api/${id}`,
    title: `SQL built from the request in ${file}`,
    category: 'SQL Injection',
    severity: 'critical',
    details: { file_name: file, line_number: 3 },
    tags: [{ key: 'cwe_category', value: '89' }],
  });

  it('findings list -o sarif: automationDetails.id from the app, or --sarif-category', async () => {
    server.answer = () => ({ body: ok({ findings: [finding('7', 'a.go'), finding('8', 'b.go')] }) });
    const derived = JSON.parse(
      (await secscan(['findings', 'list', '--app', 'payments-api', '-o', 'sarif'])).stdout,
    );
    const run = derived.runs[0];
    expect(run.automationDetails.id).toBe('secscan/findings/app/payments-api/');
    expect(run.tool.driver.rules).toHaveLength(1);
    const rule = JSON.stringify(run.tool.driver.rules[0]);
    expect(rule).not.toMatch(/a\.go|b\.go|payments-api 7/);
    expect(run.results.map((r: { message: { text: string } }) => r.message.text)).toEqual([
      'SQL built from the request in a.go.',
      'SQL built from the request in b.go.',
    ]);
    const given = await secscan([
      'findings',
      'list',
      '--compound',
      'shop',
      '-o',
      'sarif',
      '--sarif-category',
      'sast/shop',
    ]);
    // A compound's listing: one run per app, each under the category given.
    expect(JSON.parse(given.stdout).runs[0].automationDetails.id).toBe('sast/shop/payments-api/');
  });

  it('scans check --report-sarif carries its own category; --sarif-category without SARIF is exit 2', async () => {
    mkdirSync(join(work, 's'), { recursive: true });
    server.answer = () => ({
      body: ok({ target: { id: 5 }, rules: { 'no-critical': { matched: 0, over_threshold: 0 } } }),
    });
    const r = await secscan([
      'scans',
      'check',
      '--compound',
      'shop',
      '--rules',
      'rules.yml',
      '--baseline',
      'none',
      '--report-sarif',
      's/gate.sarif',
    ]);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 's/gate.sarif'), 'utf8')).runs[0].automationDetails.id).toBe(
      'secscan/check/shop/',
    );
    server.requests.length = 0;
    const usage = await secscan([
      'scans',
      'check',
      '--compound',
      'shop',
      '--rules',
      'rules.yml',
      '--sarif-category',
      'x',
    ]);
    expect([usage.exitCode, usage.stderr]).toEqual([
      2,
      expect.stringContaining('--sarif-category needs --report-sarif FILE or -o sarif'),
    ]);
    const list = await secscan(['findings', 'list', '--app', 'a', '--sarif-category', 'x']);
    expect([list.exitCode, list.stderr]).toEqual([
      2,
      expect.stringContaining('--sarif-category needs -o sarif'),
    ]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('11. checks before sending', () => {
  it.each([
    [['tokens', 'create', '--label', 'x', '--role', 'r', '--valid-for', '99999999999d'], '--valid-for'],
    [['findings', 'list', '--category', ''], '--category must not be empty'],
    [['app-groups', 'upsert', 'web', '--add', ''], 'invalid value for --add: "" (an empty item)'],
    [
      ['app-groups', 'upsert', 'web', '--remove', 'a,,b'],
      'invalid value for --remove: "a,,b" (an empty item)',
    ],
    [['apps', 'labels', 'payments-api', '--add', 'pci,', '--remove', 'x'], 'invalid value for --add: "pci,"'],
    [['tokens', 'list', '-o', ''], 'invalid value for -o, --output: ""'],
    [['tokens', 'list', '--base-url', ''], '--base-url must not be empty'],
    [['tokens', 'list', '--profile', ''], '--profile must not be empty'],
    [['tokens', 'list', '--org', ''], '--org must not be empty'],
    [['compounds', 'sarif', 'shop', '--out', '.'], 'invalid value for --out: . is a directory'],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--report-junit', '.'],
      'invalid value for --report-junit: . is a directory',
    ],
    [
      [
        'scans',
        'check',
        '--compound',
        'shop',
        '--rules',
        'rules.yml',
        '--report-markdown',
        'no/such/dir/s.md',
      ],
      'the directory of no/such/dir/s.md does not exist',
    ],
  ])('%j is exit 2 with no request', async (argv, message) => {
    server.answer = () => ({ body: ok([]) });
    const r = await secscan(argv);
    expect([r.exitCode, r.stderr.split('\n')[0]]).toEqual([2, expect.stringContaining(message)]);
    expect(server.requests).toHaveLength(0);
  });

  it('an unknown --profile is refused even when the environment gives every setting (exit 3)', async () => {
    const r = await secscan(['tokens', 'list', '--profile', 'nosuch']);
    expect([r.exitCode, r.stderr.split('\n')[0]]).toEqual([3, 'error: profile "nosuch" does not exist']);
    expect(server.requests).toHaveLength(0);
  });

  it('roles create and update refuse a scope the organization does not offer: one read, no write', async () => {
    server.answer = () => ({ body: ok(['findings:list', 'findings:read', 'teams:list']) });
    const create = await secscan([
      'roles',
      'create',
      '--name',
      'triage',
      '--scope',
      'findings:list,nosuch:read',
    ]);
    expect([create.exitCode, create.stderr.split('\n')[0]]).toEqual([
      2,
      'error: unknown scope "nosuch:read" for --scope: the organization does not offer it',
    ]);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
    server.requests.length = 0;
    const update = await secscan([
      'roles',
      'update',
      '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      '--add-scope',
      'comments:*',
    ]);
    expect(update.exitCode).toBe(2);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });
});

describe('12. and what was done before: each still holds', () => {
  const page = (n: number) => ({
    id: String(n),
    app: 'payments-api',
    type: 'vuln',
    internal_id: `i${n}`,
    title: `t${n}`,
  });

  it('a next_page repeating the page, or not an http(s) link, is exit 8 without a duplicate row', async () => {
    server.answer = (req) => ({
      body: { ok: true, next_page: `${req.path}?${req.query.toString()}`, response: { findings: [page(1)] } },
    });
    const repeat = await secscan(['findings', 'list', '--app', 'payments-api', '--all', '--fields', 'id']);
    expect(repeat.exitCode).toBe(8);
    expect(['', '1']).toContain(repeat.stdout);
    expect(repeat.stderr).toContain('next_page repeats the page just read');
    for (const link of ['javascript:alert(1)', 'file:///etc/passwd']) {
      server.answer = () => ({ body: { ok: true, next_page: link, response: { findings: [page(2)] } } });
      const r = await secscan(['findings', 'list', '--app', 'payments-api', '--all', '--fields', 'id']);
      expect(r.exitCode).toBe(8);
      expect(['', '2']).toContain(r.stdout);
      expect(r.stderr).toContain('next_page is not an http(s) link to a page');
    }
  });

  it('--debug redacts secrets in query strings', async () => {
    server.answer = (req) =>
      req.query.get('page') === '2'
        ? { body: ok({ findings: [page(2)] }) }
        : {
            body: {
              ok: true,
              next_page: `/orgs/${orgId}/apps/payments-api/findings?page=2&access_token=SECRET-1&sig=SECRET-2`,
              response: { findings: [page(1)] },
            },
          };
    const r = await secscan([
      'findings',
      'list',
      '--app',
      'payments-api',
      '--all',
      '--debug',
      '--fields',
      'id',
    ]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('access_token=[redacted]&sig=[redacted]');
    expect(r.stderr).not.toContain('SECRET');
    expect(r.stderr).not.toContain('hostile-test-token');
  });

  it('a redirect is reported as one, with its target, and never followed with the token', async () => {
    const other = await startHostile();
    try {
      server.answer = () => ({ status: 302, headers: { location: `${other.baseUrl}/steal` } });
      const r = await secscan(['tokens', 'list']);
      expect(r.exitCode).toBe(8);
      expect(r.stderr.split('\n')[0]).toBe(
        `error: ListTokens: the service answered with a redirect to ${other.baseUrl}/steal (HTTP 302), which is not followed`,
      );
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('a JSON body over the limit is exit 8 naming the limit, read no further', async () => {
    server.answer = () => ({ partial: `{"ok":true,"response":{"email":"${'x'.repeat(300 * 1024 * 1024)}` });
    const r = await secscan(['whoami']);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain('ReadUser: the answer is larger than the 32 MiB a JSON answer may have');
  }, 60_000);

  it('a config file others can read gets a warning, as ssh gives', async () => {
    const dir = join(work, 'exposed');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        current_profile: 'p',
        profiles: { p: { base_url: server.baseUrl, org_id: orgId, token: 't' } },
      }),
      { mode: 0o644 },
    );
    server.answer = () => ({ body: ok([]) });
    const r = await spawnCli(
      ['tokens', 'list'],
      { PATH: env.PATH as string, SECSCAN_CONFIG_DIR: dir },
      { cwd: work },
    );
    expect(r.exitCode).toBe(0);
    expect(String(r.stderr)).toMatch(/^warning: .*config\.json can be read by other users; run `chmod 600 /m);
  });

  it('Ctrl-C while a spinner shows on a terminal interrupts the run (130)', async () => {
    server.answer = () => ({ delayMs: 8000, body: ok({ email: 'late@example.com' }) });
    const started = Date.now();
    const child = execa('script', ['-qec', `stty cols 160 rows 50; node '${bin}' whoami`, '/dev/null'], {
      env: { ...env, TERM: 'xterm-256color' },
      extendEnv: false,
      reject: false,
      stdin: 'pipe',
    });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 400));
    child.stdin?.write('\u0003');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(String(r.stdout)).toContain('Reading user');
    expect(String(r.stdout)).not.toContain('late@example.com');
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe('12. an untrusted certificate is a configuration error naming NODE_EXTRA_CA_CERTS', () => {
  it('exit 3, one attempt, and the same call succeeds once the certificate is trusted', async () => {
    const dir = join(work, 'tls');
    mkdirSync(dir, { recursive: true });
    await execa('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...[
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
    ]);
    let handshakes = 0;
    const tls = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ok({ email: 'tls@example.com', idv2: 'u' })));
      },
    );
    tls.on('secureConnection', () => handshakes++);
    tls.on('tlsClientError', () => handshakes++);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
    try {
      const untrusted = await secscan(['whoami'], { SECSCAN_BASE_URL: url });
      expect(untrusted.exitCode).toBe(3);
      expect(untrusted.stderr).toMatch(
        /^error: ReadUser: the certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted/m,
      );
      expect(untrusted.stderr).toMatch(/^hint: .*NODE_EXTRA_CA_CERTS/m);
      expect(untrusted.stderr).not.toContain('safe to retry');
      expect(handshakes).toBe(1);
      const trusted = await secscan(['whoami', '-o', 'json'], {
        SECSCAN_BASE_URL: url,
        NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem'),
      });
      expect(trusted.exitCode).toBe(0);
      expect(JSON.parse(trusted.stdout).email).toBe('tls@example.com');
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});

describe('6. concurrent config writes keep every change', () => {
  it('10 parallel auth login --profile pN and 10 parallel config set keep all of them', async () => {
    const sandbox = await startSandbox();
    const dir = join(work, 'parallel');
    const cenv = { PATH: env.PATH as string, SECSCAN_CONFIG_DIR: dir };
    try {
      const logins = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          spawnCli(
            ['auth', 'login', '--profile', `p${i}`, '--base-url', sandbox.baseUrl, '--with-token'],
            cenv,
            {
              input: `${sandbox.token}\n`,
              stdin: undefined,
            },
          ),
        ),
      );
      expect(logins.map((r) => r.exitCode)).toEqual(Array(10).fill(0));
      const sets = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          spawnCli(['--profile', `p${i}`, 'config', 'set', 'base_url', `https://h${i}.example.com`], cenv),
        ),
      );
      expect(sets.map((r) => r.exitCode)).toEqual(Array(10).fill(0));
      const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles;
      expect(Object.keys(saved).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`).sort());
      for (let i = 0; i < 10; i++) {
        expect(saved[`p${i}`]).toMatchObject({ base_url: `https://h${i}.example.com`, token: sandbox.token });
      }
    } finally {
      await sandbox.stop();
    }
  }, 60_000);
});
