import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubBaseline } from '../../helpers/baseline.js';
import { authEnv, json, ok, useCli } from '../../helpers/cli.js';

/**
 * The gate with an ignore file: a failing rule is recounted from the compound's findings listing of the
 * scan under test (the rule's tags as `finding_tag` filters), its suppressed findings subtracted; when the
 * listing does not agree with the check's count, nothing is subtracted (the gate never passes on a guess).
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-check-ignores-'));
const rules = join(dir, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: few-critical\n    tags:\n      severity: [critical]\n    threshold: 1\n',
);
const ignores = join(dir, 'ignore.yml');
writeFileSync(
  ignores,
  'ignores:\n  - id: 7\n    app: payments-api\n    reason: validated upstream\n    expires: 2027-01-31\n',
);
const shop = { path: { compoundName: 'shop' } };
const env = { ...authEnv(), SECSCAN_NOW: '2026-12-01' };

const top = (id: number, app: string) => ({
  id,
  title: 'SQL Injection',
  tags: { severity: ['critical'], app: [app], category: ['SQL Injection'] },
});
const rule = {
  matched: 2,
  reachable: 2,
  over_threshold: 1,
  findings: [top(7, 'payments-api'), top(9, 'web')],
};
const answer = ok({ source: { id: 4 }, target: { id: 5 }, rules: { 'few-critical': rule }, totals: rule });

const listed = (id: string, app: string) => ({
  id,
  app,
  internal_id: `sql-injection/${app}/${id}`,
  type: 'vuln',
  title: 'SQL Injection',
  severity: 'critical',
  category: 'SQL Injection',
  status: 'unset',
  tags: [{ key: 'severity', value: 'critical' }],
});
const listing = (scan: string) => ({
  path: { compoundName: 'shop' },
  query: {
    polyglot_scan: scan,
    per_page: '250',
    finding_tag: 'severity__in_fold__critical',
    // What the recount never reads is left out.
    finding_fields: '-description',
  },
});
const gate = [
  'scans',
  'check',
  '--compound',
  'shop',
  '--rules',
  rules,
  '--ignore-file',
  ignores,
  '-o',
  'json',
];

describe('scans check with an ignore file', () => {
  it('recounts a failing rule from the listing of the target scan, without the baseline’s, and passes', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, answer, json);
    cli.stub('ListCompoundFindings', listing('5')).reply(
      200,
      ok({
        has_more: false,
        findings: [listed('7', 'payments-api'), listed('9', 'web'), listed('3', 'web')],
      }),
      json,
    );
    cli
      .stub('ListCompoundFindings', listing('4'))
      .reply(200, ok({ has_more: false, findings: [listed('3', 'web')] }), json);
    const r = await cli.run(gate, { env });
    expect(r.stderr).toContain(
      'few-critical: recounted from the findings listing of scan 5: 2 matched, 1 suppressed, 1 count against threshold 1: passes',
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.rules[0]).toMatchObject({ matched: 2, suppressed: 1, over: 0, result: 'pass' });
    expect(report.findings['few-critical'].map((f: { id: number }) => f.id)).toEqual([9]);
  });

  it('fails closed: a listing that does not give the check’s count subtracts nothing, and says why', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, answer, json);
    cli
      .stub('ListCompoundFindings', listing('5'))
      .reply(200, ok({ has_more: false, findings: [listed('7', 'payments-api')] }), json);
    cli.stub('ListCompoundFindings', listing('4')).reply(200, ok({ has_more: false, findings: [] }), json);
    const r = await cli.run(gate, { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'few-critical: not recounted: the findings listing of scan 5 gives 1 finding(s) the rule matches where the check counted 2, so no suppression is subtracted (all 2 count)',
    );
    const report = JSON.parse(r.stdout);
    expect(report.rules[0]).toMatchObject({ matched: 2, over: 1, result: 'fail' });
    expect(report.suppressions.recounted[0]).toMatchObject({ listed: 1, suppressed: 1, applied: false });
  });

  it('an expired entry suppresses nothing and sends no listing: the check’s verdict stands', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, answer, json);
    const r = await cli.run(gate, { env: { ...env, SECSCAN_NOW: '2027-01-31' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `warning: 1 suppression expired on 2027-01-31; its findings count again (${ignores}:2)`,
    );
    // The check and its baseline's lookups alone: no listing is read when no entry is in effect.
    expect(
      cli
        .calls()
        .map((c) => c.path.split('?')[0]?.split('/').slice(-2).join('/'))
        .sort(),
    ).toEqual(['apps/payments-api', 'scans/check', 'shop/scans', 'shop/shallow']);
  });
});
