import type { Connection, Row, Value } from './db.js';

/** `?` placeholders as PostgreSQL's `$1`, `$2` (the SQL of the sync has no `?` of its own). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Rows a bulk INSERT carries at most: a page of findings' tags (250 findings, 8 tags each) in one. */
const bulkRows = 5000;

/** Bulk INSERTs sent and not answered yet at most (memory holds their parameters until then). */
const inFlight = 2;

type Client = { query: import('pg').Client['query'] };
type QueryConfig = { text: string; values?: unknown[] };
type QueryResult = import('pg').QueryResult;

/**
 * The INSERT of a bulk insert: each column's values one parameter, a JSON array, whatever the number of
 * rows, made rows again in the statement. A column of text, numbers or times is a JSON array of its values
 * (`json_array_elements_text`, cast to the column's type): one JSON.stringify makes it, where an array
 * literal of pg's made garbage of every value. A jsonb column is a JSON array of its documents as they are
 * (`jsonb_array_elements`: parsed once, not escaped once more), JSON's `null` standing for SQL NULL there;
 * `docs[i]` false, when a value is the document `null` itself, sends it as text values cast to jsonb.
 */
export function bulkSql(
  table: string,
  columns: readonly string[],
  types: readonly string[],
  docs: readonly boolean[],
  tail: string,
): string {
  const sources = columns.map(
    (_, i) =>
      `${docs[i] ? 'jsonb_array_elements' : 'json_array_elements_text'}($${i + 1}::${docs[i] ? 'jsonb' : 'json'})`,
  );
  const picked = columns.map((c, i) => (docs[i] ? `NULLIF(u.${c}, 'null'::jsonb)` : `u.${c}::${types[i]}`));
  return `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${picked.join(', ')} FROM ROWS FROM (${sources.join(', ')}) AS u (${columns.join(', ')})${tail}`;
}

/**
 * Values as a JSON array. A lone surrogate, which JSON.stringify escapes and PostgreSQL refuses, is U+FFFD,
 * as pg sends it in a text parameter (the output has `\ud` only then, or after an escaped backslash).
 */
export function jsonArray(values: readonly Value[]): string {
  const json = JSON.stringify(values);
  if (!json.includes('\\ud')) return json;
  return JSON.stringify(
    values.map((v) =>
      typeof v === 'string' ? (v as string & { toWellFormed(): string }).toWellFormed() : v,
    ),
  );
}

/**
 * Connection.insertMany for PostgreSQL: a statement of a few parameters for up to `bulkRows` rows, cheap to
 * parse and plan (multi-row VALUES of ~900 parameters cost the server half as much again as writing their
 * rows; a named statement, parsed and planned once, measured no faster than this). The column types come
 * from the catalog, once per table, without their modifiers (a cast to varchar(n) would cut a value the
 * INSERT refuses). A jsonb value must be one JSON document (what JSON.stringify gives), as for any INSERT.
 */
