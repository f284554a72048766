import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const scan = { path: { appID: 'pay', scanID: '1042' } };
const results = [
  {
    target: { id: 1042 },
    rules: {
      'no-critical': { matched: 2, reachable: 1, over_threshold: 2 },
      'few-high': { matched: 3, over_threshold: 0 },
    },
  },
  { target: { id: 1042 }, rules: { 'no-secrets': { matched: 0, reachable: 0, over_threshold: 0 } } },
];

describe('scans report: usage errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'report', '1042'], '--app is required'],
    [['scans', 'report', '--app', ' ', '1042'], '--app must not be empty'],
    [['scans', 'report', '--app', 'pay'], "missing required argument 'scan-id'"],
    [['scans', 'report', '--app', 'pay', '-5'], 'invalid scan id "-5": expected a scan id (a number)'],
    [['scans', 'report', '--app', 'pay', '1.5'], 'invalid scan id "1.5": expected a scan id (a number)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans report', () => {
  it('prints a row per rule of each recorded check', async () => {
    cli.stub('ScansCheckReport', scan).reply(200, ok(results), json);
    const r = await cli.run(['scans', 'report', '--app', 'pay', '1042'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: '1\tno-critical\t2\t1\t2\tFAIL\n1\tfew-high\t3\t0\t0\tPASS\n2\tno-secrets\t0\t0\t0\tPASS\n',
      stderr: '',
    });
  });

  it('prints the results unchanged with -o json, and notes a scan without checks on a terminal', async () => {
    cli.stub('ScansCheckReport', scan).reply(200, ok(results), json);
    const full = await cli.run(['scans', 'report', '--app', 'pay', '1042', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(full.stdout)).toEqual({ results });
    cli.stub('ScansCheckReport', scan).reply(200, ok([]), json);
    const empty = await cli.run(['scans', 'report', '--app', 'pay', '1042'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(empty).toEqual({ code: 0, stdout: '', stderr: 'No check results for this scan.\n' });
  });
});
