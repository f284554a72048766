import { describe, expect, it } from 'vitest';
import { API, authEnv, ok, ORG, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';

const cli = useCli();
const list = `${API}/orgs/${ORG}/apps/a/findings`;

describe('findings list: a next_page that goes round between pages', () => {
  it('alternating cursors: the repeated page is refused (exit 8) before its rows print twice', async () => {
    const page = (ids: string[], cursor: string) =>
      ok({ has_more: true, findings: ids.map((id) => finding(id)) }, `${list}?per_page=250&cursor=${cursor}`);
    cli.api
      .intercept({ path: (p) => p.startsWith(`${list}?`) && !p.includes('cursor='), method: 'GET' })
      .reply(200, page(['1', '2'], 'c1'));
    cli.api
      .intercept({ path: (p) => p.includes('cursor=c1'), method: 'GET' })
      .reply(200, page(['3', '4'], 'c2'));
    cli.api
      .intercept({ path: (p) => p.includes('cursor=c2'), method: 'GET' })
      .reply(200, page(['1', '2'], 'c3'));
    const r = await cli.run(['findings', 'list', '--app', 'a', '--all', '-o', 'ndjson'], {
      env: authEnv({ SECSCAN_PAGE_AHEAD: '0' }),
    });
    expect(r.code).toBe(8);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['1', '2', '3', '4']);
    expect(r.stderr).toContain('holds the same rows as a page already read (next_page goes round in a loop)');
  });

  it('secscan api --paginate: the same, and a link back to a page already read', async () => {
    const apps = `${API}/orgs/${ORG}/apps`;
    cli.api.intercept({ path: apps, method: 'GET' }).reply(200, ok([{ id: 'x' }], `${apps}?cursor=1`));
    cli.api
      .intercept({ path: `${apps}?cursor=1`, method: 'GET' })
      .reply(200, ok([{ id: 'y' }], `${apps}?cursor=2`));
    cli.api
      .intercept({ path: `${apps}?cursor=2`, method: 'GET' })
      .reply(200, ok([{ id: 'x' }], `${apps}?cursor=1`));
    const r = await cli.run(['api', 'GET', '/orgs/{orgID}/apps', '--paginate', '--jq', '.response[].id'], {
      env: authEnv(),
    });
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('x\ny\n');
    expect(r.stderr).toContain('holds the same rows as a page already read');
    cli.api.intercept({ path: apps, method: 'GET' }).reply(200, ok([], `${apps}?cursor=1`));
    cli.api.intercept({ path: `${apps}?cursor=1`, method: 'GET' }).reply(200, ok([], apps));
    const back = await cli.run(['api', 'GET', '/orgs/{orgID}/apps', '--paginate'], { env: authEnv() });
    expect(back.code).toBe(8);
    expect(back.stderr).toContain('next_page goes back to a page already read');
  });
});

describe('findings list --all: past its first page, a listing keeps to the service’s rate limit', () => {
  const page = (ids: string[], cursor?: string) =>
    ok(
      { has_more: cursor !== undefined, findings: ids.map((id) => finding(id)) },
      cursor === undefined ? undefined : `${list}?per_page=250&cursor=${cursor}`,
    );
  const first = (p: string) => p.startsWith(`${list}?`) && !p.includes('cursor=');
  const second = (p: string) => p.includes('cursor=c1');
  const throttled = [429, { ok: false, message: 'slow down' }, { headers: { 'retry-after': '0' } }] as const;

  it('a 429 on a later page is waited out under the listing’s scheduler, not spent from --retries', async () => {
    cli.api.intercept({ path: first, method: 'GET' }).reply(200, page(['1', '2'], 'c1'));
    cli.api.intercept({ path: second, method: 'GET' }).reply(...throttled);
    cli.api.intercept({ path: second, method: 'GET' }).reply(200, page(['3']));
    const r = await cli.run(['--retries', '0', 'findings', 'list', '--app', 'a', '--all', '-o', 'ndjson'], {
      env: authEnv(),
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['1', '2', '3']);
  });

  it('the first page is sent as any request is: a 429 there spends --retries (exit 7 with none)', async () => {
    cli.api.intercept({ path: first, method: 'GET' }).reply(...throttled);
    const r = await cli.run(['--retries', '0', 'findings', 'list', '--app', 'a', '--all'], {
      env: authEnv(),
    });
    expect(r.code).toBe(7);
  });
});
