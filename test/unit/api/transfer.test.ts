import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { FileHasher } from '../../../src/api/file-hasher.js';
import { batchBytes, FileSink, hasherFrom, syncBytes, tailSyncBytes } from '../../../src/api/file-sink.js';
import { reprDigest, transfer, type TransferOptions } from '../../../src/api/transfer.js';
import { InterruptedError } from '../../../src/errors.js';

const ORG = '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b';
const body = randomBytes(3 * 1024 * 1024 + 11);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
let handler: Handler;
let seen: { range?: string; ifRange?: string }[] = [];
let server: Server;
let baseUrl: string;
const dispatcher = new Agent();
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined });
    handler(req, res, seen.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await dispatcher.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  dir = mkdtempSync(join(tmpdir(), 'secscan-transfer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Serves `content` with ranges and an ETag; `cut` ends the first N answers after that many bytes. */
function serve(
  content: () => Buffer,
  options: { cuts?: number[]; ranges?: boolean; etag?: () => string } = {},
) {
  const cuts = [...(options.cuts ?? [])];
  return (req: IncomingMessage, res: ServerResponse) => {
    const bytes = content();
    const etag = options.etag?.() ?? `"${sha(bytes).slice(0, 16)}"`;
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const ranged = options.ranges !== false && m && (req.headers['if-range'] ?? etag) === etag;
    const start = ranged ? Number(m[1]) : 0;
    const headers: Record<string, string | number> = {
      'content-type': 'application/gzip',
      'content-length': bytes.length - start,
      etag,
      ...(options.ranges === false ? {} : { 'accept-ranges': 'bytes' }),
      ...(ranged ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    };
    res.writeHead(ranged ? 206 : 200, headers);
    const cut = cuts.shift();
    if (cut === undefined) return res.end(bytes.subarray(start));
    res.write(bytes.subarray(start, start + cut), () => res.socket?.end());
  };
}

function run(options: Partial<TransferOptions> = {}) {
  const client = new ApiClient({ baseUrl, token: 't', orgId: ORG, dispatcher, timeoutMs: 5000 });
  const dest = join(dir, 'backup.tar.gz');
  return transfer((headers) => client.open('DownloadOrganizationBackup', {}, { headers, pass: [416] }), {
    dest,
    resume: true,
    attempts: 3,
    random: () => 0,
    checksumFile: true,
    context: 'DownloadOrganizationBackup',
    ...options,
  });
}

/** Nothing under the final name, nor the temporary file beside it. */
function nothingLeft(): void {
  expect(readdirSync(dir)).toEqual([]);
}

describe('transfer', () => {
  it('resumes a cut transfer with a Range and If-Range, and writes a checksum sha256sum accepts', async () => {
    handler = serve(() => body, { cuts: [1_000_000] });
    const result = await run();
    expect(result).toMatchObject({ bytes: body.length, sha256: sha(body), resumed: 1, restarted: 0 });
    expect(seen).toEqual([{}, { range: 'bytes=1000000-', ifRange: `"${sha(body).slice(0, 16)}"` }]);
    expect(readFileSync(result.path).equals(body)).toBe(true);
    expect(readFileSync(`${result.path}.sha256`, 'utf8')).toBe(`${sha(body)}  backup.tar.gz\n`);
    expect(execFileSync('sha256sum', ['-c', 'backup.tar.gz.sha256'], { cwd: dir }).toString()).toBe(
      'backup.tar.gz: OK\n',
    );
    expect(readdirSync(dir).sort()).toEqual(['backup.tar.gz', 'backup.tar.gz.sha256']);
  });

  it('starts over when the service offers no ranges, or the file changed (If-Range)', async () => {
    handler = serve(() => body, { cuts: [500_000], ranges: false });
    expect(await run()).toMatchObject({ sha256: sha(body), resumed: 0, restarted: 1 });
    expect(seen).toEqual([{}, {}]);

    seen = [];
    let version = 0;
    const changed = Buffer.from(body);
    changed[0] = (changed[0] as number) ^ 0xff;
    handler = serve(() => (version++ === 0 ? body : changed), { cuts: [500_000] });
    const result = await run();
    expect(result).toMatchObject({ sha256: sha(changed), resumed: 0, restarted: 1 });
    expect(seen[1]?.range).toBe('bytes=500000-');
  });

  it('fails after the attempts, saying where it broke off, and leaves nothing', async () => {
    handler = serve(() => body, { cuts: [1000, 1000, 1000] });
    await expect(run({ resume: false })).rejects.toMatchObject({
      exitCode: 7,
      message: expect.stringMatching(/^the download broke off at byte 1000 of 3145739 .* after 3 attempts$/),
    });
    expect(seen).toHaveLength(3);
    nothingLeft();
  });

  it('checks the announced length: a body that ends short is not a file', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': 10 });
      res.write('12345', () => res.socket?.end());
    };
    await expect(run({ attempts: 1 })).rejects.toMatchObject({ exitCode: 7 });
    nothingLeft();
  });

  it('checks the digest the service announces (exit 8) and keeps nothing', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': body.length, 'repr-digest': 'sha-256=:AAAA:' });
      res.end(body);
    };
    await expect(run()).rejects.toMatchObject({ exitCode: 8, message: expect.stringContaining('SHA-256') });
    expect(seen).toHaveLength(1);
    nothingLeft();
    expect(reprDigest('sha-512=:x:, sha-256=:AAAA:')).toBe('000000');
  });

  it('refuses an answer its check refuses, without retrying, and a 4xx as the service said it', async () => {
    handler = serve(() => Buffer.from('{"ok":true}'));
    const check = () => {
      throw new InterruptedError();
    };
    await expect(run({ check })).rejects.toBeInstanceOf(InterruptedError);
    expect(seen).toHaveLength(1);
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"ok":false,"code":"NOT_FOUND","message":"no such backup"}');
    };
    await expect(run()).rejects.toMatchObject({
      exitCode: 5,
      message: expect.stringContaining('no such backup'),
    });
    expect(seen).toHaveLength(2);
    nothingLeft();
  });

  it('a 416, or a 206 from elsewhere than the first byte, to a request for the whole file is exit 8, not retried', async () => {
    handler = (_req, res) => {
      res.writeHead(416, { 'content-type': 'application/json', 'content-range': `bytes */${body.length}` });
      res.end('{"ok":false,"code":"RANGE_NOT_SATISFIABLE","message":"no"}');
    };
    await expect(run()).rejects.toMatchObject({
      exitCode: 8,
      message:
        'DownloadOrganizationBackup: the service answered 416 (range not satisfiable) to a request for the whole file',
    });
    handler = (_req, res) => {
      res.writeHead(206, { 'content-range': `bytes 10-${body.length - 1}/${body.length}` });
      res.end(body.subarray(10));
    };
    await expect(run()).rejects.toMatchObject({
      exitCode: 8,
      message:
        'DownloadOrganizationBackup: the service answered 206 (a range) to a request for the whole file',
    });
    expect(seen).toEqual([{}, {}]);
    nothingLeft();
  });

  it('stops at once when interrupted, removing the partial file', async () => {
    const controller = new AbortController();
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 100_000), () => controller.abort(new InterruptedError('SIGTERM')));
    };
    const client = new ApiClient({ baseUrl, token: 't', orgId: ORG, dispatcher, signal: controller.signal });
    const error = await transfer((headers) => client.open('DownloadOrganizationBackup', {}, { headers }), {
      dest: join(dir, 'x'),
      resume: true,
      attempts: 3,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect((error as InterruptedError).exitCode).toBe(143);
    expect(existsSync(join(dir, 'x'))).toBe(false);
    nothingLeft();
  });
});

