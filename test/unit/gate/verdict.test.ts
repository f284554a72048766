import { describe, expect, it } from 'vitest';
import type { CheckResult } from '@secscan/api/schemas/scans';
import { gateReport, verdictOf } from '../../../src/gate/report.js';

const meta = { compound: 'shop', kind: 'diff' as const, policy: 'rules.yml', enforced: true };

describe('the gate’s verdict', () => {
  it('a rule is over its threshold by what it counts past it; the gate passes when no rule is over', () => {
    const verdict = verdictOf([
      { rule: 'a', matched: 5, reachable: 1, threshold: 2 },
      { rule: 'b', matched: 0, reachable: 0, threshold: 0 },
    ]);
    expect(verdict.rules).toEqual([
      { rule: 'a', matched: 5, reachable: 1, threshold: 2, over: 3, result: 'fail' },
      { rule: 'b', matched: 0, reachable: 0, threshold: 0, over: 0, result: 'pass' },
    ]);
    expect(verdict).toMatchObject({ over: 3, passed: false });
  });

  it('a recount subtracts the suppressed findings, and says how many, in the same computation', () => {
    const verdict = verdictOf([{ rule: 'a', matched: 5, reachable: 1, threshold: 2, suppressed: 3 }]);
    expect(verdict.rules).toEqual([
      { rule: 'a', matched: 5, reachable: 1, threshold: 2, over: 0, result: 'pass', suppressed: 3 },
    ]);
    expect(verdict).toMatchObject({ over: 0, passed: true });
  });

  it('the check’s answer reaches the same verdict (its over_threshold agreeing)', () => {
    const result = {
      target: { id: 9 },
      rules: { a: { matched: 5, over_threshold: 3 }, b: { matched: 1, over_threshold: 0 } },
    } as unknown as CheckResult;
    const rules = [
      { id: 'a', threshold: 2 },
      { id: 'b', threshold: 1 },
    ];
    const report = gateReport(result, rules, meta);
    const counts = report.rules.map(({ over: _o, result: _r, ...count }) => count);
    const verdict = verdictOf(counts);
    expect(report).toMatchObject({ rules: verdict.rules, passed: false, totals: { over: verdict.over } });
    expect(verdict.over).toBe(3);
  });
});
