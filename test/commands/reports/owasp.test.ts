import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const html = '<!DOCTYPE html>\n<html><body><h1>OWASP</h1></body></html>\n';
const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const asHtml = { headers: { 'content-type': 'text/html' } };
const asPdf = { headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.length) } };
const path = (ext: string, year = '2021') => ({ appID: 'shiftleft-java-demo', scanID: '1004', year, ext });
const base = ['reports', 'owasp', '--app', 'shiftleft-java-demo', '1004'];

describe('reports owasp: usage errors (exit 2, no request)', () => {
  it.each([
    [[...base], '--year is required (2017 or 2021)'],
    [[...base, '--year', '2013'], 'invalid value for --year: "2013" (choose from 2017, 2021)'],
    [
      [...base, '--year', '2021', '--format', 'docx'],
      'invalid value for --format: "docx" (choose from html, pdf)',
    ],
    [
      [...base, '--year', '2021', '--status', 'open'],
      'invalid value for --status: "open" (choose from unset, fixed, ignored, 3rdparty, any)',
    ],
    [
      [...base, '--year', '2021', '--tz', 'Mars/Base'],
      'invalid value for --tz: "Mars/Base" (expected an IANA time zone name such as Europe/Berlin, America/New_York or UTC)',
    ],
    [
      [...base, '--year', '2021', '--tz', 'europe/berlin'],
      'invalid value for --tz: "europe/berlin" (not an IANA time zone name; did you mean Europe/Berlin?)',
    ],
    [
      [...base, '--year', '2021', '--tz', '+01:00'],
      'invalid value for --tz: "+01:00" (expected an IANA time zone name such as Europe/Berlin, America/New_York or UTC)',
    ],
    [
      [...base, '--year', '2021', '--format', 'html', '--out', 'r.pdf'],
      '--format html and --out r.pdf disagree',
    ],
    [
      ['reports', 'owasp', '--app', 'shiftleft-java-demo', 'latest', '--year', '2021'],
      'invalid scan id "latest": expected a scan id (a number)',
    ],
    [['reports', 'owasp', '1004', '--year', '2021'], '--app is required'],
    [
      [...base, '--year', '2021', '--out', '/nonexistent-dir/r.html'],
      'invalid value for --out: the directory of /nonexistent-dir/r.html does not exist',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('never prints the report on a terminal', async () => {
    const r = await cli.run([...base, '--year', '2021'], { env: authEnv(), stdoutTTY: true });
    expectUsage(r, 'not printing HTML on a terminal: pass --out FILE, or pipe the output', cli);
    const p = await cli.run([...base, '--year', '2021', '--format', 'pdf'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expectUsage(p, 'not printing a PDF on a terminal: pass --out FILE, or pipe the output', cli);
  });
});

describe('reports owasp', () => {
  it('streams the HTML to a pipe, with the query the flags ask for', async () => {
    cli
      .stub('ReadDetailedOWASPReport', {
        path: path('html', '2017'),
        query: { comments: true, status: 'any', tz: 'Europe/Berlin' },
      })
      .reply(200, html, asHtml);
    const r = await cli.run(
      [...base, '--year', '2017', '--comments', '--status', 'any', '--tz', 'Europe/Berlin'],
      { env: authEnv() },
    );
    expect(r).toEqual({ code: 0, stdout: html, stderr: '' });
    expect(cli.calls()[0]?.headers).toMatchObject({ accept: 'text/html' });
  });

  it('writes a PDF to --out (the format from the extension), atomically', async () => {
    cli.stub('ReadDetailedOWASPReport', { path: path('pdf') }).reply(200, pdf, asPdf);
    const out = join(cli.configDir, 'owasp.pdf');
    const r = await cli.run([...base, '--year', '2021', '--out', out], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Wrote ${out} (${pdf.length} B).\n` });
    expect(readFileSync(out).equals(pdf)).toBe(true);
    expect(cli.calls()[0]?.headers).toMatchObject({ accept: 'application/pdf' });
    expect(readdirSync(cli.configDir)).toEqual(['owasp.pdf']);
  });

  it('refuses HTML where a PDF was asked for, or a JSON envelope where HTML was (exit 8), keeping nothing', async () => {
    cli.stub('ReadDetailedOWASPReport', { path: path('pdf') }).reply(200, html, asHtml);
    const out = join(cli.configDir, 'owasp.pdf');
    const r = await cli.run([...base, '--year', '2021', '--out', out], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: the OWASP 2021 report of scan 1004: the service answered with text/html, beginning "<!DOCTYPE html>.<html><body><h1>OWASP</h" where a PDF was expected',
    );
    expect(readdirSync(cli.configDir)).toEqual([]);
    cli.stub('ReadDetailedOWASPReport', { path: path('html') }).reply(200, { ok: true, response: {} });
    const json = await cli.run([...base, '--year', '2021'], { env: authEnv() });
    expect([json.code, json.stdout]).toEqual([8, '']);
    cli.stub('ReadDetailedOWASPReport', { path: path('html') }).reply(200, '', asHtml);
    const empty = await cli.run([...base, '--year', '2021'], { env: authEnv() });
    expect(empty.stderr).toContain('text/html and an empty body');
  });

  it('reports the service’s refusal as it said it', async () => {
    cli
      .stub('ReadDetailedOWASPReport', { path: path('html'), query: { tz: 'Asia/Kolkata' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'app shiftleft-java-demo has no scan 1004' });
    const r = await cli.run([...base, '--year', '2021', '--tz', 'Asia/Kolkata'], { env: authEnv() });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      5,
      'error: ReadDetailedOWASPReport: app shiftleft-java-demo has no scan 1004 (HTTP 404 NOT_FOUND)',
    ]);
  });
});
