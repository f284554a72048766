import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan as spawnCli, startSandbox } from './sandbox.js';

/**
 * The sandbox as clients of the service written by others see it: over TLS, in the service's data shapes,
 * gating with the rules files of `sl check-analysis`, driven by `secscan sandbox scan`, delivering
 * `scan.finished` to a registered webhook.
 */

const clients = fileURLToPath(new URL('./clients/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'secscan-e2e-real-'));
const secret = 'whsec-e2e';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;
let clientEnv: Record<string, string>;

async function secscan(args: string[], extra: Record<string, string> = {}) {
  const r = await spawnCli(args, { ...env, ...extra }, { cwd: work });
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/scan`;
  // A webhook registered beforehand: the state file holds it, the rest comes from the seed.
  const state = join(work, 'sandbox.json');
  const webhooks = [
    {
      version: 2,
      url: hook,
      tokenID: 't',
      events: ['scan.finished'],
      authType: 'hmac',
      secret,
      enableEmailNotification: false,
    },
  ];
  writeFileSync(state, JSON.stringify({ version: 1, seed: 1, webhooks }));
  sandbox = await startSandbox(['--tls', '--state', state, '--log']);
  config = isolatedEnv();
  env = {
    ...config.env,
    ...sandbox.settings,
    SECSCAN_CA_FILE: sandbox.caFile as string,
  };
  clientEnv = {
    PATH: process.env.PATH ?? '',
    SHIFTLEFT_API_HOST: new URL(sandbox.baseUrl).host,
    SHIFTLEFT_ORG_ID: sandbox.orgId,
    SHIFTLEFT_ACCESS_TOKEN: sandbox.token,
  };
});

afterAll(async () => {
  await sandbox?.stop();
  receiver?.close();
  config?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe('sandbox --tls with a client written against the service’s documented shapes', () => {
  it('prints SECSCAN_CA_FILE beside the state, and serves https', () => {
    expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.caFile).toMatch(new RegExp(`^${work}/sandbox-ca-\\d+\\.pem$`));
    expect(readFileSync(sandbox.caFile as string, 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it('--profile stores the CA file with the profile: commands using it need no SECSCAN_CA_FILE', async () => {
    const other = await startSandbox(['--tls', '--profile', 'tls-demo', '--state', join(work, 'other.json')]);
    try {
      const profileEnv = { PATH: process.env.PATH ?? '', SECSCAN_CONFIG_DIR: other.configDir };
      const listed = await spawnCli(['apps', 'list', '--fields', 'id'], profileEnv);
      expect(listed.stderr).toBe('');
      expect(listed.stdout).toContain('shiftleft-java-demo');
      const ca = await spawnCli(['config', 'get', 'ca_file'], profileEnv);
      expect(ca.stdout).toMatch(new RegExp(`^${work}/sandbox-ca-\\d+\\.pem$`));
      expect(ca.stdout).toBe(other.caFile);
    } finally {
      await other.stop();
    }
  });

  it('pages with next_page over TLS, counts severities by tag and reads every location, as secscan does', async () => {
    const run = await execa('node', [join(clients, 'sl-client.mjs'), 'shiftleft-java-demo'], {
      env: { ...clientEnv, NODE_EXTRA_CA_CERTS: sandbox.caFile as string },
      extendEnv: false,
      reject: false,
    });
    expect(run.stderr).toBe('');
    const seen = JSON.parse(run.stdout);
    const listed = await secscan(['findings', 'list', '--app', 'shiftleft-java-demo', '--all', '-o', 'json']);
    expect(listed.exitCode).toBe(0);
    const findings = JSON.parse(listed.stdout) as { id: string; severity: string }[];
    expect(seen.total).toBe(findings.length);
    expect(seen.pages).toBe(Math.ceil(findings.length / 4));
    const bySeverity: Record<string, number> = {};
    for (const f of findings) bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
    expect(seen.bySeverity).toEqual(bySeverity);
    expect(seen.urgent).toBe((bySeverity.critical ?? 0) + (bySeverity.high ?? 0));
    expect(seen.urgentCounted).toBe(seen.urgent);
    expect(seen.noScan).toBe('no scans found');
    expect(seen.apps).toContainEqual({ id: 'shiftleft-java-demo', name: 'shiftleft-java-demo' });
    const places = await secscan([
      'findings',
      'list',
      '--app',
      'shiftleft-java-demo',
      '--all',
      '--fields',
      'id,type,location',
    ]);
    const rows = places.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    for (const [id, type, where] of rows) {
      if (!['vuln', 'secret', 'extscan', 'oss_vuln'].includes(type as string)) continue;
      expect(seen.locations[id as string], `finding ${id} (${type})`).toMatch(/^[\w/.-]+:\d+$/);
      expect(where?.startsWith(seen.locations[id as string]), `finding ${id}: ${where}`).toBe(true);
    }
  });

  it.skipIf(spawnSync('python3', ['--version']).status !== 0)(
    'a Python client trusting the CA through SSL_CERT_FILE reads the same',
    async () => {
      const run = await execa('python3', [join(clients, 'sl_client.py'), 'shiftleft-java-demo'], {
        env: { ...clientEnv, SSL_CERT_FILE: sandbox.caFile as string },
        extendEnv: false,
        reject: false,
      });
      expect(run.stderr).toBe('');
      const seen = JSON.parse(run.stdout);
      const node = await execa('node', [join(clients, 'sl-client.mjs'), 'shiftleft-java-demo'], {
        env: { ...clientEnv, NODE_EXTRA_CA_CERTS: sandbox.caFile as string },
        extendEnv: false,
      });
      const fromNode = JSON.parse(node.stdout);
      expect(seen).toEqual({ pages: fromNode.pages, total: fromNode.total, bySeverity: fromNode.bySeverity });
    },
  );

  it('without the CA, secscan refuses the certificate (exit 3) and says how to trust it', async () => {
    const { SECSCAN_CA_FILE: _ca, ...untrusted } = env;
    const r = await spawnCli(['apps', 'list'], untrusted);
    expect(r.exitCode).toBe(3);
    expect(String(r.stderr)).toContain('SECSCAN_CA_FILE');
  });
});

describe('a pipeline that gated with sl check-analysis gates unchanged with secscan scans check', () => {
  const v2 = [
    'version: 2',
    'source:',
    '  branch: main',
    'build_rules:',
    '  - id: "Allow zero high SAST vulnerabilities"',
    '    finding_types:',
    '      - vuln',
    '      - secret',
    '    cvss_31_severity_ratings:',
    '      - high',
    '      - critical',
    '    threshold: 0',
    '    options:',
    '      num_findings: 10',
    '  - id: "Allow zero reachable SCA vulnerabilities"',
    '    finding_types: [oss_vuln]',
    '    cvss_31_severity_ratings: [critical, high]',
    '    threshold: 0',
    '    options:',
    '      reachable: true',
    '',
  ].join('\n');

  it('the v2 file fails the feature branch that adds a critical and a secret (exit 1), like its conversion', async () => {
    writeFileSync(join(work, 'shiftleft.yml'), v2);
    const gate = (rules: string, report: string) =>
      secscan([
        'scans',
        'check',
        '--compound',
        'payments-api',
        '--rules',
        rules,
        '--target-branch',
        'feature/checkout',
        '--report-json',
        report,
      ]);
    const sl = await gate('shiftleft.yml', 'sl.json');
    expect(sl.stdout).toMatch(
      /^Gate failed: 1 of 2 rule\(s\) over threshold: Allow zero high SAST vulnerabilities/m,
    );
    expect(sl.exitCode).toBe(1);
    const converted = await secscan(['rules', 'convert', 'shiftleft.yml']);
    expect(converted.exitCode).toBe(0);
    writeFileSync(join(work, 'converted.yml'), converted.stdout);
    const own = await gate('converted.yml', 'own.json');
    expect(own.exitCode).toBe(1);
    const report = (file: string) => {
      // The policy and the baseline's origin name the file; the baseline scan is the same.
      const { policy: _policy, baseline, ...rest } = JSON.parse(readFileSync(join(work, file), 'utf8'));
      return { ...rest, baseline: baseline.scan };
    };
    expect(report('own.json')).toEqual(report('sl.json'));
    const rule = report('sl.json').rules.find(
      (r: { rule: string }) => r.rule === 'Allow zero high SAST vulnerabilities',
    );
    expect(rule.matched).toBe(2);
  });

  it('a v1 file still gates, with a warning that it is the old format', async () => {
    writeFileSync(
      join(work, 'old.yml'),
      'build_rules:\n  - id: lenient\n    severity: [SEVERITY_HIGH_IMPACT]\n    threshold: 10\n',
    );
    const r = await secscan([
      'scans',
      'check',
      '--compound',
      'payments-api',
      '--rules',
      'old.yml',
      '--target-branch',
      'feature/checkout',
    ]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('warning: old.yml is an sl check-analysis v1 file (the old format)');
  });
});

describe('secscan sandbox scan drives the next gate, and the webhook hears it', () => {
  const gate = () =>
    secscan([
      'scans',
      'check',
      '--compound',
      'shiftleft-java-demo',
      '--rules',
      'no-new-critical.yml',
      '--report-json',
      'gate.json',
    ]);

  it('--new critical=1 makes the next diff gate exit 1; scan.finished arrives signed; --fix 1 makes it pass', async () => {
    writeFileSync(
      join(work, 'no-new-critical.yml'),
      'build_rules:\n  - id: no-new-critical\n    cvss_31_severity_ratings: [critical]\n    threshold: 0\n',
    );
    const before = await gate();
    expect(before.stdout).toMatch(/^Gate passed/m);
    expect(before.exitCode).toBe(0);
    const scanned = await secscan([
      'sandbox',
      'scan',
      '--app',
      'shiftleft-java-demo',
      '--new',
      'critical=1',
      '-o',
      'json',
    ]);
    expect(scanned.stderr).toBe('');
    expect(scanned.exitCode).toBe(0);
    const recorded = JSON.parse(scanned.stdout);
    expect(recorded).toMatchObject({ branch: 'master', new: [expect.any(String)], fixed: [], regressed: [] });
    expect(recorded.webhooks).toHaveLength(1);
    const after = await gate();
    expect(after.exitCode).toBe(1);
    const report = JSON.parse(readFileSync(join(work, 'gate.json'), 'utf8'));
    expect(report.rules[0]).toMatchObject({ rule: 'no-new-critical', matched: 1 });

    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    const [hook] = received as [{ headers: IncomingHttpHeaders; body: string }];
    expect(hook.headers['x-sl-event']).toBe('scan.finished');
    expect(hook.headers['x-sl-webhook-delivery-id']).toBe(recorded.webhooks[0].delivery_id);
    const signed = `${String(hook.headers['x-sl-timestamp'])}.${recorded.webhooks[0].delivery_id}.${hook.body}`;
    expect(hook.headers['x-sl-signature']).toBe(
      `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`,
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'scan.finished',
      app: 'shiftleft-java-demo',
      scans: [{ id: recorded.scans[0].id }],
      findings: { new: 1, new_by_severity: { critical: 1 } },
    });
    expect(
      sandbox.log.some((l) =>
        /^webhook scan\.finished \S+ -> http:\/\/127\.0\.0\.1:\d+\/hooks\/scan attempt 1\/4: 204 \(\d+ms\) delivered$/.test(
          l,
        ),
      ),
    ).toBe(true);

    const fixed = await secscan(['sandbox', 'scan', '--app', 'shiftleft-java-demo', '--fix', '1']);
    expect(fixed.exitCode).toBe(0);
    expect((await gate()).exitCode).toBe(0);
  });
});
