import { readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok, useHostileCli, writeIn } from './hostile.js';

/**
 * Issue 18, items 1 to 5, as the battery ran them: the built binary against a service that answers what
 * the test says. Each case is the one the issue reports; the tables of cases are in test/e2e/null-answers*,
 * test/e2e/gate-numbers.test.ts and test/commands/{input-limits,input-parse,max-retry-wait}.test.ts.
 */
const cli = useHostileCli((work) => {
  writeIn(work, 'rules.yml', 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n');
  // 40 MiB, as the battery's: sparse, so the disk holds none of it.
  for (const name of ['access.yml', 'org.yml']) {
    writeIn(work, name, 'teams:\n');
    truncateSync(join(work, name), 40 * 1024 * 1024);
  }
});
const secscan = (args: string[]) => cli.run(args);

const compare = 'scans compare --app a --source scan.1 --target scan.2 --fail-on new'.split(' ');
const check = 'scans check --compound shop --rules rules.yml --baseline none --report-json report.json'.split(
  ' ',
);

describe('1, 2: gates that passed on an answer they should refuse', () => {
  it('scans compare --fail-on new with `new: null` is exit 8, never "0 new"', async () => {
    cli.server.answer = () => ({
      body: ok({ source: { id: '1' }, target: { id: '2' }, new: null, fixed: [], common: [] }),
    });
    const r = await secscan(compare);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(
      /^error: ListScansCompare: unexpected response at new: Invalid input: expected array, received null$/m,
    );
    expect(r.stderr).not.toContain('0 new');
  });

  it.each([
    [
      { matched: 5, reachable: 0, over_threshold: 0 },
      /rule no-critical has 5 matched with threshold 0, so 5 over it, but over_threshold is 0/,
    ],
    [{ matched: 5, reachable: 0, over_threshold: -1 }, /at rules\.no-critical\.over_threshold: Too small/],
  ])('scans check with %j for a rule of threshold 0 is exit 8, never a pass', async (summary, message) => {
    cli.server.answer = () => ({
      body: ok({ source: { id: 1 }, target: { id: 2 }, rules: { 'no-critical': summary } }),
    });
    const r = await secscan(check);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^error: CheckScans: .*${message.source}`));
    const report = JSON.parse(readFileSync(join(cli.work, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ evaluated: false, passed: false, error: { exit_code: 8 } });
  });
});

describe('3: the memory of an answer is bounded', () => {
  it('a page of 300 rows when 250 were asked for is exit 8', async () => {
    const findings = Array.from({ length: 300 }, (_, i) => ({
      id: String(i),
      app: 'a',
      type: 'vuln',
      internal_id: `x${i}`,
    }));
    cli.server.answer = () => ({ body: ok({ has_more: false, findings }) });
    const r = await secscan(['findings', 'list', '--app', 'a', '--limit', '250']);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: ListAppFindings: the page holds 300 findings, more than the 250 asked for (per_page=250); not read',
    );
  });

  it('an answer of 1,200,000 values is refused before it is parsed', async () => {
    cli.server.answer = () => ({ body: `{"ok":true,"response":[${'1,'.repeat(1_200_000)}1]}` });
    const r = await secscan(['apps', 'list']);
    expect(r.exitCode).toBe(8);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: ListApps: the answer holds more than 1,000,000 values/);
  });
});

describe('4: a Retry-After of 27 hours is not slept on', () => {
  it.each([429, 503])('%d: exit 7 at once, saying when the service asked to be retried', async (status) => {
    cli.server.answer = () => ({
      status,
      headers: { 'retry-after': '97200' },
      body: { ok: false, code: 'BUSY', message: 'come back tomorrow' },
    });
    const r = await secscan(['tokens', 'list']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: ListTokens: HTTP ${status}: the service asks to be retried at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(in 27 h\\), later than --max-retry-wait \\(60 s\\) allows; not waiting$`,
        'm',
      ),
    );
    expect(cli.server.requests).toHaveLength(1);
  });
});

describe('5: a 40 MiB YAML file is refused at once, before any request', () => {
  it.each([
    [['teams', 'apply', 'access.yml'], 'access.yml'],
    [['org', 'config', 'patch', 'org.yml'], 'file: org.yml'],
  ])('%j', async (argv, label) => {
    const r = await secscan(argv);
    expect([r.exitCode, r.stderr.split('\n')[0]]).toEqual([
      3,
      `error: ${label} is 40 MiB, more than the 4 MiB an input file may have`,
    ]);
    expect(cli.server.requests).toEqual([]);
  });
});
