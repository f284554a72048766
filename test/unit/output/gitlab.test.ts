import { Ajv } from 'ajv';
import type { Issue } from 'codeclimate-types';
import { describe, expect, it } from 'vitest';
import { validateSast } from '../../helpers/gitlab.js';
import type { Finding } from '@secscan/api/schemas/findings';
import { codeQualityNotEvaluated, writeCodeQuality } from '../../../src/output/formats/codequality.js';
import { gitlabSastVersion, writeGitlabSast } from '../../../src/output/formats/gitlab-sast.js';
import { fingerprint } from '../../../src/output/formats/sarif.js';

/**
 * What GitLab's Code Quality widget reads of each issue (docs: "Code Quality report format"): description,
 * check_name, fingerprint, severity (info, minor, major, critical, blocker), location.path and
 * location.lines.begin; codeclimate-types gives the rest of the shape, checked at compile time below.
 */
const codeQualitySchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      type: { const: 'issue' },
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      categories: { type: 'array', items: { type: 'string' } },
      location: {
        type: 'object',
        required: ['path', 'lines'],
        properties: {
          path: { type: 'string', minLength: 1, not: { pattern: '^(/|\\./)' } },
          lines: {
            type: 'object',
            required: ['begin'],
            properties: { begin: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
  },
};
const validateCodeQuality = new Ajv({ allErrors: true }).compile(codeQualitySchema);

const findings: Finding[] = [
  {
    id: '7',
    app: 'payments-api',
    type: 'vuln',
    internal_id: 'payments-api/sqli/7',
    title: 'SQL built from the request \u001b[31min\u001b[0m a.go',
    description: 'The query string reaches db.Query.\nUse a prepared statement.',
    severity: 'critical',
    category: 'SQL Injection',
    details: { file_locations: ['./cmd/a.go:12'] },
    tags: [{ key: 'cwe_category', value: '89' }],
  },
  {
    id: '8',
    app: 'web-frontend',
    type: 'secret',
    internal_id: 'web-frontend/secret/8',
    title: 'Hardcoded credential',
    severity: 'high',
    category: 'Hardcoded credential',
    details: { fileName: 'src/config.js', lineNumber: 4 },
  },
  // No place at all: the report names the app, line 1.
  { id: '9', app: 'ledger', type: 'oss_vuln', internal_id: 'ledger/oss/9', severity: 'low' },
  { id: '10', app: 'ledger', type: 'insight', internal_id: 'ledger/i/10', severity: 'info' },
];

async function text(write: (sink: { write(t: string): Promise<void> }) => Promise<unknown>) {
  let out = '';
  await write({ write: async (t) => void (out += t) });
  return out;
}

describe('GitLab reports', () => {
  it('gitlab-sast validates against GitLab’s 15.0.7 schema, one vulnerability a finding, stable ids', async () => {
    const started = new Date('2026-03-01T10:00:00Z');
    const report = JSON.parse(
      await text((sink) => writeGitlabSast(sink, findings, { toolVersion: '0.1.0', started })),
    );
    expect(validateSast(report), JSON.stringify(validateSast.errors)).toBe(true);
    expect(report.version).toBe(gitlabSastVersion);
    expect(report.scan).toMatchObject({ type: 'sast', status: 'success', start_time: '2026-03-01T10:00:00' });
    expect(report.scan.analyzer).toMatchObject({
      id: 'secscan',
      version: '0.1.0',
      vendor: { name: 'secscan' },
    });
    const [sqli, secret, oss, insight] = report.vulnerabilities;
    expect(report.vulnerabilities).toHaveLength(findings.length);
    expect(sqli).toMatchObject({
      name: 'SQL Injection',
      severity: 'Critical',
      location: { file: 'cmd/a.go', start_line: 12 },
      identifiers: [
        { type: 'secscan_rule', value: 'sql-injection' },
        { type: 'cwe', name: 'CWE-89', value: '89' },
        { type: 'secscan_finding', value: 'payments-api/7' },
      ],
    });
    // Escape sequences from the service never reach GitLab's pages.
    expect(sqli.description).toBe(
      'SQL built from the request in a.go\n\nThe query string reaches db.Query.\nUse a prepared statement.',
    );
    expect(sqli.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(secret).toMatchObject({ severity: 'High', location: { file: 'src/config.js', start_line: 4 } });
    expect(oss).toMatchObject({ severity: 'Low', location: { file: 'ledger' } });
    expect(insight.severity).toBe('Info');
    const again = JSON.parse(
      await text((sink) => writeGitlabSast(sink, findings, { toolVersion: '0.1.0', started })),
    );
    expect(again.vulnerabilities.map((v: { id: string }) => v.id)).toEqual(
      report.vulnerabilities.map((v: { id: string }) => v.id),
    );
  });

  it('gitlab-sast of a gate that was not evaluated: a failed scan with a fatal message, still valid', async () => {
    const report = JSON.parse(
      await text((sink) =>
        writeGitlabSast(sink, [], {
          toolVersion: '0.1.0',
          started: new Date(),
          failure: 'secscan scans check was not evaluated (exit 7): the connection failed',
        }),
      ),
    );
    expect(validateSast(report), JSON.stringify(validateSast.errors)).toBe(true);
    expect(report.vulnerabilities).toEqual([]);
    expect(report.scan.status).toBe('failure');
    expect(report.scan.messages).toEqual([
      { level: 'fatal', value: 'secscan scans check was not evaluated (exit 7): the connection failed' },
    ]);
  });

  it('an empty listing is a valid report with no vulnerabilities', async () => {
    const report = JSON.parse(
      await text((sink) => writeGitlabSast(sink, [], { toolVersion: '0.1.0', started: new Date() })),
    );
    expect(validateSast(report)).toBe(true);
    expect(report.vulnerabilities).toEqual([]);
  });

  it('codequality: an array GitLab reads, one issue a finding, severities mapped, fingerprints stable', async () => {
    const issues: Issue[] = JSON.parse(await text((sink) => writeCodeQuality(sink, findings)));
    expect(validateCodeQuality(issues), JSON.stringify(validateCodeQuality.errors)).toBe(true);
    expect(issues.map((i) => i.severity)).toEqual(['blocker', 'critical', 'minor', 'info']);
    expect(issues.map((i) => i.location)).toEqual([
      { path: 'cmd/a.go', lines: { begin: 12, end: 12 } },
      { path: 'src/config.js', lines: { begin: 4, end: 4 } },
      { path: 'ledger', lines: { begin: 1, end: 1 } },
      { path: 'ledger', lines: { begin: 1, end: 1 } },
    ]);
    expect(issues[0]).toMatchObject({
      type: 'issue',
      check_name: 'sql-injection',
      categories: ['Security'],
      description: 'SQL built from the request in a.go (critical; finding 7 of payments-api)',
      fingerprint: fingerprint(findings[0] as Finding),
    });
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const named = JSON.parse(await text((sink) => writeCodeQuality(sink, findings, () => 'no-critical')));
    expect(named.map((i: Issue) => i.check_name)).toEqual(Array(4).fill('no-critical'));
    expect(JSON.parse(await text((sink) => writeCodeQuality(sink, [])))).toEqual([]);
  });

  it('codequality of a gate that was not evaluated: one blocker saying why, never an empty (passing) report', () => {
    const issues = JSON.parse(
      codeQualityNotEvaluated('not evaluated (exit 7): \u001b]0;x\u0007down', './rules.yml'),
    );
    expect(validateCodeQuality(issues)).toBe(true);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'blocker',
        description: 'not evaluated (exit 7): down',
        location: { path: 'rules.yml', lines: { begin: 1, end: 1 } },
      }),
    ]);
  });
});
