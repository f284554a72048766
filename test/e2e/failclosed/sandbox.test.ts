import { describe, expect, it } from 'vitest';
import { errorLines, secscan, server, service, useHostileService, writes } from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan sandbox`. */
useHostileService();

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [
      ['sandbox', 'scan', '--app', 'payments-api', '--new', 'critical=0'],
      2,
      'invalid value for --new: "critical=0"',
    ],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a write whose answer is lost says its outcome is unknown and how to check (exit 7)', () => {
  const lost: [string[], string][] = [
    [
      ['sandbox', 'scan', '--app', 'payments-api'],
      'check with `secscan scans list --app payments-api` before recording another',
    ],
  ];

  it.each(lost)('%j', async (argv, hint) => {
    server.answer = (req) => (req.method === 'GET' ? service()(req) : { drop: true });
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = errorLines(r.stderr);
    expect(error).toMatch(/failed before an answer .*: the change may or may not have been applied$/);
    expect(hintLine).toContain(hint);
    expect(r.stderr).not.toContain('safe to retry');
    expect(writes(server).length).toBeGreaterThan(0);
  });
});
