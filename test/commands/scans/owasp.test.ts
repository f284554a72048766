import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const scan = { path: { appID: 'pay', scanID: '1042' } };
const counts = {
  '2017': {
    'A7 XSS': { 'Cross-Site Scripting': 1 },
    'A1 Injection': { 'SQL Injection': 2, 'LDAP Injection': 0 },
  },
  '2021': { 'A03 Injection': { 'SQL Injection': 2, 'Cross-Site Scripting': 1 } },
};

describe('scans owasp: usage errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'owasp', '1042'], '--app is required'],
    [['scans', 'owasp', '--app', 'pay'], "missing required argument 'scan-id'"],
    [['scans', 'owasp', '--app', 'pay', 'scan.1'], 'invalid scan id "scan.1": expected a scan id (a number)'],
    [
      ['scans', 'owasp', '--app', 'pay', '1042', '--fields', 'cwe'],
      'unknown field "cwe" for --fields (choose from year, owasp_category, category, count)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans owasp', () => {
  it('prints a row per year, OWASP category and category with findings, categories sorted', async () => {
    cli.stub('ReadAppScanFindingsOWASPGrouped', scan).reply(200, ok(counts), json);
    const r = await cli.run(['scans', 'owasp', '--app', 'pay', '1042'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout:
        '2017\tA1 Injection\tSQL Injection\t2\n2017\tA7 XSS\tCross-Site Scripting\t1\n' +
        '2021\tA03 Injection\tSQL Injection\t2\n2021\tA03 Injection\tCross-Site Scripting\t1\n',
      stderr: '',
    });
  });

  it('prints the service’s counts unchanged with -o json', async () => {
    cli.stub('ReadAppScanFindingsOWASPGrouped', scan).reply(200, ok(counts), json);
    const r = await cli.run(['scans', 'owasp', '--app', 'pay', '1042', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(r.stdout)).toEqual(counts);
  });

  it('notes a scan without findings on a terminal', async () => {
    cli.stub('ReadAppScanFindingsOWASPGrouped', scan).reply(200, ok({ '2017': {}, '2021': {} }), json);
    const r = await cli.run(['scans', 'owasp', '--app', 'pay', '1042'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No findings in this scan.\n' });
  });
});
