import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const url = 'https://hooks.example.com/secscan';
const base = ['webhook', 'set', '--url', url, '--event', 'scan.finished'];
const SECRET = '9f'.repeat(32);

describe('webhook set: usage errors (exit 2, no request)', () => {
  it.each([
    [['webhook', 'set', '--event', 'scan.finished'], '--url is required'],
    [['webhook', 'set', '--url', url], '--event is required'],
    [
      [...base.slice(0, 2), '--url', 'ftp://x', '--event', 'scan.finished'],
      'invalid value for --url: "ftp://x" (expected an http(s) URL)',
    ],
    [
      [...base.slice(0, 2), '--url', 'not a url', '--event', 'scan.finished'],
      'invalid value for --url: "not a url" (expected an http(s) URL)',
    ],
    [[...base, '--auth', 'basic'], 'invalid value for --auth: "basic" (choose from hmac, bearer)'],
    [
      [...base, '--auth', 'bearer'],
      '--auth bearer needs a token: pass it on standard input with --token-stdin',
    ],
    [[...base, '--auth', 'hmac', '--token-stdin'], '--token-stdin goes with --auth bearer'],
    [
      [...base, '--auth', 'bearer', '--token-stdin', '--secret-stdin'],
      '--secret-stdin and --token-stdin cannot be used together',
    ],
    [[...base, '--renewal', 'r.yml'], '--renewal goes with a bearer token (--token-stdin)'],
    [[...base, '--token-stdin', '--renewal', '-'], '--renewal: standard input holds the token; name a file'],
    [[...base, '--secret', 'x'], "unknown option '--secret'"],
    // The documented events, the list the sandbox offers: an unknown name is never sent.
    [
      [...base.slice(0, 4), '--event', 'nosuch.event'],
      'invalid value for --event: "nosuch.event" (choose from scan.finished)',
    ],
    [
      [...base, '--event', 'scan.started'],
      'invalid value for --event: "scan.started" (choose from scan.finished)',
    ],
    [[...base.slice(0, 4), '--event', ''], 'invalid value for --event: "" (choose from scan.finished)'],
    [
      [...base, '--secret-stdin', '--token-stdin', '--renewal', 'r.yml'],
      '--secret-stdin and --token-stdin cannot be used together',
    ],
    [
      [...base, '--secret-stdin', '--renewal', 'r.yml'],
      '--renewal and --secret-stdin cannot be used together',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses an empty secret on standard input before any request', async () => {
    const r = await cli.run([...base, '--secret-stdin'], { env: authEnv(), stdin: '\n' });
    expectUsage(r, '--secret-stdin: no secret on standard input', cli);
  });
});

describe('webhook set', () => {
  it('lets the service generate the secret and prints it once', async () => {
    cli
      .stub('SetUpWebhook', { body: { url, events: [{ name: 'scan.finished' }], authType: 'hmac' } })
      .reply(200, ok({ secret: SECRET, authType: 'hmac', url, events: ['scan.finished'] }));
    const r = await cli.run(base, { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: `url\t${url}\nevents\tscan.finished\nauthType\thmac\nsecret\t${SECRET}\n`,
      stderr:
        `Set up the webhook of the normal flow: ${url}.\n` +
        'Save this secret now: deliveries are signed with it and it is not shown again.\n',
    });
  });

  it('reads the secret from standard input, never echoes it, and sends the flow version', async () => {
    cli
      .stub('SetUpWebhook', {
        query: { version: 1 },
        body: {
          url,
          events: [{ name: 'scan.finished' }],
          authType: 'hmac',
          secret: 'my secret',
          enableEmailNotification: true,
        },
      })
      .reply(200, ok({ secret: 'my secret', authType: 'hmac', url, events: ['scan.finished'] }));
    const r = await cli.run(
      [
        ...base,
        '--event',
        'scan.finished',
        '--secret-stdin',
        '--email-on-failure',
        '--version',
        '1',
        '-o',
        'json',
      ],
      { env: authEnv(), stdin: 'my secret\n' },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ authType: 'hmac', url, events: ['scan.finished'] });
    expect(r.stdout + r.stderr).not.toContain('my secret');
  });

  it('sends a bearer token from standard input with the renewal file', async () => {
    const renewal = join(cli.configDir, 'renewal.yml');
    writeFileSync(
      renewal,
      'renewalMetadata:\n  url: https://auth.example.com/token\n  method: POST\n  bodyFields:\n    grant_type: client_credentials\nresponseHandling:\n  tokenField: access_token\n',
    );
    cli
      .stub('SetUpWebhook', {
        body: {
          url,
          events: [{ name: 'scan.finished' }],
          token: {
            token: 't0ken',
            renewalMetadata: {
              url: 'https://auth.example.com/token',
              method: 'POST',
              bodyFields: { grant_type: 'client_credentials' },
            },
            responseHandling: { tokenField: 'access_token' },
          },
          authType: 'bearer',
        },
      })
      .reply(200, ok({ authType: 'bearer', url, events: ['scan.finished'] }));
    const r = await cli.run([...base, '--token-stdin', '--renewal', renewal], {
      env: authEnv(),
      stdin: 't0ken',
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('t0ken');
    expect(r.stderr).not.toContain('Save this secret');
  });

  it('refuses an unknown key in the renewal file with its line (exit 3, no request)', async () => {
    const renewal = join(cli.configDir, 'renewal.yml');
    writeFileSync(renewal, 'renewalMetadata:\n  url: https://a.example\n  verb: POST\n');
    const r = await cli.run([...base, '--token-stdin', '--renewal', renewal], { env: authEnv(), stdin: 't' });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: ${renewal}:3: renewalMetadata: unknown key "verb" (choose from url, method, bodyFields, asJson, forceFormUrlEncoding)`,
    );
    expect(cli.calls()).toEqual([]);
  });

  it('reports the service’s validation errors (exit 6)', async () => {
    cli.stub('SetUpWebhook').reply(400, {
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'invalid webhook',
      validation_errors: ['url: not reachable'],
    });
    const r = await cli.run(base, { env: authEnv() });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('invalid webhook: url: not reachable');
  });
});
