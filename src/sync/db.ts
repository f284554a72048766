/**
 * One interface over the databases a sync writes to: SQLite (node:sqlite where the runtime has it, else a
 * WebAssembly build) and PostgreSQL (pg). SQL is written once with `?` placeholders; the PostgreSQL side
 * numbers them. Transactions are serialized: one at a time on the one connection.
 */
export type Dialect = 'sqlite' | 'postgres';
export type Value = string | number | null;
export type Row = Record<string, unknown>;

export interface Connection {
  readonly dialect: Dialect;
  /** The engine, for sync_runs and --debug: `node:sqlite`, `wasm`, `postgres 16.4`. */
  readonly engine: string;
  exec(sql: string): Promise<void>;
  all<T extends Row = Row>(sql: string, params?: readonly Value[]): Promise<T[]>;
  /** Runs one statement; the rows it changed. */
  run(sql: string, params?: readonly Value[]): Promise<number>;
  /**
   * Optional: `rows` (at least one) into `table` in as few statements as the engine can, each row's values
   * in the order of `columns`, `tail` (` ON CONFLICT ...`) after each statement. What insertRows uses when
   * the engine has it; a multi-row INSERT of `?` placeholders otherwise. A row should not conflict with
   * another of the same call under a `DO UPDATE` tail (PostgreSQL refuses one statement updating a row twice).
   * It may resolve before the rows are written (PostgreSQL: the next page is made meanwhile): every later
   * statement sees them, and its error is thrown by the next statement awaited, or by the commit.
   */
  insertMany?(
    table: string,
    columns: readonly string[],
    rows: readonly (readonly Value[])[],
    tail: string,
  ): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

export class Database {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly conn: Connection) {}

  get dialect(): Dialect {
    return this.conn.dialect;
  }

  all<T extends Row = Row>(sql: string, params?: readonly Value[]): Promise<T[]> {
    return this.conn.all<T>(sql, params);
  }

  async one<T extends Row = Row>(sql: string, params?: readonly Value[]): Promise<T | undefined> {
    return (await this.conn.all<T>(sql, params))[0];
  }

  run(sql: string, params?: readonly Value[]): Promise<number> {
    return this.conn.run(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.conn.exec(sql);
  }

  /**
   * `work` in one transaction, after the ones asked for before it: committed when it resolves, rolled back
   * when it throws (and the error rethrown). A process killed meanwhile leaves the last commit.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    const run = async () => {
      await this.conn.begin();
      try {
        const result = await work();
        await this.conn.commit();
        return result;
      } catch (error) {
        await this.conn.rollback().catch(() => {});
        throw error;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => {});
    return next;
  }

  close(): Promise<void> {
    return this.conn.close();
  }
}

/** A multi-row INSERT of `columns` for `count` rows: `INSERT INTO t (a, b) VALUES (?, ?), (?, ?)`. */
export function insertSql(table: string, columns: readonly string[], count: number, tail = ''): string {
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(count).fill(row).join(', ')}${tail}`;
}

/**
 * Rows inserted: by the connection's own bulk insert when it has one (PostgreSQL), else `per` at a time in
 * multi-row INSERTs (a statement's parameters stay under both engines' limits).
 */
export async function insertRows(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly Value[])[],
  tail = '',
): Promise<void> {
  if (!rows.length) return;
  if (db.conn.insertMany) return db.conn.insertMany(table, columns, rows, tail);
  const per = Math.max(1, Math.floor(900 / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    await db.run(insertSql(table, columns, chunk.length, tail), chunk.flat());
  }
}