function bulkInsert(statements: ReturnType<typeof ordered>): NonNullable<Connection['insertMany']> {
  const columnTypes = new Map<string, Promise<Map<string, string>>>();
  const typesOf = (table: string) => {
    let known = columnTypes.get(table);
    if (!known) {
      known = statements
        .query(
          `SELECT attname AS name, format_type(atttypid, NULL) AS type FROM pg_attribute
           WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
          [table],
        )
        .then((r) => new Map(r.rows.map((c) => [String(c.name), String(c.type)])));
      columnTypes.set(table, known);
      known.catch(() => columnTypes.delete(table));
    }
    return known;
  };
  return async (table, columns, rows, tail) => {
    const known = await typesOf(table);
    const types = columns.map((c) => {
      const type = known.get(c);
      if (!type) throw new Error(`table ${table} has no column ${c}`);
      return type;
    });
    for (let i = 0; i < rows.length; i += bulkRows) {
      const chunk = rows.length <= bulkRows ? rows : rows.slice(i, i + bulkRows);
      const docs = types.map((t, j) => t === 'jsonb' && chunk.every((row) => row[j] !== 'null'));
      const text = bulkSql(table, columns, types, docs, tail);
      const values = columns.map((_, j) =>
        docs[j]
          ? `[${chunk.map((row) => (row[j] === null || row[j] === undefined ? 'null' : String(row[j]))).join(',')}]`
          : jsonArray(chunk.map((row) => row[j] ?? null)),
      );
      await statements.send({ text, values });
    }
  };
}

/**
 * The statements of one connection, one after the other. A bulk INSERT is sent without waiting for its
 * answer (at most `inFlight` of them), so the rows of the next page are made while the server writes these;
 * each later statement is sent after their answers, so it sees their rows. The first error of one is thrown
 * by the next statement awaited, or by COMMIT (which PostgreSQL answers with a silent ROLLBACK then).
 * Statements wait here, not in pg's own queue (which pg 9 drops).
 */
function ordered(client: Client) {
  let last: Promise<unknown> = Promise.resolve();
  let sent: Promise<unknown>[] = [];
  let failure: { error: unknown } | undefined;
  const next = <T>(statement: () => Promise<T>): Promise<T> => {
    const answer = last.then(statement, statement);
    last = answer.catch(() => {});
    return answer;
  };
  const rethrow = () => {
    const f = failure;
    failure = undefined;
    sent = [];
    if (f) throw f.error;
  };
  return {
    /** A statement and its answer, after those sent before it (the first error of theirs thrown first). */
    async query(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
      const answer = next(() => client.query(config as never, values as never) as Promise<QueryResult>);
      try {
        return await answer;
      } finally {
        rethrow();
      }
    },
    /** A statement sent, its answer not waited for. */
    async send(config: QueryConfig): Promise<void> {
      const answer = next(() => client.query(config as never) as Promise<unknown>);
      answer.catch((error: unknown) => {
        failure ??= { error };
      });
      sent.push(answer);
      if (sent.length > inFlight) await (sent.shift() as Promise<unknown>).catch(() => {});
      if (failure) rethrow();
    },
    /** Every statement sent answered, their errors dropped (a ROLLBACK follows). */
    async drop(): Promise<void> {
      await last;
      failure = undefined;
      sent = [];
    },
  };
}

/**
 * A PostgreSQL connection through pg (pure JavaScript). pg is loaded only when a sync writes to PostgreSQL.
 * Numbers come back as numbers (counts are bigint in PostgreSQL, far below 2^53 here); dates as text.
 */
export async function openPostgres(url: string): Promise<Connection> {
  const pg = (await import('pg')).default;
  const types = pg.types;
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    application_name: 'secscan sync',
    types: {
      getTypeParser: (oid: number, format?: string) => {
        // int8, numeric: numbers; timestamptz, timestamp, date: the text PostgreSQL sends.
        if (oid === 20 || oid === 1700) return (v: string) => Number(v);
        if (oid === 1184 || oid === 1114 || oid === 1082) return (v: string) => v;
        return types.getTypeParser(oid, format as 'text');
      },
    } as never,
  });
  client.on('error', () => {});
  await client.connect();
  const version = (await client.query<{ v: string }>('SHOW server_version')).rows[0]?.v ?? '';
  const statements = ordered(client);
  const insertMany = bulkInsert(statements);
  return {
    dialect: 'postgres',
    engine: `postgres ${version}`,
    exec: async (sql) => {
      await statements.query(sql);
    },
    all: async <T extends Row>(sql: string, params: readonly Value[] = []) =>
      (await statements.query(numbered(sql), [...params])).rows as T[],
    run: async (sql, params = []) => (await statements.query(numbered(sql), [...params])).rowCount ?? 0,
    insertMany,
    begin: async () => {
      await statements.query('BEGIN');
    },
    commit: async () => {
      await statements.query('COMMIT');
    },
    rollback: async () => {
      await statements.drop();
      await statements.query('ROLLBACK');
    },
    close: async () => {
      await statements.drop();
      await client.end();
    },
  };
}
