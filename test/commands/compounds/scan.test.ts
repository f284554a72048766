import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds scan: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'scan', 'shop', 'x'], 'invalid scan id "x": expected a scan id (a number)'],
    [['compounds', 'scan', 'shop'], "missing required argument 'scan-id'"],
    [['compounds', 'scan', '', '3'], 'compound name must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds scan', () => {
  it('reads the compound scan (archived compounds included) and shows its app scans', async () => {
    const scan = {
      polyglot_scan_id: 42,
      compound_id: 'c1',
      scans: [{ id: '12', app: 'web', version: 'v2' }],
      findings_summaries: [{ finding_type: 'vuln', total: 3, total_reachable: 1 }],
    };
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: '42' }, query: { archived: true } })
      .reply(200, ok(scan));
    const r = await cli.run(['compounds', 'scan', 'shop', '42', '--fields', 'polyglot_scan_id,scans'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('polyglot_scan_id\t42\nscans\tweb 12 (v2)\n');
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: '42' }, query: { archived: true } })
      .reply(200, ok(scan));
    const json = await cli.run(['compounds', 'scan', 'shop', '42', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual(scan);
  });
});
