import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, ok, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-wait-'));
  file = join(dir, 'sandbox.env');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox wait: usage errors (exit 2, no request)', () => {
  it.each([
    [['sandbox', 'wait', ' '], 'invalid file " ": expected a file path'],
    [['sandbox', 'wait', 'a.env', 'b.env'], "too many arguments for 'wait'. Expected 1 argument but got 2."],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('sandbox wait FILE', () => {
  it('asks the sandbox the file names who its token is (ReadUser), with that token, and exits 0', async () => {
    writeFileSync(file, `SECSCAN_BASE_URL=${ORIGIN}\nSECSCAN_ORG_ID=${ORG}\nSECSCAN_TOKEN=${TOKEN}\n`);
    cli.stub('ReadUser').reply(200, ok({ email: 'sandbox@example.com' }));
    const run = await cli.run(['sandbox', 'wait', file]);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.stderr).toBe(`sandbox: ready at ${ORIGIN}\n`);
    const [call] = cli.calls();
    expect(call?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('is not ready while the sandbox refuses its token: exit 7 at the timeout, saying why', async () => {
    writeFileSync(file, `SECSCAN_BASE_URL=${ORIGIN}\nSECSCAN_ORG_ID=${ORG}\nSECSCAN_TOKEN=${TOKEN}\n`);
    cli.stub('ReadUser').reply(401, { ok: false, code: 'unauthorized', message: 'bad token' }).persist();
    const run = await cli.run(['sandbox', 'wait', file, '--timeout', '1']);
    expect(run.code).toBe(7);
    expect(run.stderr).toMatch(
      new RegExp(`^error: sandbox wait: not ready after 1 s: the sandbox ${file} names does not answer: `),
    );
  });
});
