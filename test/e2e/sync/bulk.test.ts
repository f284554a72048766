import type { Finding } from '@secscan/api/schemas/findings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeApp } from '../../../src/sync/app-write.js';
import { Database, insertRows } from '../../../src/sync/db.js';
import { migrate } from '../../../src/sync/migrate.js';
import { writeOrg } from '../../../src/sync/org-write.js';
import { bulkSql, openPostgres } from '../../../src/sync/postgres.js';
import { startPostgres, type TestPostgres } from '../../helpers/postgres.js';

/**
 * PostgreSQL's bulk insert (src/sync/postgres.ts): each column one parameter, a jsonb column a JSON array of
 * its documents. Values that need care arrive as they were given, a page of findings and tags included; an
 * INSERT that fails fails its transaction, and the connection goes on.
 */
let postgres: TestPostgres;
let n = 0;

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(async () => {
  await postgres?.stop();
});

async function fresh(): Promise<Database> {
  return new Database(await openPostgres(await postgres.createDatabase(`bulk_${++n}`)));
}

/** Text that a literal of any kind would have to escape, and text beyond ASCII (no NUL: text has none). */
const awkward = [
  'it\'s "quoted", {braced}, (parenthesized), back\\slashed \\" and \\\\',
  'NULL',
  '',
  ' padded ',
  'line\nbreak\ttab\r',
  'ünïcödé — ß, 中文, עברית, 🔒🐛 (astral), e\u0301 (combining)',
  '$1 ? :name %s',
  'C:\\udir\\ud800 (escaped backslashes before "ud")',
];

const detail = {
  quote: 'a "b" \\c\\ \'d\'',
  escapes: '\u0001\u001f \u2028\u2029',
  unicode: '🔒 ü 中',
  nested: { list: [1, 2.5, 1e21, true, false, null, ''], empty: {}, none: [] },
  json: '{"not": "parsed"}',
};

function finding(id: string, extra: Record<string, unknown> = {}): Finding {
  return {
    id,
    app: 'app-1',
    type: 'vuln',
    internal_id: `internal-${id}`,
    title: awkward[Number(id) % awkward.length],
    description: Number(id) % 2 ? null : awkward.join(' | '),
    severity: 'high',
    status: 'unset',
    details: Number(id) % 3 ? detail : undefined,
    tags: [
      { key: 'category', value: awkward[Number(id) % awkward.length] },
      { key: 'empty', value: '' },
      { key: 'none', value: null },
      { key: 'NULL', value: 'NULL' },
    ],
    ...extra,
  } as unknown as Finding;
}

