import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import type { Finding } from '@secscan/api/schemas/findings';
import { gateReport } from '../../../src/gate/report.js';
import { sarifCategory } from '../../../src/output/formats/stamp.js';
import {
  fingerprint,
  githubSarifLimits,
  sarifLevel,
  sarifNotEvaluated,
  type SarifOptions,
  sarifReport,
  writeSarif,
} from '../../../src/output/formats/sarif.js';
import { useSandbox } from '../../../packages/sandbox/test/harness.js';
import { validateSarif } from '../../helpers/sarif-validator.js';

const sandbox = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'secscan-sarif-'));
const dispatcher = new Agent();
afterAll(async () => {
  await dispatcher.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sarifOf(
  findings: AsyncIterable<Finding> | Finding[],
  options: Partial<SarifOptions> = {},
): Promise<string> {
  let text = '';
  await writeSarif(
    {
      write: async (t) => {
        text += t;
      },
    },
    findings,
    { toolVersion: '0.1.0', ...options },
  );
  return text;
}

async function* sandboxFindings(): AsyncGenerator<Finding> {
  const client = new ApiClient({
    baseUrl: sandbox().baseUrl,
    token: sandbox().token,
    orgId: sandbox().orgId,
    dispatcher,
  });
  for await (const page of client.pages('ListOrgFindings', { query: { status: 'any', per_page: 50 } })) {
    yield* page.findings ?? [];
  }
}

describe('SARIF', () => {
  it('the official validator (Gh;Sarif rules) reports no error and no warning on the sandbox findings', async () => {
    const file = join(dir, 'findings.sarif');
    const automationId = sarifCategory(['findings', 'org']);
    writeFileSync(file, await sarifOf(sandboxFindings(), { automationId }));
    expect(await validateSarif(file)).toEqual([]);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(log.runs[0].results.length).toBeGreaterThan(40);
    expect(log.runs[0].automationDetails).toEqual({ id: 'secscan/findings/org/' });
    expect(log.runs[0].invocations).toEqual([{ executionSuccessful: true }]);
  }, 180_000);

  /** Where each type of finding says it is, read here without the shared reader. */
  function placeOf(f: Finding): [string, number] {
    const d = f.details ?? {};
    if (Array.isArray(d.file_locations)) {
      const [file, line] = String(d.file_locations[0]).split(':');
      return [file as string, Number(line)];
    }
    if (typeof d.fileName === 'string') return [d.fileName, Number(d.lineNumber)];
    const tag = f.tags?.find((t) => t.key === 'location');
    if (tag) {
      const [file, line] = String(tag.value).split('#');
      return [file as string, Number(line)];
    }
    return [f.app, 1];
  }
  it('a gate that was not evaluated: no results, an unsuccessful invocation saying why; the validator is clean', async () => {
    const file = join(dir, 'not-evaluated.sarif');
    const text = await sarifNotEvaluated(
      {
        compound: 'shop',
        kind: 'diff',
        policy: 'rules.yml',
        enforced: true,
        code: 'TRANSIENT',
        message: 'CheckScans: the connection failed',
        hint: undefined,
        exitCode: 7,
      },
      '0.1.0',
      sarifCategory(['check', 'shop']),
    );
    writeFileSync(file, text);
    expect(await validateSarif(file)).toEqual([]);
    const run = JSON.parse(text).runs[0];
    expect(run.results).toEqual([]);
    expect(run.invocations[0]).toMatchObject({
      executionSuccessful: false,
      toolExecutionNotifications: [{ level: 'error', message: { text: expect.stringContaining('exit 7') } }],
    });
    expect(run.automationDetails.id).toBe('secscan/check/shop/');
  }, 180_000);

  it('the gate’s log: one run per app of the compound, each under the gate’s category; the validator is clean', async () => {
    const top = (id: number, app: string, severity: string, file: string) => ({
      id,
      title: `Finding ${id}`,
      tags: {
        severity: [severity],
        app: [app],
        category: ['SQL Injection'],
        cwe: ['89'],
        file: [file],
        line: ['7'],
      },
    });
    const report = gateReport(
      {
        target: { id: 5 },
        rules: {
          'no-critical': {
            matched: 3,
            over_threshold: 3,
            findings: [
              top(1, 'payments-api', 'critical', 'cmd/a.go'),
              top(2, 'web-frontend', 'critical', 'src/b.js'),
              top(3, 'payments-api', 'critical', 'cmd/c.go'),
            ],
          },
        },
      },
      [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
      { compound: 'shop', kind: 'diff', policy: 'rules.yml', enforced: true },
    );
    const file = join(dir, 'gate.sarif');
    writeFileSync(file, await sarifReport(report, '0.1.0', sarifCategory(['check', 'shop'])));
    expect(await validateSarif(file)).toEqual([]);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(
      log.runs.map((r: { automationDetails: { id: string }; results: unknown[] }) => [
        r.automationDetails.id,
        r.results.length,
      ]),
    ).toEqual([
      ['secscan/check/shop/payments-api/', 2],
      ['secscan/check/shop/web-frontend/', 1],
    ]);
  }, 180_000);

  it('a rule is about its category, never about the first finding of it', async () => {
    const findings: Finding[] = [];
    for await (const f of sandboxFindings()) findings.push(f);
    const rules = JSON.parse(await sarifOf(findings)).runs[0].tool.driver.rules as {
      id: string;
      fullDescription: { text: string };
      help: { text: string; markdown: string };
    }[];
    for (const rule of rules) {
      const text = `${rule.fullDescription.text}\n${rule.help.text}\n${rule.help.markdown}`;
      for (const f of findings) {
        expect(text).not.toContain(`--app ${f.app} ${f.id}`);
        if (f.title && f.title !== f.category) expect(text).not.toContain(f.title);
        const file = f.details?.file_name;
        if (typeof file === 'string') expect(text).not.toContain(file);
      }
    }
    expect(sarifCategory(['check', 'shop'], 'security/gate')).toBe('security/gate/');
  });

  it('one rule per category, levels by severity, numeric security-severity, stable fingerprints, locations', async () => {
    const findings: Finding[] = [];
    for await (const f of sandboxFindings()) findings.push(f);
    const log = JSON.parse(await sarifOf(findings));
    const run = log.runs[0];
    const categories = new Set(findings.map((f) => f.category));
    expect(run.tool.driver.rules).toHaveLength(categories.size);
    for (const rule of run.tool.driver.rules) {
      expect(rule.fullDescription.text).toMatch(/\w/);
      expect(rule.help.text).toMatch(/\w/);
      expect(Number(rule.properties['security-severity'])).toBeGreaterThan(0);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- SARIF results are read as arbitrary JSON.
    run.results.forEach((r: Record<string, any>, i: number) => {
      const f = findings[i] as Finding;
      expect(r.level).toBe(sarifLevel(f.severity));
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(Number.isFinite(Number(r.properties['security-severity']))).toBe(true);
      expect(r.partialFingerprints['secscanFindingHash/v1']).toBe(fingerprint(f));
      const [file, line] = placeOf(f);
      expect(r.locations[0].physicalLocation.artifactLocation.uri).toBe(file);
      expect(r.locations[0].physicalLocation.region.startLine).toBe(line);
    });
    expect(sarifLevel('critical')).toBe('error');
    expect(sarifLevel('medium')).toBe('warning');
    expect(sarifLevel('low')).toBe('note');
    const again = JSON.parse(await sarifOf(findings));
    expect(again.runs[0].results.map((r: { partialFingerprints: unknown }) => r.partialFingerprints)).toEqual(
      run.results.map((r: { partialFingerprints: unknown }) => r.partialFingerprints),
    );
  });

  it('a path holding #, ?, % or a space stays whole: each segment percent-encoded; the validator is clean', async () => {
    const paths = ['src/a#b.go', 'src/what?.go', 'src/100%.go', 'src/dir name/c.go', 'C:\\work\\d#1.go'];
    const findings = paths.map((file, i) => ({
      id: String(i + 1),
      app: 'payments-api',
      type: 'vuln',
      title: `SQL Injection ${i + 1}`,
      category: 'SQL Injection',
      severity: 'critical',
      internal_id: `sql/${i + 1}`,
      details: { file_locations: [`${file}:${i + 3}`] },
    })) as unknown as Finding[];
    const file = join(dir, 'paths.sarif');
    writeFileSync(file, await sarifOf(findings));
    expect(await validateSarif(file)).toEqual([]);
    const uris = JSON.parse(readFileSync(file, 'utf8')).runs[0].results.map(
      (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
        r.locations[0]?.physicalLocation.artifactLocation.uri,
    );
    expect(uris).toEqual([
      'src/a%23b.go',
      'src/what%3F.go',
      'src/100%25.go',
      'src/dir%20name/c.go',
      'C%3A/work/d%231.go',
    ]);
    expect(uris.map(decodeURIComponent)).toEqual([
      'src/a#b.go',
      'src/what?.go',
      'src/100%.go',
      'src/dir name/c.go',
      'C:/work/d#1.go',
    ]);
  }, 180_000);

  it('an empty list is a valid log with no results', async () => {
    const log = JSON.parse(await sarifOf([]));
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].tool.driver.rules).toEqual([]);
  });

  it('org and compound level: one run per app, each with its own category; the validator is clean', async () => {
    const file = join(dir, 'per-app.sarif');
    const findings: Finding[] = [];
    for await (const f of sandboxFindings()) findings.push(f);
    const automationId = sarifCategory(['findings', 'org']);
    writeFileSync(file, await sarifOf(findings, { automationId, perApp: true }));
    expect(await validateSarif(file)).toEqual([]);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    const apps = [...new Set(findings.map((f) => f.app))];
    expect(log.runs).toHaveLength(apps.length);
    for (const run of log.runs) {
      const app = run.results[0].properties.app;
      expect(run.automationDetails.id).toBe(`secscan/findings/org/${app}/`);
      expect(run.results.every((r: { properties: { app: string } }) => r.properties.app === app)).toBe(true);
      expect(run.results).toHaveLength(findings.filter((f) => f.app === app).length);
      // Every rule a result names is in its own run's rules.
      for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
    }
  }, 180_000);
});

/** A finding of the given severity, app and title (a dependency, so its CVSS score is its severity score). */
const synthetic = (i: number, severity: string, app = 'payments-api', title = `finding ${i}`): Finding => ({
  id: String(i),
  app,
  type: 'vuln',
  internal_id: `${app}/${i}`,
  title,
  severity,
  category: 'SQL Injection',
  details: { file_locations: [`src/f${i % 50}.go:${(i % 400) + 1}`] },
});

describe('SARIF within GitHub’s upload limits', () => {
  it('25,000 results a run at most: the most severe are kept, stderr says how many were left out', async () => {
    const warnings: string[] = [];
    const findings = Array.from({ length: githubSarifLimits.resultsPerRun + 2 }, (_, i) =>
      synthetic(i, i === 7 || i === 9 ? 'low' : i === 25_001 ? 'critical' : 'high'),
    );
    const log = JSON.parse(await sarifOf(findings, { warn: (m) => warnings.push(m) }));
    const results = log.runs[0].results as { properties: { finding_id: string; severity: string } }[];
    expect(results).toHaveLength(githubSarifLimits.resultsPerRun);
    const ids = new Set(results.map((r) => r.properties.finding_id));
    // Two lows for one place: the later low leaves first; the critical that came last is kept.
    expect(ids.has('9')).toBe(false);
    expect(ids.has('7')).toBe(false);
    expect(ids.has('25001')).toBe(true);
    expect(results.map((r) => Number(r.properties.finding_id))).toEqual(
      [...ids].map(Number).sort((a, b) => a - b),
    );
    expect(warnings).toEqual([
      "SARIF: left out 2 of 25002 results to stay within GitHub's upload limits (2 over 25,000 results in a run); the most severe are kept",
    ]);
  }, 60_000);

  it('20 runs at most: the apps with the least severe findings are left out', async () => {
    const warnings: string[] = [];
    const findings = Array.from({ length: 21 }, (_, i) =>
      synthetic(i, i === 4 ? 'low' : 'high', `app-${String(i).padStart(2, '0')}`),
    );
    const log = JSON.parse(
      await sarifOf(findings, {
        perApp: true,
        automationId: 'secscan/findings/org/',
        warn: (m) => warnings.push(m),
      }),
    );
    expect(log.runs).toHaveLength(githubSarifLimits.runs);
    const ids = log.runs.map((r: { automationDetails: { id: string } }) => r.automationDetails.id);
    expect(ids).not.toContain('secscan/findings/org/app-04/');
    expect(ids).toContain('secscan/findings/org/app-20/');
    expect(warnings[0]).toContain('left out 1 of 21 results');
    expect(warnings[0]).toContain('1 of apps beyond 20 runs');
  });

  it('10 MB gzipped at most (a lower limit here): the least severe leave until the log fits', async () => {
    const warnings: string[] = [];
    const limits = { ...githubSarifLimits, gzipBytes: 20_000 };
    // Random titles do not compress: the log is far over the limit.
    const findings = Array.from({ length: 400 }, (_, i) =>
      synthetic(i, i % 4 === 0 ? 'critical' : 'medium', 'payments-api', randomBytes(60).toString('hex')),
    );
    const text = await sarifOf(findings, { limits, warn: (m) => warnings.push(m) });
    expect(gzipSync(text).length).toBeLessThanOrEqual(limits.gzipBytes);
    const results = JSON.parse(text).runs[0].results as { properties: { severity: string } }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThan(findings.length);
    // Every critical is kept before any medium.
    const criticals = results.filter((r) => r.properties.severity === 'critical').length;
    expect(criticals === 100 || results.every((r) => r.properties.severity === 'critical')).toBe(true);
    expect(warnings[0]).toMatch(/left out \d+ of 400 results .*to stay under 0\.02 MB gzipped/);
  });

  it('one location a result and no code flow: the locations and thread-flow limits hold by construction', async () => {
    const findings: Finding[] = [];
    for await (const f of sandboxFindings()) findings.push(f);
    const log = JSON.parse(await sarifOf(findings, { perApp: true }));
    for (const run of log.runs) {
      for (const r of run.results) {
        expect(r.locations).toHaveLength(1);
        expect(r.codeFlows).toBeUndefined();
        expect(r.relatedLocations).toBeUndefined();
      }
    }
  });
});
