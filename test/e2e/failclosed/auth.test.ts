import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orgId } from '../hostile.js';
import { secscan, server, unsafe, useHostileService, work } from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan auth`. */
useHostileService();

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [['auth', 'login', '--from-sl', 'missing.json'], 3, '--from-sl: cannot read missing.json'],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('a token holding control characters is refused before any request, wherever it comes from', async () => {
    const token = 'abc\u001b[2Jdef';
    writeFileSync(join(work, 'sl.json'), JSON.stringify({ orgId, accessToken: token }));
    const fromSl = await secscan(['auth', 'login', '--from-sl', 'sl.json']);
    expect([fromSl.exitCode, fromSl.stderr.split('\n')[0]]).toEqual([
      3,
      'error: --from-sl: the accessToken in sl.json holds characters a token cannot have (control or non-ASCII characters)',
    ]);
    const stdin = await secscan(['auth', 'login', '--with-token'], {}, token);
    expect([stdin.exitCode, stdin.stderr.split('\n')[0]]).toEqual([
      2,
      'error: the token holds characters a token cannot have (control or non-ASCII characters)',
    ]);
    const variable = await secscan(['teams', 'list'], { SECSCAN_TOKEN: token });
    expect([variable.exitCode, variable.stderr.split('\n')[0]]).toEqual([
      3,
      'error: the token (from $SECSCAN_TOKEN) holds characters a token cannot have: spaces, control or non-ASCII characters',
    ]);
    expect(fromSl.stderr + stdin.stderr + variable.stderr).not.toMatch(unsafe);
    expect(server.requests).toEqual([]);
  });
});
