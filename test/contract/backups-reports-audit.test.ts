import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { Capture } from '../helpers/cli.js';
import { type ContractServer, type RecordedRequest, startPrism } from './prism.js';
import { pathSamples } from './samples.js';
import { vendorFile, vendorPresent } from './vendor.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  sent: RecordedRequest[];
}

const app = pathSamples.appID as string;
const scan = pathSamples.scanID as string;

(vendorPresent ? describe : describe.skip)(
  'contract: backups, reports and audit against the vendor document',
  () => {
    let server: ContractServer;
    let dir: string;
    const dispatcher = new Agent();

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'secscan-contract-backups-'));
      server = await startPrism(vendorFile);
    });
    afterAll(async () => {
      await dispatcher.close();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** The real main() in-process against Prism, recording what reached it. */
    async function secscan(argv: string[]): Promise<Run> {
      const stdout = new Capture(false);
      const stderr = new Capture(false);
      const stdin = Readable.from([]) as Readable & { isTTY?: boolean };
      const before = server.requests.length;
      const code = await main({
        argv,
        version: '0.0.0-contract',
        io: { stdin, stdout, stderr },
        env: {
          SECSCAN_BASE_URL: server.baseUrl,
          SECSCAN_TOKEN: 'contract-test-token',
          SECSCAN_ORG_ID: pathSamples.orgID,
          SECSCAN_CONFIG_DIR: join(dir, 'config'),
        },
        dispatcher,
        signal: new AbortController().signal,
      });
      return { code, stdout: stdout.text, stderr: stderr.text, sent: server.requests.slice(before) };
    }

    const violations = (run: Run) =>
      run.sent.flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}: ${v.message}`));
    const sent = (run: Run) =>
      run.sent.map((r) => `${r.method} ${r.path.replace(`/api/v4/orgs/${pathSamples.orgID}`, '')}`);

    it('backups list and download: the listed backup, saved with its checksum', async () => {
      const list = await secscan(['backups', 'list', '-o', 'json']);
      expect(violations(list)).toEqual([]);
      expect(list.code).toBe(0);
      const [backup] = JSON.parse(list.stdout) as { backup_id: string; status: string }[];
      expect(backup?.status).toBe('completed');

      const target = join(dir, 'backups');
      const run = await secscan(['backups', 'download', '--dir', target, '-q', '-o', 'json']);
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
      const pci = await secscan(['reports', 'pci', '--app', app, scan, '--ignore-info']);
      expect(violations(pci)).toEqual([]);
      expect([pci.code, pci.stdout.startsWith('<!DOCTYPE html>')]).toEqual([0, true]);
      const owasp = await secscan([
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
        join(dir, 'owasp.html'),
      ]);
      expect(violations(owasp)).toEqual([]);
      expect(owasp.code).toBe(0);
      expect(sent(owasp)).toEqual([
        `GET /apps/${app}/scans/${scan}/reports/owasp-2021.html?comments=true&status=fixed&tz=Europe%2FBerlin`,
      ]);
      expect(readFileSync(join(dir, 'owasp.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
      const cwe = await secscan(['reports', 'cwe', '--app', app, scan, '--out', join(dir, 'cwe.html')]);
      expect([violations(cwe), cwe.code]).toEqual([[], 0]);
    });

    it('a PDF report: the document offers only HTML, so the service refuses (406, exit 6) and nothing is written', async () => {
      const run = await secscan(['reports', 'cwe', '--app', app, scan, '--out', join(dir, 'cwe.pdf')]);
      expect(run.sent.map((r) => r.status)).toEqual([406]);
      expect(violations(run).every((v) => v.includes('Not Acceptable') || v.includes('accept header'))).toBe(
        true,
      );
      expect(run.code).toBe(6);
      expect(readdirSync(dir)).not.toContain('cwe.pdf');
    });

    it('audit log, monthly and daily, and audit scm-secrets by project and by user', async () => {
      const monthly = await secscan(['audit', 'log', '--year', '2025', '--month', '6']);
      expect(violations(monthly)).toEqual([]);
      expect([monthly.code, monthly.stdout.length > 0]).toEqual([0, true]);
      const daily = await secscan([
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
        const run = await secscan(['audit', 'scm-secrets', grouping, '--days', '31', '-o', 'json']);
        expect(violations(run)).toEqual([]);
        expect(run.code).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({
          total_attempts: expect.any(Number),
          projects: expect.any(Array),
        });
      }
    });
  },
);