describe('transfer across runs (persist): the .part a killed run left, and its record', () => {
  const etagOf = (b: Buffer) => `"${sha(b).slice(0, 16)}"`;
  const part = () => join(dir, '.backup.tar.gz.part');
  /** What a run killed after `bytes` leaves: the first bytes of `content`, and the record beside them. */
  function killedAt(content: Buffer, bytes: number, record: Record<string, unknown> = {}): void {
    writeFileSync(part(), content.subarray(0, bytes));
    const prefix = sha(content.subarray(0, bytes));
    const data = {
      version: 2,
      identity: 'b1',
      validator: etagOf(content),
      total: content.length,
      bytes,
      prefix,
    };
    writeFileSync(`${part()}.json`, JSON.stringify({ ...data, ...record }));
  }
  function persisted(notes: string[]) {
    return {
      persist: {
        identity: 'b1',
        onResume: (from: number, total: number | undefined) => notes.push(`resume ${from}/${total}`),
        onRestart: (reason: string) => notes.push(`restart: ${reason}`),
      },
    };
  }

  it('resumes with a Range and If-Range; the checksum covers the whole file; the record is removed', async () => {
    for (const content of [body, randomBytes(hasherFrom + 3 * 1024 * 1024 + 5)]) {
      seen = [];
      const notes: string[] = [];
      const from = content === body ? 1_000_000 : hasherFrom + 1024 * 1024;
      killedAt(content, from);
      // Bytes past the record's (written, never synced before the kill) are not trusted: asked for again.
      writeFileSync(part(), content.subarray(0, from + 12_345));
      handler = serve(() => content);
      const result = await run(persisted(notes));
      expect(seen).toEqual([{ range: `bytes=${from}-`, ifRange: etagOf(content) }]);
      expect(result).toMatchObject({ bytes: content.length, sha256: sha(content), resumed: 1, restarted: 0 });
      expect(readFileSync(result.path).equals(content)).toBe(true);
      expect(notes).toEqual([`resume ${from}/${content.length}`]);
      expect(readdirSync(dir).sort()).toEqual(['backup.tar.gz', 'backup.tar.gz.sha256']);
      rmSync(result.path);
      rmSync(`${result.path}.sha256`);
    }
  });

  it('starts from zero and says why: no ranges, the file changed, another backup, no record, a short .part', async () => {
    const changed = Buffer.from(body);
    changed[5] = (changed[5] as number) ^ 0xff;
    const cases: [string, () => void, Handler, RegExp, { range?: string; ifRange?: string }[]][] = [
      [
        'no ranges',
        () => killedAt(body, 1_000_000),
        serve(() => body, { ranges: false }),
        /does not serve ranges/,
        [{ range: 'bytes=1000000-', ifRange: etagOf(body) }],
      ],
      [
        'changed',
        () => killedAt(body, 1_000_000),
        serve(() => changed),
        new RegExp(`it changed since \\(it was ${etagOf(body)}, it is ${etagOf(changed)}\\)`),
        [{ range: 'bytes=1000000-', ifRange: etagOf(body) }],
      ],
      [
        'another backup',
        () => killedAt(body, 1_000_000, { identity: 'b0' }),
        serve(() => body),
        /of b0, not b1/,
        [{}],
      ],
      [
        'no record',
        () => writeFileSync(part(), body.subarray(0, 1000)),
        serve(() => body),
        /has no record/,
        [{}],
      ],
      [
        'short',
        () => killedAt(body, 1_000_000, { bytes: 2_000_000 }),
        serve(() => body),
        /shorter than its record/,
        [{}],
      ],
      [
        'an older record, without the digest of its bytes',
        () => killedAt(body, 1_000_000, { version: 1, prefix: undefined }),
        serve(() => body),
        /holds no digest of the bytes it records \(an older secscan wrote it\)/,
        [{}],
      ],
    ];
    for (const [name, before, serveIt, reason, requests] of cases) {
      seen = [];
      const notes: string[] = [];
      before();
      const content = name === 'changed' ? changed : body;
      handler = serveIt;
      const result = await run(persisted(notes));
      expect({ name, seen }).toEqual({ name, seen: requests });
      expect(notes).toEqual([expect.stringMatching(reason)]);
      expect(notes[0]).toMatch(/: starting from zero$/);
      expect(result.sha256).toBe(sha(content));
      expect(readFileSync(result.path).equals(content)).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(['backup.tar.gz', 'backup.tar.gz.sha256']);
      rmSync(result.path);
      rmSync(`${result.path}.sha256`);
    }
  });

  it('removes the .part and its record after a failure it reports (a killed run leaves them)', async () => {
    const notes: string[] = [];
    handler = serve(() => body, { cuts: [100_000] });
    await expect(run({ ...persisted(notes), attempts: 1 })).rejects.toMatchObject({ exitCode: 7 });
    nothingLeft();
    expect(notes).toEqual([]);
  });

  /** The whole file (and a `.sha256` of it) under the final name, and nothing beside it. */
  function complete(result: { path: string; sha256: string }, content: Buffer): void {
    expect(result.sha256).toBe(sha(content));
    expect(readFileSync(result.path).equals(content)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['backup.tar.gz', 'backup.tar.gz.sha256']);
    rmSync(result.path);
    rmSync(`${result.path}.sha256`);
  }

  /**
   * A service that answers every Range with a 206 of `content` as it is now, whatever If-Range says, with no
   * Repr-Digest; `range` may bend the Content-Range it sends (start, end, total) or answer 416 past the end.
   */
  function ignoresIfRange(
    content: () => Buffer,
    range: (start: number, length: number) => { start: number; total: number } = (start, total) => ({
      start,
      total,
    }),
    etag: (b: Buffer) => string = etagOf,
  ): Handler {
    return (req, res) => {
      const bytes = content();
      const headers = { 'content-type': 'application/gzip', etag: etag(bytes), 'accept-ranges': 'bytes' };
      const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (!m) {
        res.writeHead(200, { ...headers, 'content-length': bytes.length });
        return res.end(bytes);
      }
      if (Number(m[1]) >= bytes.length) {
        res.writeHead(416, {
          'content-type': 'application/json',
          'content-range': `bytes */${bytes.length}`,
        });
        return res.end('{"ok":false,"code":"RANGE_NOT_SATISFIABLE","message":"no such range"}');
      }
      const { start, total } = range(Number(m[1]), bytes.length);
      res.writeHead(206, {
        ...headers,
        'content-length': bytes.length - start,
        'content-range': `bytes ${start}-${bytes.length - 1}/${total}`,
      });
      res.end(bytes.subarray(start));
    };
  }

  it('resumes only bytes that still have the digest their record keeps: 8 bytes changed on the disk start from zero, asking for no range', async () => {
    const large = randomBytes(hasherFrom + 3 * 1024 * 1024 + 5);
    for (const [content, from] of [
      [body, 1_000_000],
      [large, hasherFrom + 1024 * 1024],
    ] as const) {
      seen = [];
      const notes: string[] = [];
      killedAt(content, from);
      const file = await open(part(), 'r+');
      await file.write(Buffer.from('CHANGED!'), 0, 8, Math.floor(from / 2));
      await file.close();
      handler = serve(() => content);
      const result = await run(persisted(notes));
      expect(seen).toEqual([{}]);
      expect(notes).toEqual([
        `restart: the first ${from} bytes of ${part()} are not the ones its record describes (they changed on the disk): starting from zero`,
      ]);
      expect(result).toMatchObject({ resumed: 0, restarted: 1 });
      complete(result, content);
    }
  });

  it('a 206 of a file that changed, whatever If-Range says, is not taken: its own validators are compared', async () => {
    const changed = Buffer.from(body);
    changed.write('another backup', 2_000_000);
    // Killed in an earlier run: the new ETag of the 206 is not the recorded one.
    killedAt(body, 1_000_000);
    let notes: string[] = [];
    handler = ignoresIfRange(() => changed);
    let result = await run(persisted(notes));
    expect(seen).toEqual([{ range: 'bytes=1000000-', ifRange: etagOf(body) }, {}]);
    expect(notes).toEqual([
      `restart: it changed since (it was ${etagOf(body)}, the range answered is of ${etagOf(changed)}): starting from zero`,
    ]);
    complete(result, changed);

    // The same ETag, but the Repr-Digest of other bytes than the one recorded.
    seen = [];
    notes = [];
    killedAt(body, 1_000_000, { digest: sha(body) });
    handler = (req, res) => {
      if (req.headers.range === undefined) return serve(() => body)(req, res);
      res.writeHead(206, {
        etag: etagOf(body),
        'content-range': `bytes 1000000-${body.length - 1}/${body.length}`,
        'repr-digest': `sha-256=:${createHash('sha256').update(changed).digest('base64')}:`,
      });
      res.end(changed.subarray(1_000_000));
    };
    result = await run(persisted(notes));
    expect(notes).toEqual([expect.stringMatching(/^restart: it changed since .*another SHA-256, /)]);
    complete(result, body);

    // Within one run: the transfer cut, the range answered from the changed file.
    seen = [];
    let version = 0;
    handler = (req, res) => {
      if (version++ === 0) return serve(() => body, { cuts: [1_000_000] })(req, res);
      return ignoresIfRange(() => changed)(req, res, 0);
    };
    result = await run(persisted([]));
    expect(seen.map((r) => r.range)).toEqual([undefined, 'bytes=1000000-', undefined]);
    expect(result).toMatchObject({ resumed: 0, restarted: 1 });
    complete(result, changed);
  });

  it('a 416 to the resume (the file is now shorter than the bytes kept) starts from zero cleanly, spending no attempt', async () => {
    const shorter = Buffer.from(body.subarray(0, 1_500_000));
    shorter.write('a newer backup', 0);
    killedAt(body, 2_000_000);
    const notes: string[] = [];
    handler = ignoresIfRange(() => shorter);
    const result = await run({ ...persisted(notes), attempts: 1 });
    expect(seen).toEqual([{ range: 'bytes=2000000-', ifRange: etagOf(body) }, {}]);
    expect(notes).toEqual([
      'restart: the service refused the range of the partial download (the file is now 1500000 bytes, 2000000 were kept): starting from zero',
    ]);
    complete(result, shorter);
  });

  it.each([
    ['starts elsewhere', (start: number, total: number) => ({ start: start - 1024 * 1024, total })],
    ['gives another total', (start: number, total: number) => ({ start, total: total + 1 })],
  ])(
    'a 206 whose Content-Range %s starts from zero cleanly, however much the hash had to read back',
    async (_what, bend) => {
      const content = randomBytes(3 * hasherFrom + 1024 * 1024);
      const from = 3 * hasherFrom;
      killedAt(content, from);
      const notes: string[] = [];
      handler = ignoresIfRange(() => content, bend);
      const result = await run(persisted(notes));
      expect(seen).toEqual([{ range: `bytes=${from}-`, ifRange: etagOf(content) }, {}]);
      expect(notes).toEqual([
        'restart: the service answered another range than the one asked for: starting from zero',
      ]);
      complete(result, content);
    },
  );

  describe('interrupted (SIGTERM, SIGINT): the .part and its record are kept, synced, for the next run', () => {
    /** Serves the first `upTo` bytes of `content`, then holds the answer open until the client goes. */
    function stalls(content: Buffer, upTo: number, ranges = true): Handler {
      return (_req, res) => {
        res.writeHead(200, {
          'content-length': content.length,
          etag: etagOf(content),
          ...(ranges ? { 'accept-ranges': 'bytes' } : {}),
        });
        res.write(content.subarray(0, upTo));
      };
    }

    /** A run stopped as the signal would stop it, once `from` bytes are in the file. */
    async function interrupt(from: number, kept: unknown[]) {
      const controller = new AbortController();
      const client = new ApiClient({
        baseUrl,
        token: 't',
        orgId: ORG,
        dispatcher,
        signal: controller.signal,
      });
      return transfer((headers) => client.open('DownloadOrganizationBackup', {}, { headers, pass: [416] }), {
        dest: join(dir, 'backup.tar.gz'),
        resume: true,
        attempts: 3,
        signal: controller.signal,
        onProgress: (bytes) => {
          if (bytes >= from) controller.abort(new InterruptedError('SIGTERM'));
        },
        persist: { identity: 'b1', onKept: (...args) => kept.push(args) },
      }).catch((e: unknown) => e);
    }

    it.each([
      ['a short file, hashed here', body, batchBytes],
      ['a large file', randomBytes(2 * hasherFrom + 12_345), hasherFrom + 2 * batchBytes],
    ])(
      'keeps what arrived (%s), says how much, and the next run resumes from there',
      async (_how, content, from) => {
        // The signal comes once `from` bytes are written (a MiB at a time); what arrived since is kept too.
        const upTo = from + batchBytes + 777;
        handler = stalls(content, upTo);
        const kept: [number, number, string][] = [];
        const error = await interrupt(from, kept);
        expect(error).toBeInstanceOf(InterruptedError);
        expect((error as InterruptedError).exitCode).toBe(143);
        expect(readdirSync(dir).sort()).toEqual(['.backup.tar.gz.part', '.backup.tar.gz.part.json']);
        const bytes = kept[0]?.[0] as number;
        expect(bytes).toBeGreaterThanOrEqual(from);
        expect(bytes).toBeLessThanOrEqual(upTo);
        expect(kept).toEqual([[bytes, content.length, part()]]);
        const record = JSON.parse(readFileSync(`${part()}.json`, 'utf8'));
        expect(record).toEqual({
          version: 2,
          identity: 'b1',
          validator: etagOf(content),
          total: content.length,
          bytes,
          prefix: sha(content.subarray(0, bytes)),
        });
        expect(readFileSync(part()).equals(content.subarray(0, bytes))).toBe(true);

        seen = [];
        const notes: string[] = [];
        handler = serve(() => content);
        const result = await run(persisted(notes));
        expect(seen).toEqual([{ range: `bytes=${bytes}-`, ifRange: etagOf(content) }]);
        expect(notes).toEqual([`resume ${bytes}/${content.length}`]);
        expect(result).toMatchObject({ resumed: 1, restarted: 0 });
        complete(result, content);
      },
    );

    it('keeps nothing when nothing could be resumed (the service serves no ranges)', async () => {
      handler = stalls(body, batchBytes + 777, false);
      const kept: unknown[] = [];
      expect(await interrupt(batchBytes, kept)).toBeInstanceOf(InterruptedError);
      expect(kept).toEqual([]);
      nothingLeft();
    });
  });
});

