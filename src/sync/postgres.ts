import type { Connection, Row, Value } from './db.js';

/** `?` placeholders as PostgreSQL's `$1`, `$2` (the SQL of the sync has no `?` of its own). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
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
  return {
    dialect: 'postgres',
    engine: `postgres ${version}`,
    exec: async (sql) => {
      await client.query(sql);
    },
    all: async <T extends Row>(sql: string, params: readonly Value[] = []) =>
      (await client.query(numbered(sql), [...params])).rows as T[],
    run: async (sql, params = []) => (await client.query(numbered(sql), [...params])).rowCount ?? 0,
    begin: async () => {
      await client.query('BEGIN');
    },
    commit: async () => {
      await client.query('COMMIT');
    },
    rollback: async () => {
      await client.query('ROLLBACK');
    },
    close: () => client.end(),
  };
}