describe('PostgreSQL bulk insert', () => {
  it('a page of findings with values that need care round-trips, tags and JSON included', async () => {
    const db = await fresh();
    try {
      await migrate(db, 'test');
      const run = { org: 'org-1', runId: 1, seenAt: '2026-09-20T10:00:00.000Z' };
      await writeOrg(db, run, {
        baseUrl: 'https://example.com',
        profile: undefined,
        teams: [{ team_id: 't', team_name: awkward[0] as string }],
        apps: [{ id: 'app-1', name: awkward[5], tags: [{ key: 'k', value: '' }] }] as never,
        compounds: [],
      });
      // 300 findings: more than a page of 250 would write at once in one statement of VALUES.
      const page = Array.from({ length: 300 }, (_, i) =>
        finding(String(i + 1), i === 7 ? { regression: true, unknown_field: { a: '"x"' } } : {}),
      );
      async function* pages() {
        yield page;
      }
      await writeApp(
        db,
        run,
        {
          app: 'app-1',
          scanId: '9',
          scans: [
            {
              id: '9',
              app: 'app-1',
              version: awkward[0],
              successful: true,
              started_at: '2026-09-20T09:59:58.123Z',
              completed_at: 'not a time',
              number_of_expressions: 123456789012,
              tags: ['branch=main', awkward[0]],
              oss_info: { enabled: true, successful: false, failure_reason: awkward[4] },
            },
          ],
          packages: [
            {
              package_url: 'pkg:npm/%40scope/name@1.0.0',
              name: awkward[0],
              total_vulns: 3,
              first_seen: '2026-01-02T03:04:05Z',
            },
          ],
          pages: pages(),
        },
        false,
      );

      const rows = await db.all<Record<string, unknown>>(
        `SELECT finding_id, title, description, details::text AS details, extra::text AS extra
         FROM findings ORDER BY finding_id::int`,
      );
      expect(rows).toHaveLength(300);
      for (const [i, row] of rows.entries()) {
        const f = page[i] as unknown as Record<string, unknown>;
        expect(row.finding_id).toBe(f.id);
        expect(row.title).toBe(f.title);
        expect(row.description).toBe(f.description);
        if (f.details === undefined) expect(row.details).toBeNull();
        else expect(JSON.parse(row.details as string)).toEqual(f.details);
        if (i === 7) expect(JSON.parse(row.extra as string)).toEqual({ unknown_field: { a: '"x"' } });
        else expect(row.extra).toBeNull();
      }
      // jsonb keeps what a single-row INSERT of the same text keeps.
      const single = await db.one<{ same: boolean }>(
        'SELECT details = ?::jsonb AS same FROM findings WHERE finding_id = ?',
        [JSON.stringify(detail), '1'],
      );
      expect(single?.same).toBe(true);

      const tags = await db.all<Record<string, unknown>>(
        `SELECT finding_id, position, key, value FROM finding_tags
         WHERE finding_id IN ('1', '6') ORDER BY finding_id, position`,
      );
      expect(tags).toEqual(
        ['1', '6'].flatMap((id) =>
          ((page[Number(id) - 1] as unknown as { tags: { key: string; value: unknown }[] }).tags ?? []).map(
            (t, position) => ({ finding_id: id, position, key: t.key, value: t.value }),
          ),
        ),
      );
      expect(await db.one('SELECT COUNT(*) AS n FROM finding_tags')).toEqual({ n: 1200 });
      expect(
        await db.one(
          `SELECT version, successful, started_at = '2026-09-20T09:59:58.123Z'::timestamptz AS started,
             completed_at, number_of_expressions, tags::text AS tags, oss_enabled, oss_successful,
             oss_failure_reason FROM scans`,
        ),
      ).toEqual({
        version: awkward[0],
        successful: 1,
        started: true,
        completed_at: null,
        number_of_expressions: 123456789012,
        tags: expect.toSatisfy(
          (t: string) => JSON.stringify(JSON.parse(t)) === JSON.stringify(['branch=main', awkward[0]]),
        ),
        oss_enabled: 1,
        oss_successful: 0,
        oss_failure_reason: awkward[4],
      });
      expect(
        await db.one(
          `SELECT purl, name, namespace, total_vulns, first_seen = '2026-01-02T03:04:05Z'::timestamptz AS seen
           FROM packages`,
        ),
      ).toEqual({
        purl: 'pkg:npm/%40scope/name@1.0.0',
        name: awkward[0],
        namespace: null,
        total_vulns: 3,
        seen: true,
      });
      expect(await db.all('SELECT name FROM teams')).toEqual([{ name: awkward[0] }]);
      expect(await db.all('SELECT key, value FROM app_tags')).toEqual([{ key: 'k', value: '' }]);
    } finally {
      await db.close();
    }
  });

  it('the document null stays JSON null, NULL stays NULL; rows beyond a statement keep their order', async () => {
    const db = await fresh();
    try {
      await db.exec(
        'CREATE TABLE t (i INTEGER, big BIGINT, x DOUBLE PRECISION, s TEXT, j JSONB, at TIMESTAMPTZ)',
      );
      await insertRows(
        db,
        't',
        ['i', 'big', 'x', 's', 'j', 'at'],
        [
          [1, 2 ** 53, 0.1, 'null', 'null', '2026-09-20T10:00:00Z'],
          [2, null, null, null, null, null],
          [3, -1, -2.5e-7, '"', '"null"', '2026-09-20T10:00:00+02:00'],
          // A lone surrogate: U+FFFD, as pg writes it in a text parameter (JSON would escape it).
          [4, 0, 1e300, 'a\ud800b\udc00', '{"k": "\\u00e9"}', null],
        ],
      );
      expect(
        await db.all(
          `SELECT i, big, x, s, j IS NULL AS sql_null, jsonb_typeof(j) AS kind, j::text AS j,
             extract(epoch FROM at) AS at FROM t ORDER BY i`,
        ),
      ).toEqual([
        { i: 1, big: 2 ** 53, x: 0.1, s: 'null', sql_null: false, kind: 'null', j: 'null', at: 1789898400 },
        { i: 2, big: null, x: null, s: null, sql_null: true, kind: null, j: null, at: null },
        { i: 3, big: -1, x: -2.5e-7, s: '"', sql_null: false, kind: 'string', j: '"null"', at: 1789891200 },
        {
          i: 4,
          big: 0,
          x: 1e300,
          s: 'a\ufffdb\ufffd',
          sql_null: false,
          kind: 'object',
          j: '{"k": "é"}',
          at: null,
        },
      ]);
      // Without the document null, the column is a JSON array of documents (one parse, no escaping).
      expect(bulkSql('t', ['i', 'j'], ['integer', 'jsonb'], [false, true], '')).toBe(
        "INSERT INTO t (i, j) SELECT u.i::integer, NULLIF(u.j, 'null'::jsonb) FROM ROWS FROM (json_array_elements_text($1::json), jsonb_array_elements($2::jsonb)) AS u (i, j)",
      );
      await db.exec('TRUNCATE t');
      const many = Array.from({ length: 12_345 }, (_, i) => [
        i,
        null,
        null,
        `row ${i}`,
        i % 2 ? `{"i": ${i}}` : null,
        null,
      ]);
      await insertRows(db, 't', ['i', 'big', 'x', 's', 'j', 'at'], many);
      const back = await db.all<{ i: number; s: string; j: string | null }>(
        'SELECT i, s, j::text AS j FROM t ORDER BY ctid',
      );
      expect(back).toEqual(many.map((r) => ({ i: r[0], s: r[3], j: r[4] })));
    } finally {
      await db.close();
    }
  });

  it('a conflict updates by the tail; an INSERT that fails fails its transaction, and the next one writes', async () => {
    const db = await fresh();
    try {
      await db.exec('CREATE TABLE k (id TEXT PRIMARY KEY, v TEXT NOT NULL)');
      const upsert = ' ON CONFLICT (id) DO UPDATE SET v = excluded.v';
      await insertRows(
        db,
        'k',
        ['id', 'v'],
        [
          ['a', '1'],
          ['b', '1'],
        ],
        upsert,
      );
      await insertRows(
        db,
        'k',
        ['id', 'v'],
        [
          ['b', '2'],
          ['c', '2'],
        ],
        upsert,
      );
      await insertRows(
        db,
        'k',
        ['id', 'v'],
        [
          ['c', '3'],
          ['c', '3'],
        ],
        ' ON CONFLICT DO NOTHING',
      );
      expect(await db.all('SELECT id, v FROM k ORDER BY id')).toEqual([
        { id: 'a', v: '1' },
        { id: 'b', v: '2' },
        { id: 'c', v: '2' },
      ]);
      // The failing INSERT is not waited for: its error is the one the transaction throws, whether a
      // statement follows it or only the COMMIT (which PostgreSQL answers with a silent ROLLBACK).
      for (const after of [true, false]) {
        await expect(
          db.transaction(async () => {
            await insertRows(db, 'k', ['id', 'v'], [['d', '4']]);
            await insertRows(db, 'k', ['id', 'v'], [['e', null]]);
            if (after) await db.run('UPDATE k SET v = ? WHERE id = ?', ['9', 'a']);
          }),
        ).rejects.toThrow(/null value in column "v"/);
      }
      await db.transaction(async () => {
        await insertRows(db, 'k', ['id', 'v'], [['d', '5']]);
      });
      expect(await db.all('SELECT id, v FROM k ORDER BY id')).toEqual([
        { id: 'a', v: '1' },
        { id: 'b', v: '2' },
        { id: 'c', v: '2' },
        { id: 'd', v: '5' },
      ]);
    } finally {
      await db.close();
    }
  });
});
