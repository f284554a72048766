import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const sarif = { version: '2.1.0', runs: [] };
const sarifHeaders = { headers: { 'content-type': 'application/sarif+json' } };

describe('compounds sarif: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'sarif', 'shop'], '--out is required (a file, or - for standard output)'],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--branch', 'main', '--scan', '3'],
      '--scan and --branch cannot be used together',
    ],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--version', 'v1', '--tag', 'k=v'],
      '--version and --tag cannot be used together',
    ],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--tag', 'k=v', '--branch', 'main'],
      '--branch and --tag cannot be used together',
    ],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--tag', 'x'],
      'invalid value for --tag: "x" (expected KEY=VALUE, e.g. branch=main)',
    ],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--scan', 'latest'],
      'invalid value for --scan: "latest" (expected a scan id (a number))',
    ],
    [
      ['compounds', 'sarif', 'shop', '--out', '-', '--language', 'cobol'],
      'invalid value for --language: "cobol" (choose from java, go, csharp, javascript, c, python, terraform_hcl, ruby, php, fuzzytestlang, kotlin, swift, plsql, apex)',
    ],
    [['compounds', 'sarif', 'shop', '--out', ''], '--out must not be empty'],
    [
      ['compounds', 'sarif', 'shop', '--out', '/nonexistent-dir/shop.sarif'],
      'invalid value for --out: the directory of /nonexistent-dir/shop.sarif does not exist',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds sarif', () => {
  it('prints the report with --out - and sends the tag as KEY__eq__VALUE', async () => {
    cli
      .stub('DownloadSarifReport', {
        path: { compoundName: 'shop' },
        query: { scan_tag: 'branch__eq__main', scan_language: 'java' },
      })
      .reply(200, sarif, sarifHeaders);
    const r = await cli.run(
      ['compounds', 'sarif', 'shop', '--out', '-', '--tag', 'branch=main', '--language', 'java'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(sarif);
  });

  it('writes the report to --out and notes its size', async () => {
    const body = JSON.stringify(sarif);
    cli
      .stub('DownloadSarifReport', { path: { compoundName: 'shop' }, query: { polyglot_scan: '42' } })
      .reply(200, body, sarifHeaders);
    const out = join(cli.configDir, 'shop.sarif');
    const r = await cli.run(['compounds', 'sarif', 'shop', '--scan', '42', '--out', out], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Wrote ${out} (${body.length} B).\n` });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(sarif);
  });

  // Fail closed: an answer that is not a SARIF log is never written as the report.
  it.each([
    ['an object of another shape', { ok: true, response: { unexpected: 1 } }, 'no "version"'],
    ['a log without runs', { version: '2.1.0', runs: null }, 'no list of "runs"'],
    ['a run without its tool', { version: '2.1.0', runs: [{ results: [] }] }, 'run 0 names no tool driver'],
    ['text that is not JSON', '<html>maintenance</html>', 'not JSON'],
  ])('%s: exit 8 with --out - and with --out FILE, and no file', async (_, body, problem) => {
    const headers = typeof body === 'string' ? { headers: { 'content-type': 'text/html' } } : sarifHeaders;
    cli.stub('DownloadSarifReport', { path: { compoundName: 'shop' } }).reply(200, body, headers);
    const piped = await cli.run(['compounds', 'sarif', 'shop', '--out', '-'], { env: authEnv() });
    expect(piped.code).toBe(8);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toContain(problem);
    cli.stub('DownloadSarifReport', { path: { compoundName: 'shop' } }).reply(200, body, headers);
    const out = join(cli.configDir, 'bad.sarif');
    const saved = await cli.run(['compounds', 'sarif', 'shop', '--out', out], { env: authEnv() });
    expect(saved.code).toBe(8);
    expect(saved.stderr).toContain(problem);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(cli.configDir).filter((f) => f.startsWith('bad.sarif'))).toEqual([]);
  });
});
