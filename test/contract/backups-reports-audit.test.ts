import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type ContractRun, describeContract, violations } from './harness.js';
import { pathSamples } from './samples.js';

const app = pathSamples.appID as string;
const scan = pathSamples.scanID as string;

describeContract('contract: backups, reports and audit against the vendor document', (cli) => {
  const sent = (run: ContractRun) =>
    run.sent.map((r) => `${r.method} ${r.path.replace(`/api/v4/orgs/${pathSamples.orgID}`, '')}`);

  it('backups list and download: the listed backup, saved with its checksum', async () => {
    const list = await cli.run(['backups', 'list', '-o', 'json']);
    expect(violations(list)).toEqual([]);
    expect(list.code).toBe(0);
    const [backup] = JSON.parse(list.stdout) as { backup_id: string; status: string }[];
    expect(backup?.status).toBe('completed');

    const target = join(cli.dir, 'backups');
    const run = await cli.run(['backups', 'download', '--dir', target, '-q', '-o', 'json']);
    expect(violations(run)).toEqual([]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(sent(run)).toEqual(['GET /backup', `GET /backup/download?backup_id=${backup?.backup_id}`]);
    const record = JSON.parse(run.stdout) as { path: string; bytes: number; sha256: string };
    const bytes = readFileSync(record.path);
    expect(record.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(readdirSync(target).sort()).toEqual(
      [
        '.secscan-backups.json',
        `${record.path.split('/').pop()}`,
        `${record.path.split('/').pop()}.sha256`,
      ].sort(),
    );
  });

  it('reports pci, owasp and cwe as HTML, to a pipe and to --out', async () => {
    const pci = await cli.run(['reports', 'pci', '--app', app, scan, '--ignore-info']);
    expect(violations(pci)).toEqual([]);
    expect([pci.code, pci.stdout.startsWith('<!DOCTYPE html>')]).toEqual([0, true]);
    const owasp = await cli.run([
      'reports',
      'owasp',
      '--app',
      app,
      scan,
      '--year',
      '2021',
      '--comments',
      '--status',
      'fixed',
      '--tz',
      'Europe/Berlin',
      '--out',
      join(cli.dir, 'owasp.html'),
    ]);
    expect(violations(owasp)).toEqual([]);
    expect(owasp.code).toBe(0);
    expect(sent(owasp)).toEqual([
      `GET /apps/${app}/scans/${scan}/reports/owasp-2021.html?comments=true&status=fixed&tz=Europe%2FBerlin`,
    ]);
    expect(readFileSync(join(cli.dir, 'owasp.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    const cwe = await cli.run(['reports', 'cwe', '--app', app, scan, '--out', join(cli.dir, 'cwe.html')]);
    expect([violations(cwe), cwe.code]).toEqual([[], 0]);
  });

  it('a PDF report: the document offers only HTML, so the service refuses (406, exit 6) and nothing is written', async () => {
    const run = await cli.run(['reports', 'cwe', '--app', app, scan, '--out', join(cli.dir, 'cwe.pdf')]);
    expect(run.sent.map((r) => r.status)).toEqual([406]);
    expect(violations(run).every((v) => v.includes('Not Acceptable') || v.includes('accept header'))).toBe(
      true,
    );
    expect(run.code).toBe(6);
    expect(readdirSync(cli.dir)).not.toContain('cwe.pdf');
  });

  it('audit log, monthly and daily, and audit scm-secrets by project and by user', async () => {
    const monthly = await cli.run(['audit', 'log', '--year', '2025', '--month', '6']);
    expect(violations(monthly)).toEqual([]);
    expect([monthly.code, monthly.stdout.length > 0]).toEqual([0, true]);
    const daily = await cli.run([
      'audit',
      'log',
      '--year',
      '2025',
      '--month',
      '6',
      '--day',
      '15',
      '-o',
      'json',
    ]);
    expect(violations(daily)).toEqual([]);
    expect(daily.code).toBe(0);
    expect(sent(daily)).toEqual(['GET /audit/csv/2025/6/15']);
    for (const grouping of ['--by-project', '--by-user']) {
      const run = await cli.run(['audit', 'scm-secrets', grouping, '--days', '31', '-o', 'json']);
      expect(violations(run)).toEqual([]);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        total_attempts: expect.any(Number),
        projects: expect.any(Array),
      });
    }
  });
});