describe('transfer of a large file (written while the next MiB arrives, hashed by a worker thread)', () => {
  const large = randomBytes(2 * hasherFrom + 12_345);

  it.each([
    ['in the first batch', 1_000_000],
    ['after two batches were written', 2 * batchBytes + 777],
    ['once the worker hashes the file', hasherFrom + 2 * batchBytes + 777],
  ])('resumes a transfer cut %s with the whole file’s SHA-256', async (_where, cut) => {
    handler = serve(() => large, { cuts: [cut] });
    const progress: number[] = [];
    const result = await run({ onProgress: (bytes) => progress.push(bytes) });
    expect(result).toMatchObject({ bytes: large.length, sha256: sha(large), resumed: 1 });
    expect(seen[1]?.range).toBe(`bytes=${cut}-`);
    expect(readFileSync(result.path).equals(large)).toBe(true);
    expect(progress.at(-1)).toBe(large.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.each([
    ['batches were written', 2 * batchBytes + 5],
    ['the worker hashed part of the file', hasherFrom + 3 * batchBytes],
  ])('starts over after %s, with the hash started over', async (_what, cut) => {
    handler = serve(() => large, { cuts: [cut], ranges: false });
    const result = await run();
    expect(result).toMatchObject({ sha256: sha(large), resumed: 0, restarted: 1 });
    expect(readFileSync(result.path).equals(large)).toBe(true);
  });

  it.each([
    ['of a full batch', 2 * batchBytes],
    ['of the last, short batch', 1000],
  ])('a write %s that fails is thrown with its code', async (_what, size) => {
    const path = join(dir, 'read-only');
    writeFileSync(path, '');
    const file = await open(path, 'r');
    const sink = new FileSink(file);
    try {
      const error = await (async () => {
        await sink.push(randomBytes(size));
        await sink.push(randomBytes(size));
        await sink.drain();
      })().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'EBADF' });
      expect(sink.written).toBe(0);
    } finally {
      await file.close();
    }
  });
});

describe('FileSink: the disk takes the bytes while the rest arrives', () => {
  /** Descriptors of the sparse files the hashing worker reads zeros from (the writes are not made). */
  const sparse: number[] = [];
  afterEach(() => {
    for (const fd of sparse.splice(0)) closeSync(fd);
  });

  /** A file whose writes succeed at once and whose syncs are counted, held until released, or fail. */
  function fakeFile(sync: () => Promise<void>) {
    const calls = { syncs: 0 };
    const fd = openSync(join(dir, `sparse-${sparse.length}`), 'w+');
    sparse.push(fd);
    ftruncateSync(fd, 4 * syncBytes);
    const file = {
      fd,
      writev: async (chunks: Uint8Array[]) => ({ bytesWritten: chunks.reduce((n, c) => n + c.length, 0) }),
      datasync: () => {
        calls.syncs++;
        return sync();
      },
    };
    return { file: file as unknown as import('node:fs/promises').FileHandle, calls };
  }
  const chunk = Buffer.alloc(batchBytes);

  it('syncs every 64 MiB written, one sync at a time, and drain waits for the one under way', async () => {
    let release: (() => void) | undefined;
    const { file, calls } = fakeFile(() => new Promise<void>((resolve) => (release = resolve)));
    const sink = new FileSink(file);
    try {
      for (let i = 0; i < (2 * syncBytes) / batchBytes + 1; i++) await sink.push(chunk);
      // The first sync has not ended: no second one is started, whatever was written since.
      expect(calls.syncs).toBe(1);
      let drained = false;
      const draining = sink.drain().then(() => (drained = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(drained).toBe(false);
      release?.();
      await draining;
      expect(sink.written).toBe(2 * syncBytes + batchBytes);
    } finally {
      await sink.close();
    }
  });

  it('in the last 64 MiB of a file of known length, syncs every 8 MiB: little is left for the final fsync', async () => {
    const synced: number[] = [];
    const { file } = fakeFile(() => Promise.resolve());
    const total = 2 * syncBytes;
    const sink = new FileSink(file, undefined, (bytes) => synced.push(bytes));
    sink.total = total;
    try {
      for (let i = 0; i < total / batchBytes; i++) await sink.push(chunk);
      await sink.drain();
      const mib = synced.map((b) => b / batchBytes);
      // Every 64 MiB up to the last 64, then every 8 (each sync once the one before has ended).
      expect(mib[0]).toBe(64);
      const tail = mib.slice(1);
      expect(tail.length).toBeGreaterThanOrEqual(6);
      for (let i = 1; i < tail.length; i++)
        expect((tail[i] as number) - (tail[i - 1] as number)).toBeLessThanOrEqual(16);
      expect(total / batchBytes - (mib.at(-1) as number)).toBeLessThanOrEqual(8);
    } finally {
      await sink.close();
    }
    // Without a length, every 64 MiB only.
    const plain: number[] = [];
    const other = new FileSink(fakeFile(() => Promise.resolve()).file, undefined, (b) => plain.push(b));
    for (let i = 0; i < total / batchBytes; i++) await other.push(chunk);
    await other.drain();
    await other.close();
    expect(plain.map((b) => b / batchBytes)).toEqual([64, 128]);
  });

  it('says which bytes each sync made durable, with their SHA-256 (here, then by the worker)', async () => {
    const path = join(dir, 'synced');
    const content = randomBytes(3 * tailSyncBytes + 12_345);
    const file = await open(path, 'w+');
    // The file's own writes and reads, and syncs that end at once: one starts every 8 MiB, however busy the disk.
    const quick = {
      fd: file.fd,
      writev: file.writev.bind(file),
      read: file.read.bind(file),
      datasync: () => Promise.resolve(),
    } as unknown as typeof file;
    const synced: [number, string][] = [];
    const sink = new FileSink(quick, undefined, (bytes, sha256) => synced.push([bytes, sha256]));
    sink.total = content.length;
    try {
      for (let at = 0; at < content.length; at += 64 * 1024)
        await sink.push(content.subarray(at, at + 64 * 1024));
      await sink.drain();
      expect(await sink.digest()).toBe(sha(content));
    } finally {
      await sink.close();
      await file.close();
    }
    // Every 8 MiB, the first hashed here, the others by the worker that starts past hasherFrom.
    expect(synced.map(([bytes]) => bytes)).toEqual([1, 2, 3].map((n) => n * tailSyncBytes));
    for (const [bytes, sha256] of synced)
      expect([bytes, sha256]).toEqual([bytes, sha(content.subarray(0, bytes))]);
  });

  it('a sync that fails is thrown by drain, as a write that fails', async () => {
    const failure = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const { file } = fakeFile(() => Promise.reject(failure));
    const sink = new FileSink(file);
    try {
      const error = await (async () => {
        for (let i = 0; i < syncBytes / batchBytes + 2; i++) await sink.push(chunk);
        await sink.drain();
      })().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'EIO' });
    } finally {
      await sink.close();
    }
  });
});

describe('FileHasher (the worker thread that hashes a file as it is written)', () => {
  it('hashes the bytes written so far, from the file, started over on reset', async () => {
    const path = join(dir, 'f');
    const bytes = randomBytes(3 * 1024 * 1024 + 3);
    writeFileSync(path, bytes);
    const file = await open(path, 'r');
    const hasher = await FileHasher.start(file.fd);
    try {
      hasher.written(1000);
      hasher.written(2_000_000);
      expect(await hasher.digest(bytes.length)).toBe(sha(bytes));
      hasher.reset();
      expect(await hasher.digest(10)).toBe(sha(bytes.subarray(0, 10)));
      hasher.reset();
      await expect(hasher.digest(bytes.length + 1)).rejects.toThrow(/the file ends at byte/);
    } finally {
      await hasher.close();
      await file.close();
    }
  });
});
