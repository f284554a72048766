import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/start.js';
import { startSandbox } from '../src/start.js';
import { verifyWebhook } from '../src/index.js';
import { call, orgToken, userToken } from './harness.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver answering with the given statuses in turn (then 200). */
async function receiver(statuses: number[] = []): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sl?key=secret-ish`,
    got,
    server,
  };
}

let sandbox: Sandbox;
const log: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, webhookRetryDelaysMs: [10, 10], log: (line) => log.push(line) });
});
afterAll(async () => {
  await sandbox?.close();
});

async function control(body: unknown, token: string | null = sandbox.token) {
  const res = await fetch(`${sandbox.baseUrl}/_sandbox/scans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const gate = (name: string, extra: Record<string, unknown> = {}) =>
  call(sandbox, 'CheckScans', {
    params: { compoundName: name },
    body: {
      version: 2,
      meta: { kind: 'diff' },
      rules: [{ id: 'no-critical', tags: { cvss_31_severity_rating: ['critical'] }, threshold: 0 }],
      ...extra,
    },
  });

describe('sandbox control route: POST /_sandbox/scans', () => {
  it('takes only a Super Admin user’s token', async () => {
    expect((await control({ app: 'payments-api' }, null)).status).toBe(401);
    expect((await control({ app: 'payments-api' }, userToken(sandbox, 'MEMBER'))).status).toBe(403);
    expect((await control({ app: 'payments-api' }, orgToken(sandbox, 'ci'))).status).toBe(403);
  });

  it.each([
    [{}, 400, 'give exactly one of app or compound'],
    [{ app: 'a', compound: 'b' }, 400, 'give exactly one of app or compound'],
    [{ app: 'payments-api', new: [{ severity: 'severe', count: 1 }] }, 400, 'new.0.severity'],
    [{ app: 'payments-api', extra: 1 }, 400, 'extra'],
    ['{', 400, 'malformed JSON body'],
    [{ app: 'nope' }, 404, 'no app has the id nope'],
    [{ compound: 'nope' }, 404, 'no compound is named nope'],
    [{ app: 'docs-site', fix: 500 }, 400, 'can be fixed'],
    [{ app: 'docs-site', reappear: 500 }, 400, 'can be brought back'],
  ])('refuses %j with %i', async (body, status, message) => {
    const scans = sandbox.state.analysis.scans.length;
    const res = await control(body);
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(sandbox.state.analysis.scans.length).toBe(scans);
  });

  // First: the app scans below do not make compound scans, so the compound's baseline stays the seed's.
  it('a compound scan: one scan per app on the branch, new findings of the given types, a compound gate', async () => {
    const res = await control({
      compound: 'shop',
      branch: 'feature/gate',
      new: [
        { severity: 'critical', type: 'oss_vuln', count: 2 },
        { severity: 'high', type: 'secret', count: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const result = res.json.response;
    expect(result.scans.map((s: { app: string }) => s.app)).toEqual([
      'web-frontend',
      'payments-api',
      'ledger-service',
    ]);
    expect(result.scans.every((s: { branch: string }) => s.branch === 'feature/gate')).toBe(true);
    expect(result.polyglot_scan).toMatchObject({ compound: 'shop', id: expect.any(Number) });
    expect(result.new).toHaveLength(3);
    const types = result.new.map(
      (id: string) => sandbox.state.analysis.findings.find((f) => f.id === id)?.type,
    );
    expect(types).toEqual(['oss_vuln', 'oss_vuln', 'secret']);
    const check = await gate('shop', { target: { branch: 'feature/gate' }, source: { branch: 'main' } });
    expect(check.status).toBe(200);
    expect(check.json.response.target.id).toBe(result.polyglot_scan.id);
    expect(check.json.response.rules['no-critical'].matched).toBe(2);
    const compoundList = await call(sandbox, 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'scan_branch=feature/gate&per_page=250',
    });
    expect(compoundList.json.response.polyglot_scan.polyglot_scan_id).toBe(result.polyglot_scan.id);
  });
  it('--new critical=1 on an app makes the next diff gate fail; --fix 1 makes it pass again', async () => {
    expect((await gate('payments-api')).json.response.rules['no-critical'].matched).toBeGreaterThanOrEqual(0);
    const res = await control({ app: 'payments-api', new: [{ severity: 'critical', count: 1 }] });
    expect(res.status).toBe(200);
    const result = res.json.response;
    expect(result).toMatchObject({ branch: 'main', fixed: [], regressed: [], webhooks: [] });
    expect(result.new).toHaveLength(1);
    expect(result.scans[0]).toMatchObject({ app: 'payments-api', branch: 'main', successful: true });
    const failing = (await gate('payments-api')).json.response;
    expect(failing.target.id).toBe(Number(result.scans[0].id));
    expect(failing.rules['no-critical'].matched).toBe(1);
    expect(failing.rules['no-critical'].over_threshold).toBe(1);
    expect(failing.rules['no-critical'].findings[0].id).toBe(Number(result.new[0]));
    const finding = await call(sandbox, 'ReadAppFinding', {
      params: { appID: 'payments-api', findingID: result.new[0] },
    });
    expect(finding.json.response).toMatchObject({
      severity: 'critical',
      type: 'vuln',
      scan_first_seen: result.scans[0].id,
      details: { file_locations: [expect.any(String)] },
    });
    const fixed = await control({ app: 'payments-api', fix: 1 });
    expect(fixed.json.response.fixed).toEqual(result.new);
    expect((await gate('payments-api')).json.response.rules['no-critical'].matched).toBe(0);
    const status = await call(sandbox, 'ReadAppFinding', {
      params: { appID: 'payments-api', findingID: result.new[0] },
    });
    expect(status.json.response.status).toBe('fixed');
    const back = await control({ app: 'payments-api', reappear: 1 });
    expect(back.json.response.regressed).toEqual(result.new);
    const regression = (await gate('payments-api')).json.response.rules['no-critical'];
    expect(regression.matched).toBe(1);
    const list = await call(sandbox, 'ListAppFindings', {
      params: { appID: 'payments-api' },
      query: `scan=${back.json.response.scans[0].id}&per_page=250`,
    });
    expect(list.json.response.findings.map((f: { id: string }) => f.id)).toContain(result.new[0]);
  });
});

describe('sandbox webhooks: scan.finished', () => {
  it('is delivered signed to the registered webhooks, retried on failure, and logged', async () => {
    const hmac = await receiver([500, 503]);
    const bearer = await receiver();
    const down = await receiver([500, 500, 500]);
    const other = await receiver();
    try {
      sandbox.state.webhooks.push(
        {
          version: 2,
          url: hmac.url,
          tokenID: 't1',
          events: ['scan.finished'],
          authType: 'hmac',
          secret: 's3cret',
          enableEmailNotification: false,
        },
        {
          version: 1,
          url: bearer.url,
          tokenID: 't2',
          events: ['scan.finished'],
          authType: 'bearer',
          token: { token: 'bearer-token' },
          enableEmailNotification: false,
        },
        {
          version: 2,
          url: down.url,
          tokenID: 't3',
          events: ['scan.finished'],
          authType: 'hmac',
          secret: 'x',
          enableEmailNotification: false,
        },
        {
          version: 2,
          url: other.url,
          tokenID: 't4',
          events: ['something.else'],
          authType: 'hmac',
          secret: 'x',
          enableEmailNotification: false,
        },
      );
      const before = sandbox.deliveries.length;
      const res = await control({ app: 'shiftleft-java-demo', new: [{ severity: 'high', count: 1 }] });
      expect(res.json.response.webhooks.map((w: { url: string }) => w.url)).toEqual([
        hmac.url,
        bearer.url,
        down.url,
      ]);
      const outcomes = await Promise.all(sandbox.deliveries.slice(before).map((d) => d.done));
      expect(outcomes).toEqual([true, true, false]);
      expect(hmac.got).toHaveLength(3);
      expect(down.got).toHaveLength(3);
      expect(other.got).toHaveLength(0);
      const [first, , last] = hmac.got as Received[];
      expect(last?.body).toBe(first?.body);
      expect(last?.headers['x-sl-webhook-delivery-id']).toBe(first?.headers['x-sl-webhook-delivery-id']);
      const delivered = last as Received;
      expect(delivered.headers['x-sl-event']).toBe('scan.finished');
      expect(delivered.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(delivered.headers['x-sl-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      // The documented scheme, written out: HMAC-SHA256 of "<timestamp>.<delivery id>.<raw body>".
      const stamp = delivered.headers['x-sl-timestamp'] as string;
      const deliveryId = delivered.headers['x-sl-webhook-delivery-id'] as string;
      const expected = createHmac('sha256', 's3cret')
        .update(`${stamp}.${deliveryId}.${delivered.body}`)
        .digest('hex');
      expect(delivered.headers['x-sl-signature']).toBe(`v1=${expected}`);
      expect(verifyWebhook({ body: delivered.body, headers: delivered.headers, secret: 's3cret' })).toEqual({
        event: 'scan.finished',
        deliveryId,
        timestamp: Number(stamp),
        schemes: ['standard', 'x-sl'],
      });
      // Signed as Standard Webhooks too, with the same id and timestamp: the reference library verifies it
      // (a secret not of the form whsec_<base64> is its bytes, the libraries' raw form).
      expect(delivered.headers['webhook-id']).toBe(deliveryId);
      expect(delivered.headers['webhook-timestamp']).toBe(stamp);
      expect(delivered.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      const reference = new Webhook(Buffer.from('s3cret'), { format: 'raw' });
      const headers = delivered.headers as Record<string, string>;
      expect(reference.verify(delivered.body, headers)).toMatchObject({ delivery_id: deliveryId });
      expect(() => reference.verify(`${delivered.body} `, headers)).toThrow(/No matching signature/);
      const payload = JSON.parse(delivered.body);
      expect(payload).toMatchObject({
        event: 'scan.finished',
        delivery_id: delivered.headers['x-sl-webhook-delivery-id'],
        org_id: sandbox.orgId,
        app: 'shiftleft-java-demo',
        branch: 'master',
        scans: [{ id: res.json.response.scans[0].id, app: 'shiftleft-java-demo', successful: true }],
        findings: { new: 1, fixed: 0, regressed: 0, new_by_severity: { high: 1 } },
      });
      const viaBearer = bearer.got[0] as Received;
      expect(viaBearer.headers.authorization).toBe('Bearer bearer-token');
      expect(viaBearer.headers['x-sl-signature']).toBeUndefined();
      expect(viaBearer.headers['webhook-signature']).toBeUndefined();
      const lines = log.filter((l) => l.startsWith('webhook scan.finished'));
      const id = first?.headers['x-sl-webhook-delivery-id'] as string;
      const where = hmac.url.split('?')[0];
      const attempt = (n: string) =>
        lines.find((l) => l.startsWith(`webhook scan.finished ${id} -> ${where} attempt ${n}: `));
      expect(attempt('1/3')).toMatch(/: 500 \(\d+ms\), retrying in 10ms$/);
      expect(attempt('2/3')).toMatch(/: 503 \(\d+ms\), retrying in 10ms$/);
      expect(attempt('3/3')).toMatch(/: 200 \(\d+ms\) delivered$/);
      expect(lines.some((l) => l.includes(' attempt 3/3: 500') && l.endsWith('gave up'))).toBe(true);
      expect(log.join('\n')).not.toContain('secret-ish');
      expect(log.join('\n')).not.toContain('bearer-token');
    } finally {
      sandbox.state.webhooks.length = 0;
      for (const r of [hmac, bearer, down, other]) r.server.close();
    }
  });

  it('signs with the whsec_ secret it generates, which the reference library takes as it is', async () => {
    const hook = await receiver();
    try {
      const set = await call(sandbox, 'SetUpWebhook', {
        body: { url: hook.url, events: [{ name: 'scan.finished' }] },
      });
      const secret = set.json.response.secret as string;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const before = sandbox.deliveries.length;
      await control({ app: 'shiftleft-java-demo', new: [{ severity: 'low', count: 1 }] });
      expect(await Promise.all(sandbox.deliveries.slice(before).map((d) => d.done))).toEqual([true]);
      const delivered = hook.got[0] as Received;
      const headers = delivered.headers as Record<string, string>;
      expect(new Webhook(secret).verify(delivered.body, headers)).toMatchObject({ event: 'scan.finished' });
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another').toString('base64')}`).verify(delivered.body, headers),
      ).toThrow(/No matching signature/);
      expect(verifyWebhook({ body: delivered.body, headers, secret }).schemes).toEqual(['standard', 'x-sl']);
    } finally {
      sandbox.state.webhooks.length = 0;
      hook.server.close();
    }
  });
});
