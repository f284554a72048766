import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../helpers/cli.js';
import { finding } from './findings/fixtures.js';

const cli = useCli();

function appFindings(findings: unknown[]) {
  cli.stub('ListAppFindings', { path: { appID: 'a' } }).reply(200, ok({ has_more: false, findings }));
}

describe('--jq: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['findings', 'list', '--app', 'a', '--jq', '.[0.id'],
      "invalid value for --jq: syntax error, unexpected IDENT, expecting '|' or ',' or ':' or ']' at <top-level>, line 1, column 5",
    ],
    [
      ['findings', 'list', '--app', 'a', '--jq', 'nosuch(1)'],
      'invalid value for --jq: nosuch/1 is not defined at <top-level>, line 1, column 1',
    ],
    [
      ['findings', 'list', '--app', 'a', '--jq', '$x'],
      'invalid value for --jq: $x is not defined at <top-level>, line 1, column 1',
    ],
    [['findings', 'list', '--app', 'a', '--jq', ''], '--jq must not be empty'],
    [
      ['findings', 'list', '--app', 'a', '--jq', '.', '-o', 'table'],
      '--jq filters JSON: it cannot be used with -o table',
    ],
    [
      ['findings', 'list', '--app', 'a', '--jq', '.', '-o', 'sarif'],
      '--jq filters JSON: it cannot be used with -o sarif',
    ],
    [['sandbox', '--jq', '.'], '`secscan sandbox` prints no JSON: --jq cannot be used with it'],
    [['completion', 'bash', '--jq', '.'], '`secscan completion` prints no JSON: --jq cannot be used with it'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('an expression that would run forever is only compiled before the request', async () => {
    appFindings([finding('1')]);
    const result = await cli.run(
      ['findings', 'list', '--app', 'a', '--jq', '.[0].id, (if length > 5 then repeat(1) else empty end)'],
      {
        env: authEnv(),
      },
    );
    expect(result).toEqual({ code: 0, stdout: '1\n', stderr: '' });
  });
});

describe('--jq', () => {
  it('implies JSON: -o json (or nothing) and the expression over what it prints; strings raw', async () => {
    appFindings([finding('12'), finding('9')]);
    const result = await cli.run(['findings', 'list', '--app', 'a', '-o', 'json', '--jq', '.[0].id'], {
      env: authEnv(),
    });
    expect(result).toEqual({ code: 0, stdout: '12\n', stderr: '' });
    appFindings([finding('12'), finding('9')]);
    const ids = await cli.run(['findings', 'list', '--app', 'a', '--jq', '.[].id'], { env: authEnv() });
    expect(ids.stdout).toBe('12\n9\n');
  });

  it('other values as JSON: one a line in a pipe, indented on a terminal; --fields first', async () => {
    appFindings([finding('12'), finding('9')]);
    const piped = await cli.run(
      ['findings', 'list', '--app', 'a', '--fields', 'id,severity', '--jq', '.[]'],
      {
        env: authEnv(),
      },
    );
    expect(piped.stdout).toBe('{"id":"12","severity":"high"}\n{"id":"9","severity":"high"}\n');
    appFindings([finding('12')]);
    const terminal = await cli.run(
      ['findings', 'list', '--app', 'a', '--jq', '.[0] | {id, n: 1, ok: true}'],
      {
        env: authEnv(),
        stdoutTTY: true,
      },
    );
    expect(terminal.stdout).toBe('{\n  "id": "12",\n  "n": 1,\n  "ok": true\n}\n');
  });

  it('a string the service sent reaches a terminal without its escapes, a pipe as it is', async () => {
    const title = 'pwned\u001b]8;;https://evil.example\u0007 link\u001b[2J';
    appFindings([finding('12', { title })]);
    const terminal = await cli.run(['findings', 'list', '--app', 'a', '--jq', '.[0].title'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(terminal.stdout).toBe('pwned link\n');
    appFindings([finding('12', { title })]);
    const piped = await cli.run(['findings', 'list', '--app', 'a', '--jq', '.[0].title'], { env: authEnv() });
    expect(piped.stdout).toBe(`${title}\n`);
  });

  it('an object result (findings show), and a failure of the expression on the data: exit 2 after what it printed', async () => {
    cli.stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } }).reply(200, ok(finding('12')));
    const show = await cli.run(['findings', 'show', '--app', 'a', '12', '--jq', '.tags[0].value'], {
      env: authEnv(),
    });
    expect(show).toEqual({ code: 0, stdout: '89\n', stderr: '' });
    appFindings([finding('12')]);
    const failing = await cli.run(['findings', 'list', '--app', 'a', '--jq', '.[0].id, .[0].id.x'], {
      env: authEnv(),
    });
    expect(failing.code).toBe(2);
    expect(failing.stdout).toBe('12\n');
    expect(failing.stderr).toBe('error: --jq: Cannot index string with string ("x")\n');
  });

  it.each([
    ['def f: 1 + f; f', 'error: --jq: jq stopped: cannot allocate memory\n'],
    ['[range(1e9)]', 'error: --jq: jq stopped: cannot allocate memory\n'],
  ])(
    "a failure of jq's engine (%s) is exit 2 with jq's words, after what it printed",
    async (expression, stderr) => {
      appFindings([finding('12')]);
      const result = await cli.run(['findings', 'list', '--app', 'a', '--jq', `.[0].id, (${expression})`], {
        env: authEnv(),
      });
      expect(result).toEqual({ code: 2, stdout: '12\n', stderr });
      // The engine starts again for the next run.
      appFindings([finding('9')]);
      const next = await cli.run(['findings', 'list', '--app', 'a', '--jq', '.[0].id'], { env: authEnv() });
      expect(next).toEqual({ code: 0, stdout: '9\n', stderr: '' });
    },
  );

  it('an expression that never ends stops when the run is interrupted (exit 130), after what it printed', async () => {
    appFindings([finding('12')]);
    const controller = new AbortController();
    const { InterruptedError } = await import('../../src/errors.js');
    const run = cli.run(['findings', 'list', '--app', 'a', '--jq', '.[0].id, (def f: f; f)'], {
      env: authEnv(),
      signal: controller.signal,
      onStdout: (text: string) => {
        if (text.includes('12\n')) controller.abort(new InterruptedError());
      },
    });
    const result = await run;
    expect(result).toEqual({ code: 130, stdout: '12\n', stderr: '' });
  });

  it("jq's debug output goes to stderr; an empty list is []", async () => {
    appFindings([]);
    const result = await cli.run(['findings', 'list', '--app', 'a', '--jq', 'debug | length'], {
      env: authEnv(),
    });
    expect(result).toEqual({ code: 0, stdout: '0\n', stderr: '["DEBUG:",[]]\n' });
  });
});
