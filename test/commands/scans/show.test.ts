import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const scan = {
  id: '1042',
  app: 'pay',
  version: 'abc123',
  successful: true,
  tags: { branch: 'main' },
  total: 3,
  oss_info: { successful: false, failure_reason: 'no manifest' },
  findings_summaries: [
    { finding_type: 'vuln', total: 3, total_reachable: 1, by_severity: { critical: { total: 1 } } },
  ],
};

describe('scans show: usage errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'show', '--app', 'a', 'latest'], 'invalid scan id "latest": expected a scan id (a number)'],
    [['scans', 'show', '--app', 'a', '0'], 'invalid scan id "0": expected a scan id (a number)'],
    [['scans', 'show', '--app', 'a'], "missing required argument 'scan-id'"],
    [['scans', 'show', '1042'], '--app is required'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans show', () => {
  it('prints the scan with its summaries, one field a line when piped', async () => {
    cli.stub('ReadScan', { path: { appID: 'pay', scanID: '1042' } }).reply(200, ok([scan]), json);
    const r = await cli.run(['scans', 'show', '--app', 'pay', '1042'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('id\t1042\n');
    expect(r.stdout).toContain('branch\tmain\n');
    // The state under its own name: not `successful  completed`.
    expect(r.stdout).toContain('status\tcompleted\n');
    expect(r.stdout).not.toMatch(/^successful\t/m);
    expect(r.stdout).toContain('oss_info\tfailed: no manifest\n');
    expect(r.stdout).toContain('findings_summaries\tvuln: 3 (1 reachable, 0 fixed, 0 ignored); critical 1\n');
  });

  it('an empty answer is not found (exit 5)', async () => {
    cli.stub('ReadScan', { path: { appID: 'pay', scanID: '7' } }).reply(200, ok([]), json);
    const r = await cli.run(['scans', 'show', '--app', 'pay', '7'], { env: authEnv() });
    expect(r).toEqual({ code: 5, stdout: '', stderr: 'error: ReadScan: app pay has no scan 7\n' });
  });
});
