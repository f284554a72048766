import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { authEnv, operationPath, ORIGIN, useCli } from '../../../helpers/cli.js';

const cli = useCli();
const consent = 'https://slack.example/oauth/v2/authorize?client_id=1&state=abc';
const redirectTo = (location: string | undefined) =>
  cli.stub('AuthorizeSlack').reply(302, '', { headers: location === undefined ? {} : { location } });

/** A $BROWSER that writes the address it is given to a file, as a browser would be handed it. */
function fakeBrowser(): { env: { BROWSER: string }; opened: () => Promise<string | undefined> } {
  const script = join(cli.configDir, 'browser.cjs');
  const out = join(cli.configDir, 'opened.txt');
  writeFileSync(script, `require('node:fs').writeFileSync(${JSON.stringify(out)}, process.argv[2]);\n`);
  return {
    env: { BROWSER: `${process.execPath} ${script}` },
    async opened() {
      for (let i = 0; i < 100 && !existsSync(out); i++) await sleep(20);
      return existsSync(out) ? readFileSync(out, 'utf8') : undefined;
    },
  };
}

describe('integrations chat authorize', () => {
  it('prints where the service redirects, on stdout; the redirect is not followed', async () => {
    redirectTo(consent);
    const result = await cli.run(['integrations', 'chat', 'authorize'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: `${consent}\n`,
      stderr: 'Open this address in a browser to approve access to the chat service (Slack):\n',
    });
    expect(cli.calls().map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET ${operationPath('AuthorizeSlack')}`,
    ]);
  });

  it('resolves a relative Location against the service address', async () => {
    redirectTo('/oauth/consent?state=1');
    const result = await cli.run(['integrations', 'chat', 'authorize', '-q'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: `${ORIGIN}/oauth/consent?state=1\n`, stderr: '' });
  });

  it('prints control characters of the Location percent-encoded, never raw', async () => {
    redirectTo('https://slack.example/a\u001b[31mred?x=\u009b1');
    const result = await cli.run(['integrations', 'chat', 'authorize', '-q'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^https:\/\/slack\.example\/a%1B\[31mred\?x=%\S+\n$/);
    expect(result.stdout.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it.each([
    ['no Location', undefined, 'AuthorizeSlack: the service redirected without a Location'],
    [
      'a script address',
      'javascript:alert(1)',
      'AuthorizeSlack: the service redirected to a javascript: address, not a web page',
    ],
  ])('exits 8 on a redirect with %s', async (_what, location, message) => {
    redirectTo(location);
    const result = await cli.run(['integrations', 'chat', 'authorize'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error: ${message}`);
  });

  it('exits 8 when the service answers 200 instead of redirecting', async () => {
    cli.stub('AuthorizeSlack').reply(200, { ok: true });
    const result = await cli.run(['integrations', 'chat', 'authorize'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('');
  });

  it('--open at a terminal opens the address with $BROWSER and still prints it', async () => {
    redirectTo(consent);
    const browser = fakeBrowser();
    const result = await cli.run(['integrations', 'chat', 'authorize', '--open'], {
      env: authEnv(browser.env),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${consent}\n`);
    expect(result.stderr).toBe('Opened the browser: approve access to the chat service (Slack) there.\n');
    expect(await browser.opened()).toBe(consent);
  });

  it.each([
    ['CI is set', { CI: 'true' }, true],
    ['stdin is not a terminal', {}, false],
  ])('--open opens nothing when %s', async (_when, env, stdinTTY) => {
    redirectTo(consent);
    const browser = fakeBrowser();
    const result = await cli.run(['integrations', 'chat', 'authorize', '--open'], {
      env: authEnv({ ...browser.env, ...env }),
      stdinTTY,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${consent}\n`);
    expect(result.stderr).toContain('--open: not at a terminal (or CI is set), so no browser is opened.');
    await sleep(100);
    expect(existsSync(join(cli.configDir, 'opened.txt'))).toBe(false);
  });

  it('--open warns when no browser can be started, and prints the address anyway', async () => {
    redirectTo(consent);
    const result = await cli.run(['integrations', 'chat', 'authorize', '--open'], {
      env: authEnv({ BROWSER: join(cli.configDir, 'no-such-browser') }),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${consent}\n`);
    expect(result.stderr).toMatch(
      /^warning: cannot open a browser \(.*no-such-browser: not found\): open the address yourself\n$/,
    );
  });
});
