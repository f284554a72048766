import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, useCli } from '../../helpers/cli.js';

const cli = useCli();
const hook = { url: 'https://hooks.example.com/x', events: ['scan.finished'] };

describe('webhook show: usage errors (exit 2, no request)', () => {
  it.each([[['webhook', 'show', '--version', '3'], 'invalid value for --version: "3" (choose from 1, 2)']])(
    '%j',
    async (argv, message) => {
      expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
    },
  );
});

describe('webhook show', () => {
  it('reads the bare answer (no envelope) of the default flow', async () => {
    cli.stub('GetWebhook').reply(200, hook, json);
    const r = await cli.run(['webhook', 'show'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: `url\t${hook.url}\nevents\tscan.finished\ntokenID\t\n`,
      stderr: '',
    });
  });

  it('sends --version', async () => {
    const bearer = { ...hook, tokenID: '3fa85f64-5717-4562-b3fc-2c963f66afa6' };
    cli.stub('GetWebhook', { query: { version: 1 } }).reply(200, bearer, json);
    const r = await cli.run(['webhook', 'show', '--version', '1', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(r.stdout)).toEqual(bearer);
  });

  it('says there is no webhook (exit 5) on a 404 or an answer without a URL', async () => {
    cli.stub('GetWebhook').reply(200, {}, json);
    const empty = await cli.run(['webhook', 'show'], { env: authEnv() });
    expect(empty.code).toBe(5);
    expect(empty.stderr).toBe(
      'error: no webhook is set up for the normal flow\nhint: set one up with `secscan webhook set --url URL --event scan.finished`\n',
    );
    cli.stub('GetWebhook').reply(404, { ok: false, code: 'NOT_FOUND', message: 'no webhook' });
    expect((await cli.run(['webhook', 'show'], { env: authEnv() })).code).toBe(5);
  });

  it('refuses events of the wrong shape (exit 8)', async () => {
    cli.stub('GetWebhook').reply(200, { url: 'https://x.example', events: 'scan.finished' }, json);
    expect((await cli.run(['webhook', 'show'], { env: authEnv() })).code).toBe(8);
  });
});
