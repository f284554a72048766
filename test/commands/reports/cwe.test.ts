import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const html = '<!DOCTYPE html><title>CWE report</title>\n';
const base = ['reports', 'cwe', '--app', 'payments-api', '17'];

describe('reports cwe: usage errors (exit 2, no request)', () => {
  it.each([
    [[...base, '--bogus'], "unknown option '--bogus'"],
    [
      [...base, '--tz', 'Moon/Crater'],
      'invalid value for --tz: "Moon/Crater" (expected an IANA time zone name such as Europe/Berlin, America/New_York or UTC)',
    ],
    [[...base, '--format', 'pdf', '--out', 'cwe.html'], '--format pdf and --out cwe.html disagree'],
    [
      ['reports', 'cwe', '--app', 'bad app', '17'],
      'invalid value for --app: "bad app" (letters and digits, with _ : . - allowed inside)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('reports cwe', () => {
  it('writes the HTML report to --out with the status and time zone asked for', async () => {
    cli
      .stub('ReadCWEReport', {
        path: { appID: 'payments-api', scanID: '17', ext: 'html' },
        query: { status: 'fixed', tz: 'America/New_York' },
      })
      .reply(200, html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const out = join(cli.configDir, 'cwe.html');
    const r = await cli.run([...base, '--status', 'fixed', '--tz', 'America/New_York', '--out', out], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(html);
  });

  it('streams a PDF down a pipe byte for byte', async () => {
    const pdf = Buffer.from('%PDF-1.4\n\xff\xfe\x00binary\n%%EOF\n', 'latin1');
    cli
      .stub('ReadCWEReport', { path: { appID: 'payments-api', scanID: '17', ext: 'pdf' } })
      .reply(200, pdf, { headers: { 'content-type': 'application/pdf' } });
    const r = await cli.run([...base, '--format', 'pdf'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('%PDF-1.4\n')).toBe(true);
  });
});
