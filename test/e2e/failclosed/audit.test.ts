import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok } from '../hostile.js';
import {
  answer,
  html,
  type Route,
  secscan,
  server,
  service,
  useHostileService,
  work,
  expectInert,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan audit`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['audit', 'scm-secrets', '--by-project'],
      ['GetOrgSCMSecretsAuditLog', answer({ body: ok({ total_attempts: 1 }) })],
      /^error: GetOrgSCMSecretsAuditLog: unexpected response at projects/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  // A document (a stored policy, the audit log's CSV) is checked too: never an HTML page, JSON or nothing.
  const documents: [string[], Route, RegExp][] = [
    [
      ['audit', 'log', '--year', '2026', '--month', '5'],
      [['DownloadAuditLog', 'DownloadDailyAuditLog'], answer(html)],
      /^error: the audit log of 2026-05: the service answered with text\/html, beginning "<!doctype html>/,
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '5', '-o', 'json'],
      [['DownloadAuditLog', 'DownloadDailyAuditLog'], answer(html)],
      /^error: .*DownloadAuditLog: the service answered with an HTML page/,
    ],
  ];

  it.each(documents)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([
    [['audit', 'log', '--year', '2026', '--month', '5', '-o', 'tsv']],
    [['audit', 'scm-secrets', '--by-project']],
  ])('%j', async (argv) => {
    await expectInert(argv);
  });
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [
      ['audit', 'log', '--year', '2026', '--month', '2', '--day', '30'],
      2,
      'invalid value for --day: 2026-02 has no day 30',
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
      ['audit', 'log', '--year', '2026', '--month', '5', '--out', 'out/a.csv'],
      'DownloadAuditLog',
      'application/csv',
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
