import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const html = '<!DOCTYPE html><title>PCI DSS report</title>\n';

describe('reports pci: usage errors (exit 2, no request)', () => {
  it.each([
    [['reports', 'pci', '--app', 'payments-api'], "missing required argument 'scan-id'"],
    [['reports', 'pci', '--app', 'payments-api', '17', '--format', 'pdf'], "unknown option '--format'"],
    [['reports', 'pci', '--app', 'payments-api', '17', '--out', ''], '--out must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses to print HTML on a terminal', async () => {
    const r = await cli.run(['reports', 'pci', '--app', 'payments-api', '17'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expectUsage(r, 'not printing HTML on a terminal: pass --out FILE, or pipe the output', cli);
  });
});

describe('reports pci', () => {
  it('asks to ignore informational findings with --ignore-info and streams the HTML down a pipe', async () => {
    cli
      .stub('ReadScanPCIDSSReport', {
        path: { appID: 'payments-api', scanID: '17' },
        query: { ignore_info_findings: true },
      })
      .reply(200, html, { headers: { 'content-type': 'text/html' } });
    const r = await cli.run(['reports', 'pci', '--app', 'payments-api', '17', '--ignore-info'], {
      env: authEnv(),
    });
    expect(r).toEqual({ code: 0, stdout: html, stderr: '' });
  });

  it('retries a 503 (a safe read) and gives up after the budget (exit 7)', async () => {
    cli
      .stub('ReadScanPCIDSSReport', { path: { appID: 'payments-api', scanID: '17' } })
      .reply(503, { ok: false, message: 'busy' })
      .times(2);
    cli
      .stub('ReadScanPCIDSSReport', { path: { appID: 'payments-api', scanID: '17' } })
      .reply(200, html, { headers: { 'content-type': 'text/html' } });
    const r = await cli.run(['reports', 'pci', '--app', 'payments-api', '17'], { env: authEnv() });
    expect(r.code).toBe(0);
    cli
      .stub('ReadScanPCIDSSReport', { path: { appID: 'payments-api', scanID: '17' } })
      .reply(503, { ok: false, message: 'busy' })
      .times(1);
    const fail = await cli.run(['--retries', '0', 'reports', 'pci', '--app', 'payments-api', '17'], {
      env: authEnv(),
    });
    expect([fail.code, fail.stdout]).toEqual([7, '']);
  });
});
