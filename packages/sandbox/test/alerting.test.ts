import { describe, expect, it } from 'vitest';
import { call, userToken, useSandbox } from './harness.js';

const sandbox = useSandbox();
const hook = { url: 'https://hooks.example.com/x', events: [{ name: 'scan.finished' }] };

describe('sandbox: webhook', () => {
  it('lists the events, bare', async () => {
    const res = await call(sandbox(), 'GetAlertingEvents');
    expect(res.json).toEqual({ events: [{ name: 'scan.finished' }] });
  });

  it('generates a secret for hmac without one, one webhook per version, read bare without the secret', async () => {
    expect((await call(sandbox(), 'GetWebhook')).status).toBe(404);
    const set = await call(sandbox(), 'SetUpWebhook', { body: hook });
    expect(set.json.response).toMatchObject({ authType: 'hmac', url: hook.url, events: ['scan.finished'] });
    expect(set.json.response.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await call(sandbox(), 'GetWebhook')).json).toEqual({ url: hook.url, events: ['scan.finished'] });
    expect((await call(sandbox(), 'GetWebhook', { query: 'version=1' })).status).toBe(404);
    const own = await call(sandbox(), 'SetUpWebhook', {
      body: { ...hook, url: 'https://y.example', secret: 's' },
    });
    expect(own.json.response.secret).toBe('s');
    expect(sandbox().state.webhooks.filter((w) => w.version === 2)).toHaveLength(1);
    expect(sandbox().state.webhooks[0]).toMatchObject({
      url: 'https://y.example',
      secret: 's',
      authType: 'hmac',
    });
  });

  it('takes a bearer token (authType defaults to bearer), and GetWebhook names its token id', async () => {
    const set = await call(sandbox(), 'SetUpWebhook', {
      query: 'version=1',
      body: { ...hook, token: { token: 't', responseHandling: { tokenField: 'access_token' } } },
    });
    expect(set.json.response).toEqual({ authType: 'bearer', url: hook.url, events: ['scan.finished'] });
    const read = await call(sandbox(), 'GetWebhook', { query: 'version=1' });
    expect(read.json.tokenID).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(sandbox(), 'DeleteWebhook', { query: 'version=1' })).json).toEqual({ ok: true });
    expect((await call(sandbox(), 'DeleteWebhook', { query: 'version=1' })).status).toBe(404);
  });

  it('validates events, auth and version (400), and needs webhook scopes', async () => {
    const unknown = await call(sandbox(), 'SetUpWebhook', {
      body: { ...hook, events: [{ name: 'scan.started' }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.validation_errors[0]).toContain('unknown event "scan.started"');
    expect((await call(sandbox(), 'SetUpWebhook', { body: { ...hook, authType: 'bearer' } })).status).toBe(
      400,
    );
    expect((await call(sandbox(), 'SetUpWebhook', { body: { ...hook, url: 'not a url' } })).status).toBe(400);
    expect((await call(sandbox(), 'GetWebhook', { query: 'version=3' })).status).toBe(400);
    const member = await call(sandbox(), 'GetWebhook', { token: userToken(sandbox(), 'MEMBER') });
    expect(member.status).toBe(403);
  });
});
