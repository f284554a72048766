import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError, NotFoundError, UnexpectedResponseError } from '../../../src/errors.js';
import { client, failure, mockAgent, ORG, ORIGIN, ops, TOKEN, things } from './fixtures.js';

let agent: MockAgent;
let dir: string;
beforeEach(() => {
  agent = mockAgent();
  dir = mkdtempSync(join(tmpdir(), 'secscan-dl-'));
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('ApiClient.pages', () => {
  it('follows next_page until it is absent', async () => {
    const pool = agent.get(ORIGIN);
    pool
      .intercept({ path: `${things}?per_page=1`, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: '1' }], next_page: `${ORIGIN}${things}?page=2` });
    pool.intercept({ path: `${things}?page=2`, method: 'GET' }).reply(200, {
      ok: true,
      response: [{ id: '2' }],
      next_page: `https://app.shiftleft.io/orgs/${ORG}/things?page=3`,
    });
    pool
      .intercept({ path: `${things}?page=3`, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: '3' }], next_page: '' });
    const pages = await collect(client(agent).pages(ops.ListThings, { query: { per_page: 1 } }));
    expect(pages).toEqual([[{ id: '1' }], [{ id: '2' }], [{ id: '3' }]]);
  });

  it('sends a next_page naming another host to the configured origin, with the token only there', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, {
        ok: true,
        response: [],
        next_page: `https://evil.example.com/api/v4/orgs/${ORG}/things?page=2`,
      });
    agent
      .get(ORIGIN)
      .intercept({ path: `${things}?page=2`, method: 'GET' })
      .reply(200, { ok: true, response: [] });
    await collect(client(agent).pages(ops.ListThings));
    const calls = agent.getCallHistory()?.calls() ?? [];
    expect(calls.map((c) => c.origin)).toEqual([ORIGIN, ORIGIN]);
    expect(
      calls.every((c) => (c.headers as Record<string, string>).authorization === `Bearer ${TOKEN}`),
    ).toBe(true);
  });

  it('fails (exit 8) when next_page points at the page just read, never repeating its rows', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: `${things}?page=2`, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'x' }], next_page: `${things}?page=2` });
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [], next_page: `${things}?page=2` });
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const page of client(agent).pages(ops.ListThings)) seen.push(page);
      })(),
    );
    expect(seen).toEqual([[], [{ id: 'x' }]]);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.exitCode).toBe(8);
    expect(error.message).toContain('next_page repeats the page just read');
  });

  it('fails (exit 8) when next_page goes back to an earlier page (a loop over several pages)', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'a' }], next_page: `${things}?page=2` });
    agent
      .get(ORIGIN)
      .intercept({ path: `${things}?page=2`, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'b' }], next_page: things });
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const page of client(agent).pages(ops.ListThings)) seen.push(page);
      })(),
    );
    expect(seen).toEqual([[{ id: 'a' }], [{ id: 'b' }]]);
    expect(error.exitCode).toBe(8);
    expect(error.message).toContain('next_page goes back to a page already read');
  });

  it('fails (exit 8) before printing a page twice when next_page alternates between two pages by cursor', async () => {
    const pool = agent.get(ORIGIN);
    // Each link differs (a new cursor each time), the pages do not: B, A, B, ...
    const page = (rows: string[], cursor: string) => ({
      ok: true,
      response: rows.map((id) => ({ id, app: 'a' })),
      next_page: `${things}?cursor=${cursor}`,
    });
    pool.intercept({ path: things, method: 'GET' }).reply(200, page(['1', '2'], 'c1'));
    pool.intercept({ path: `${things}?cursor=c1`, method: 'GET' }).reply(200, page(['3', '4'], 'c2'));
    pool.intercept({ path: `${things}?cursor=c2`, method: 'GET' }).reply(200, page(['1', '2'], 'c3'));
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const p of client(agent).pages(ops.ListThings)) seen.push(p);
      })(),
    );
    expect(seen.map((p) => (p as { id: string }[]).map((r) => r.id))).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(error.exitCode).toBe(8);
    expect(error.message).toContain(
      'holds the same rows as a page already read (next_page goes round in a loop)',
    );
  });

  it('rows with the same id of different apps are different rows', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: things, method: 'GET' }).reply(200, {
      ok: true,
      response: [{ id: '1', app: 'a' }],
      next_page: `${things}?page=2`,
    });
    pool
      .intercept({ path: `${things}?page=2`, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: '1', app: 'b' }] });
    expect(await collect(client(agent).pages(ops.ListThings))).toHaveLength(2);
  });

  it('fails (exit 8) when next_page names another list, never mixing its rows in', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'a' }], next_page: `${things}-of-another-app?page=2` });
    const error = await failure(collect(client(agent).pages(ops.ListThings)));
    expect(error.exitCode).toBe(8);
    expect(error.message).toContain('next_page names another list');
  });

  it('fails (exit 8) when the first next_page is the first page itself', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'a' }], next_page: `${ORIGIN}${things}` });
    const error = await failure(collect(client(agent).pages(ops.ListThings)));
    expect(error.exitCode).toBe(8);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/x', 'page=2'])(
    'fails (exit 8) on a next_page that is not an http(s) link: %s',
    async (next) => {
      agent
        .get(ORIGIN)
        .intercept({ path: things, method: 'GET' })
        .reply(200, { ok: true, response: [{ id: 'a' }], next_page: next });
      const error = await failure(collect(client(agent).pages(ops.ListThings)));
      expect(error.exitCode).toBe(8);
      expect(error.message).toContain('next_page');
    },
  );
});

describe('ApiClient.download', () => {
  const report = `/api/v4/orgs/${ORG}/report`;

  it('writes the body to the destination and leaves no .partial file', async () => {
    agent.get(ORIGIN).intercept({ path: report, method: 'GET' }).reply(200, 'a,b\n1,2\n');
    const dest = join(dir, 'report.csv');
    const seen: number[] = [];
    const bytes = await client(agent).download(ops.Report, {}, dest, (n) => seen.push(n));
    expect(bytes).toBe(8);
    expect(seen.at(-1)).toBe(8);
    expect(readFileSync(dest, 'utf8')).toBe('a,b\n1,2\n');
    expect(readdirSync(dir)).toEqual(['report.csv']);
  });

  it('leaves neither the destination nor a .partial file on an error status', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: report, method: 'GET' })
      .reply(404, { ok: false, message: 'no report' });
    const dest = join(dir, 'report.csv');
    const error = await failure(client(agent).download(ops.Report, {}, dest));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(existsSync(dest)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('exits 130 and leaves no file when interrupted', async () => {
    const controller = new AbortController();
    agent.get(ORIGIN).intercept({ path: report, method: 'GET' }).reply(200, 'x'.repeat(10)).delay(1000);
    setTimeout(() => controller.abort(new Error('SIGINT')), 20);
    const dest = join(dir, 'report.csv');
    const error = await failure(client(agent, { signal: controller.signal }).download(ops.Report, {}, dest));
    expect(error).toBeInstanceOf(InterruptedError);
    expect(readdirSync(dir)).toEqual([]);
  });
});
