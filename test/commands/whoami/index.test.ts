import { describe, expect, it } from 'vitest';
import { expectUsage, jwt, ORG, ORIGIN, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const user = {
  name: 'Ada',
  email: 'ada@example.com',
  idv2: 'u-1',
  membership: [{ organization: ORG, organizationName: 'Acme' }],
  extra_field: 'passes through',
};

describe('whoami: usage errors (exit 2, no request)', () => {
  it.each([
    [['whoami', '--me'], "unknown option '--me'"],
    [['whoami', 'ada'], "too many arguments for 'whoami'. Expected 0 arguments but got 1."],
    [
      ['whoami', '--fields', 'org'],
      'unknown field "org" for --fields (choose from name, email, idv2, membership, invites)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: { SECSCAN_TOKEN: 'x' } }), message, cli);
  });
});

describe('whoami', () => {
  it('needs no organization and prints a labelled view on a terminal', async () => {
    cli.stub('ReadUser').reply(200, ok(user));
    const result = await cli.run(['whoami', '--no-color'], {
      env: { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: jwt({ sub: 'x' }) },
      stdoutTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Email:         ada@example.com\n');
    expect(result.stdout).toContain(`Organizations: Acme (${ORG})\n`);
  });

  it('prints the full object with -o json, unknown fields included', async () => {
    cli.stub('ReadUser').reply(200, ok(user));
    const result = await cli.run(['whoami', '-o', 'json'], {
      env: { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: 'opaque-token' },
    });
    expect(JSON.parse(result.stdout)).toEqual(user);
  });

  it('exits 3 without a token, before any request', async () => {
    const result = await cli.run(['whoami'], { env: { SECSCAN_BASE_URL: ORIGIN } });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      'error: no token: run `secscan auth login`, or set SECSCAN_TOKEN\nhint: for CI, set SECSCAN_TOKEN (or SHIFTLEFT_ACCESS_TOKEN) from a secret\n',
    );
  });
});
