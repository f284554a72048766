import { describe, expect, it } from 'vitest';
import { ok } from '../hostile.js';
import {
  answer,
  errorLines,
  type Route,
  secscan,
  server,
  service,
  useHostileService,
  writes,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan webhook`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['webhook', 'show'],
      ['GetWebhook', answer({ body: { events: ['scan.finished'] } })],
      /^error: GetWebhook: unexpected response at url/,
    ],
    [
      ['webhook', 'show'],
      ['GetWebhook', answer({ body: ok({ url: 'https://hooks.example.com/x' }) })],
      /^error: GetWebhook: unexpected response at url/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('webhook set: an answer without the secret the service generated is exit 8, never a silent loss', async () => {
    server.answer = service(['SetUpWebhook', answer({ body: ok({ authType: 'hmac', events: [] }) })]);
    const r = await secscan([
      'webhook',
      'set',
      '--url',
      'https://hooks.example.com/x',
      '--event',
      'scan.finished',
    ]);
    expect(r.exitCode).toBe(8);
    expect(errorLines(r.stderr)).toEqual([
      'error: SetUpWebhook: the service set up the webhook but its answer carries no secret: deliveries are signed with a secret nobody has seen',
      'hint: set it up again with your own secret: --secret-stdin < secret.txt',
    ]);
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['webhook', 'show']]])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([[['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', 'scan.finished']]])(
    'the error of a refused %j is one clean line',
    async (argv) => {
      await expectRefusalClean(argv);
    },
  );
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [
      ['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', ''],
      2,
      'invalid value for --event: "" (choose from scan.finished)',
    ],
    [
      ['webhook', 'set', '--url', 'notaurl', '--event', 'scan.finished'],
      2,
      'invalid value for --url: "notaurl"',
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
      ['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', 'scan.finished'],
      'whose generated secret was never shown',
    ],
    [['webhook', 'delete', '--yes'], 'check with `secscan webhook show`'],
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
