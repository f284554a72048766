import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answer, secscan, server, service, useHostileService, work } from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan reports`. */
useHostileService();

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [
      ['reports', 'owasp', '--app', 'payments-api', '7', '--year', '2019'],
      2,
      'invalid value for --year: "2019"',
    ],
    [
      ['reports', 'cwe', '--app', 'payments-api', '7', '--out', 'no/such/dir/r.html'],
      2,
      'invalid value for --out: the directory of no/such/dir/r.html does not exist',
    ],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a file the tool writes never looks complete when the answer broke off', () => {
  it.each([
    [
      ['reports', 'pci', '--app', 'payments-api', '7', '--out', 'out/r.html'],
      'ReadScanPCIDSSReport',
      'text/html',
    ],
    [
      ['reports', 'cwe', '--app', 'payments-api', '7', '--out', 'out/r.pdf'],
      'ReadCWEReport',
      'application/pdf',
    ],
  ] as const)('%j leaves nothing behind (exit 7)', async (argv, operation, type) => {
    rmSync(join(work, 'out'), { recursive: true, force: true });
    mkdirSync(join(work, 'out'));
    const starts: Record<string, string> = {
      'application/pdf': '%PDF-1.4 ',
      'text/html': '<html>',
      'application/csv': 'a,b\n',
    };
    const start = starts[type] ?? '';
    const body = `${start}${'x'.repeat(20_000)}`;
    server.answer = service([
      operation,
      answer({
        partial: body.slice(0, 10_000),
        cut: true,
        headers: { 'content-type': type, 'content-length': String(body.length) },
      }),
    ]);
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/^error: the download broke off at byte 10\d{3} of 20\d{3}/m);
    expect(readdirSync(join(work, 'out'))).toEqual([]);
  });
});
