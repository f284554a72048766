import { describe, expect, it } from 'vitest';
import { ok } from '../hostile.js';
import {
  answer,
  errorLines,
  html,
  type Route,
  secscan,
  server,
  service,
  useHostileService,
  writes,
  yaml,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan policies`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  // A document (a stored policy, the audit log's CSV) is checked too: never an HTML page, JSON or nothing.
  const documents: [string[], Route, RegExp][] = [
    [
      ['policies', 'show', 'gate'],
      ['ResolveCheckAnalysisConfiguration', answer(html)],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with an HTML page \(text\/html\) where application\/yaml was expected/,
    ],
    [
      ['policies', 'show', 'gate'],
      ['ResolveCheckAnalysisConfiguration', answer({ body: ok('rules: []') })],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with JSON \(application\/json\)/,
    ],
    [
      ['policies', 'show', 'gate'],
      ['ResolveCheckAnalysisConfiguration', answer({ body: '', headers: yaml })],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with an empty body/,
    ],
    [
      ['policies', 'diff', 'gate', 'rules.yml'],
      ['ResolveCheckAnalysisConfiguration', answer(html)],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with an HTML page/,
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
  it.each([[['policies', 'list']]])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([[['policies', 'push', 'rules.yml', '--name', 'gate']]])(
    'the error of a refused %j is one clean line',
    async (argv) => {
      await expectRefusalClean(argv);
    },
  );
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [['policies', 'push', 'empty.yml', '--name', 'gate'], 3, 'empty.yml:1: the file is empty'],
    [['policies', 'show', 'a:b:c'], 2, 'invalid policy reference "a:b:c"'],
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
    [['policies', 'push', 'rules.yml', '--name', 'gate'], 'check with `secscan policies list --name gate`'],
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
