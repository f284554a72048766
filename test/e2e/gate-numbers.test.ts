import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '@secscan/api/operations';
import { useRewritingService } from './rewrite.js';

/**
 * Issue 18, item 2: a gate decides on numbers, and an answer whose numbers contradict each other (or are no
 * counts at all) is exit 8 naming the rule and the numbers, never a verdict; above all never a pass. The
 * seeded sandbox answers; each case spoils one number of its answer.
 */
const service = useRewritingService();

type Json = Record<string, unknown>;
type Summary = { matched: number; over_threshold: number; reachable?: number } & Json;
type Spoil = (payload: Json) => void;

/** `no-critical` (threshold 0) fails with 7 matched; `some-high` (threshold 100) passes with 10 matched. */
const rulesFile =
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n' +
  '  - id: some-high\n    threshold: 100\n    tags:\n      severity: [high]\n';
const reports = ['--report-json', '{dir}/report.json'];
const check = ['scans', 'check', '--compound', 'shop', '--rules', '{dir}/rules.yml', '--kind', 'single'];
const rule = (payload: Json, id: string) => (payload.rules as Record<string, Summary>)[id] as Summary;
const totals = (payload: Json) => payload.totals as Summary;
/** A rule that matched nothing. */
const nothing = { matched: 0, reachable: 0, over_threshold: 0, findings: [], by_tag: {} };

const checkCases: [string, Spoil, RegExp][] = [
  [
    'threshold 0, 7 matched, over_threshold 0 (the issue: it passed)',
    (p) => {
      rule(p, 'no-critical').over_threshold = 0;
      totals(p).over_threshold = 0;
    },
    /rule no-critical has 7 matched with threshold 0, so 7 over it, but over_threshold is 0/,
  ],
  [
    'threshold 100, 150 matched, over_threshold 0',
    (p) => {
      Object.assign(rule(p, 'no-critical'), nothing);
      rule(p, 'some-high').matched = 150;
      totals(p).over_threshold = 0;
    },
    /rule some-high has 150 matched with threshold 100, so 50 over it, but over_threshold is 0/,
  ],
  [
    'over_threshold -1',
    (p) => void (rule(p, 'no-critical').over_threshold = -1),
    /at rules\.no-critical\.over_threshold: Too small/,
  ],
  ['matched -1', (p) => void (rule(p, 'some-high').matched = -1), /at rules\.some-high\.matched: Too small/],
  [
    'a fraction of a finding',
    (p) => void (rule(p, 'no-critical').over_threshold = 6.5),
    /at rules\.no-critical\.over_threshold: Invalid input: expected int/,
  ],
  [
    'a count as a string',
    (p) => void (rule(p, 'no-critical').matched = '7' as unknown as number),
    /at rules\.no-critical\.matched: Invalid input: expected number, received string/,
  ],
  [
    'over_threshold missing',
    (p) => void delete (rule(p, 'some-high') as Partial<Summary>).over_threshold,
    /at rules\.some-high\.over_threshold: Invalid input/,
  ],
  [
    'more over the threshold than matched',
    (p) => void (rule(p, 'no-critical').over_threshold = 9),
    /rule no-critical: over_threshold is 9, more than the 7 matched/,
  ],
  [
    'more reachable than matched',
    (p) => void (rule(p, 'some-high').reachable = 11),
    /rule some-high: reachable is 11, more than the 10 matched/,
  ],
  [
    'a by_tag count above matched',
    (p) => void (rule(p, 'no-critical').by_tag = { severity: { critical: 8 } }),
    /rule no-critical: by_tag severity=critical is 8, more than the 7 matched/,
  ],
  [
    'more top findings than matched',
    (p) => {
      const summary = rule(p, 'no-critical');
      summary.findings = [...(summary.findings as unknown[]), ...(summary.findings as unknown[])];
    },
    /rule no-critical: the findings listed is 10, more than the 7 matched/,
  ],
  [
    'totals saying nothing is over while a rule is',
    (p) => void (totals(p).over_threshold = 0),
    /a rule is over its threshold but the totals' over_threshold is 0/,
  ],
  [
    'totals saying something is over while no rule is',
    (p) => {
      Object.assign(rule(p, 'no-critical'), nothing);
      Object.assign(totals(p), { over_threshold: 3 });
    },
    /no rule is over its threshold but the totals' over_threshold is 3/,
  ],
  ['a negative total', (p) => void (totals(p).reachable = -4), /at totals\.reachable: Too small/],
];

