import { describe, expect, it } from 'vitest';
import {
  errorLines,
  secscan,
  server,
  service,
  useHostileService,
  writes,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan searches`. */
useHostileService();

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['searches', 'list']]])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([[['searches', 'delete', 's1', '--yes']]])(
    'the error of a refused %j is one clean line',
    async (argv) => {
      await expectRefusalClean(argv);
    },
  );
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([[['searches', 'update', 's1'], 2, 'nothing to change']] as const)(
    '%j is exit %i',
    async (argv, code, message) => {
      const r = await secscan([...argv]);
      expect(r.exitCode).toBe(code);
      expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
      expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
      expect(server.requests).toEqual([]);
    },
  );
});

describe('a write whose answer is lost says its outcome is unknown and how to check (exit 7)', () => {
  const lost: [string[], string][] = [
    [['searches', 'update', 's1', '--name', 'x'], 'check with `secscan searches list`'],
    [['searches', 'delete', 's1', '--yes'], 'check with `secscan searches list`'],
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
