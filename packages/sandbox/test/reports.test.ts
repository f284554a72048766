import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { owaspYears } from '@secscan/api/values';
import { reportHtml } from '../src/reports/html.js';
import { reportModel } from '../src/reports/model.js';
import { reportPdf } from '../src/reports/pdf.js';
import { seedState } from '../src/seed/index.js';
import { raw } from './bytes.js';
import { useSandbox } from './harness.js';

const app = 'shiftleft-java-demo';
const dir = mkdtempSync(join(tmpdir(), 'secscan-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Renders a PDF with Debian's pdftoppm (poppler) and returns the pages it wrote. */
function render(pdf: Buffer, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '40', '-png', file, join(dir, name)], { stdio: 'pipe' });
  return readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
}

describe('sandbox: reports', () => {
  const sandbox = useSandbox();
  const scanOf = () => sandbox().state.analysis.scans.find((s) => s.app === app && s.finding_ids.length > 3);

  it('renders the OWASP report of a scan’s findings as HTML, grouped by category', async () => {
    const scan = scanOf();
    const res = await raw(sandbox(), 'ReadDetailedOWASPReport', {
      params: { appID: app, scanID: scan?.id as string, year: '2021', ext: 'html' },
      query: 'status=any&tz=Europe/Berlin',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = res.bytes.toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('OWASP Top 10 2021 report');
    expect(html).toMatch(/A0\d:2021 /);
    expect(html).toContain('(Europe/Berlin)');
    for (const id of scan?.finding_ids ?? []) expect(html).toContain(`<td>${id}</td>`);
    const cwe = await raw(sandbox(), 'ReadCWEReport', {
      params: { appID: app, scanID: scan?.id as string, ext: 'html' },
    });
    expect(cwe.bytes.toString()).toMatch(/CWE-\d+ /);
    const pci = await raw(sandbox(), 'ReadScanPCIDSSReport', {
      params: { appID: app, scanID: scan?.id as string },
    });
    expect(pci.bytes.toString()).toContain('PCI DSS report');
  });

  it('serves the OWASP report of each edition of owaspYears, and no other', async () => {
    const scan = scanOf();
    const params = (year: string) => ({ appID: app, scanID: scan?.id as string, year, ext: 'html' });
    for (const year of owaspYears) {
      const res = await raw(sandbox(), 'ReadDetailedOWASPReport', { params: params(year) });
      expect(res.status).toBe(200);
      expect(res.bytes.toString()).toContain(`OWASP Top 10 ${year} report`);
    }
    const other = await raw(sandbox(), 'ReadDetailedOWASPReport', { params: params('2025') });
    expect(other.status).toBe(404);
    expect(other.bytes.toString()).toContain(`no OWASP 2025 report (${owaspYears.join(' or ')})`);
  });

  it('renders a PDF that pdftoppm draws, one page or more', async () => {
    const scan = scanOf();
    const res = await raw(sandbox(), 'ReadDetailedOWASPReport', {
      params: { appID: app, scanID: scan?.id as string, year: '2017', ext: 'pdf' },
      query: 'status=any&comments=true',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(render(res.bytes, 'owasp').length).toBeGreaterThanOrEqual(1);
  });

  it('paginates a long report and keeps hostile text inert in both forms', () => {
    const state = seedState(1, { findings: 300 });
    const scan = state.analysis.scans.find((s) => s.app === app && s.finding_ids.length >= 100);
    const findings = state.analysis.findings.filter((f) => scan?.finding_ids.includes(f.id));
    (findings[0] as { title: string }).title = '<script>alert(1)</script> (a) \\ \u202e \u0007 \u00e9\u4e2d';
    const model = reportModel({
      kind: 'cwe',
      state,
      app: state.apps.find((a) => a.id === app) as (typeof state.apps)[number],
      scan: scan as NonNullable<typeof scan>,
      findings,
      statuses: ['any'],
      comments: true,
      ignoreInfo: false,
      tz: 'UTC',
    });
    const html = reportHtml(model);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    expect(render(reportPdf(model), 'long').length).toBeGreaterThan(2);
  });

  it('names the analyser as the service does (the PDF producer), never the sandbox', async () => {
    const res = await raw(sandbox(), 'ReadCWEReport', {
      params: { appID: app, scanID: scanOf()?.id as string, ext: 'pdf' },
    });
    const pdf = res.bytes.toString('latin1');
    expect(pdf).toContain('/Producer (Qwiet)');
    expect(pdf).not.toMatch(/sandbox|secscan/i);
  });

  it('filters by status (open ones by default) and leaves out informational findings when asked', async () => {
    const scan = scanOf();
    const params = { appID: app, scanID: scan?.id as string, ext: 'html' };
    const open = (await raw(sandbox(), 'ReadCWEReport', { params })).bytes.toString();
    const any = (await raw(sandbox(), 'ReadCWEReport', { params, query: 'status=any' })).bytes.toString();
    const count = (html: string) => (html.match(/<td class="(critical|high|medium|low)">/g) ?? []).length;
    const statuses = sandbox().state.analysis.findings.filter((f) => scan?.finding_ids.includes(f.id));
    expect(count(any)).toBe(statuses.length);
    expect(count(open)).toBe(statuses.filter((f) => f.status === 'unset').length);
  });

  it('refuses an unknown time zone (400), format or edition (404), and an unknown scan (404)', async () => {
    const scan = scanOf()?.id as string;
    const tz = await raw(sandbox(), 'ReadCWEReport', {
      params: { appID: app, scanID: scan, ext: 'html' },
      query: 'tz=Mars/Base',
    });
    expect(tz.status).toBe(400);
    expect(JSON.parse(tz.bytes.toString()).validation_errors).toEqual([
      'tz: Mars/Base is not an IANA time zone name',
    ]);
    const ext = await raw(sandbox(), 'ReadCWEReport', { params: { appID: app, scanID: scan, ext: 'docx' } });
    const year = await raw(sandbox(), 'ReadDetailedOWASPReport', {
      params: { appID: app, scanID: scan, year: '2013', ext: 'html' },
    });
    const none = await raw(sandbox(), 'ReadScanPCIDSSReport', { params: { appID: app, scanID: '999999' } });
    expect([ext.status, year.status, none.status]).toEqual([404, 404, 404]);
  });
});