const compare = 'scans compare --app payments-api --source scan.1007 --target scan.1013'.split(' ');
const compareCases: [string, Spoil, RegExp][] = [
  [
    'a finding both new and common',
    (p) => void (p.common as unknown[]).push((p.new as unknown[])[0]),
    /finding \d+ is both new and common/,
  ],
  [
    'a finding both fixed and common',
    (p) => void (p.fixed as unknown[]).push((p.common as unknown[])[0]),
    /finding \d+ is both fixed and common/,
  ],
  [
    'another source than asked',
    (p) => void ((p.source as Json).id = '1008'),
    /scan\.1007 was asked for as the source, but the answer compares scan 1008/,
  ],
  [
    'another target than asked',
    (p) => void ((p.target as Json).id = '1012'),
    /scan\.1013 was asked for as the target, but the answer compares scan 1012/,
  ],
  ['new: null (the issue: "0 new")', (p) => void (p.new = null), /at new: Invalid input: expected array/],
  [
    'a regression that is not a boolean',
    (p) => void ((p.new as Json[])[0]!.regression = 'yes'),
    /at new\.0\.regression/,
  ],
];

/** `scans report` shows recorded results (no gate): a count that is no count is still refused. */
const reportCases: [string, Spoil, RegExp][] = [
  [
    'a negative over_threshold',
    (p) => void (rule((p as unknown as Json[])[0]!, 'no-critical').over_threshold = -1),
    /at 0\.rules\.no-critical\.over_threshold: Too small/,
  ],
];

beforeAll(() => {
  service.file('rules.yml', rulesFile);
});

async function refused(op: OperationId, argv: string[], spoil: Spoil, message: RegExp, gate: boolean) {
  service.rewrite = {
    op,
    spoil: (holder) => {
      spoil(holder.response as Json);
      return 1;
    },
  };
  const r = await service.run(argv.map((a) => a.replace('{dir}', service.dir))).finally(() => {
    service.rewrite = undefined;
  });
  const line = r.stderr.split('\n').find((l) => l.startsWith('error: ')) ?? r.stderr;
  expect({ code: r.code, line }).toEqual({
    code: 8,
    line: expect.stringMatching(new RegExp(`^error: ${op}: .*${message.source}`)),
  });
  if (gate) expect(r.stdout).toBe('');
}

describe('an answer whose numbers contradict each other is exit 8, never a verdict', () => {
  it('the well-formed answers the cases spoil give verdicts (1 for both gates)', async () => {
    expect((await service.run(check.map((a) => a.replace('{dir}', service.dir)))).code).toBe(1);
    expect((await service.run([...compare, '--fail-on', 'new'])).code).toBe(1);
  });

  it.each(checkCases)('scans check: %s', async (_, spoil, message) => {
    await refused('CheckScans', [...check, ...reports], spoil, message, true);
    const report = JSON.parse(readFileSync(join(service.dir, 'report.json'), 'utf8')) as Json;
    expect(report).toMatchObject({ evaluated: false, passed: false, error: { exit_code: 8 } });
  });

  it.each(compareCases)('scans compare --fail-on new: %s', async (_, spoil, message) => {
    await refused('ListScansCompare', [...compare, '--fail-on', 'new'], spoil, message, true);
  });

  it.each(compareCases)(
    'scans compare --fail-on regression --severity-threshold high: %s',
    async (_, s, m) => {
      await refused(
        'ListScansCompare',
        [...compare, '--fail-on', 'regression', '--severity-threshold', 'high'],
        s,
        m,
        true,
      );
    },
  );

  it.each(reportCases)('scans report: %s', async (_, spoil, message) => {
    await refused(
      'ScansCheckReport',
      ['scans', 'report', '--app', 'payments-api', '1011'],
      spoil,
      message,
      false,
    );
  });
});
