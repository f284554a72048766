import { describe, expect, it } from 'vitest';
import { ok } from '../hostile.js';
import {
  answer,
  errorLines,
  type Route,
  secscan,
  server,
  service,
  unexpected,
  useHostileService,
  writes,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan org`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['org', 'config', 'show'],
      ['ReadOrgConfig', answer(unexpected)],
      /^error: ReadOrgConfig: unexpected response: none of the fields sso_name, /,
    ],
    [
      ['org', 'config', 'show'],
      ['ReadOrgConfig', answer({ body: ok([]) })],
      /^error: ReadOrgConfig: unexpected response/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('org config set reads the configuration first: of the wrong shape, nothing is replaced', async () => {
    server.answer = service([['ReadAppConfig', 'ReadOrgConfig', 'ReadTeamConfig'], answer(unexpected)]);
    const r = await secscan(['org', 'config', 'set', 'org.yml', '--yes']);
    expect(r.exitCode).toBe(8);
    expect(writes(server)).toEqual([]);
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['org', 'config', 'show']]])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([[['org', 'config', 'patch', 'org.yml']]])(
    'the error of a refused %j is one clean line',
    async (argv) => {
      await expectRefusalClean(argv);
    },
  );
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [['org', 'config', 'set', 'unknown-key.yml', '--yes'], 3, 'unknown-key.yml:1: unknown key "bogus_key"'],
    [['org', 'analysis', 'set', '--secrets-entropy', 'NaN'], 2, 'invalid value for --secrets-entropy: "NaN"'],
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
    [['org', 'config', 'set', 'org.yml', '--yes'], 'check with `secscan org config show`'],
    [['org', 'analysis', 'set', '--secrets-entropy', '4'], 'check with `secscan org config show`'],
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
