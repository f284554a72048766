import { ConfigError } from '../errors.js';
import type { Database } from './db.js';
import { expectedColumns, inDialect, migrations, schemaVersion } from './schema.js';
import { viewNames, viewStatements } from './views.js';

const ledger = `CREATE TABLE IF NOT EXISTS secscan_schema (
  version INTEGER PRIMARY KEY, applied_at {ts} NOT NULL, secscan_version TEXT NOT NULL
)`;

/** Every table's columns in order, in one query (a query a table cost PostgreSQL a round trip each). */
async function columnsByTable(db: Database): Promise<Map<string, string[]>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.all<{ t: string; c: string }>(
          `SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p
           WHERE m.type = 'table' ORDER BY m.name, p.cid`,
        )
      : await db.all<{ t: string; c: string }>(
          `SELECT table_name AS t, column_name AS c FROM information_schema.columns
           WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
        );
  const tables = new Map<string, string[]>();
  for (const { t, c } of rows) {
    const columns = tables.get(t);
    if (columns) columns.push(c);
    else tables.set(t, [c]);
  }
  return tables;
}

/**
 * The tables as the migrations up to `version` left them, or a configuration error naming the first
 * difference: a table someone dropped, a column renamed, dropped or added. A sync never writes into a
 * table it does not know the shape of.
 */
export async function checkTables(db: Database, version: number): Promise<void> {
  const tables = await columnsByTable(db);
  for (const [table, expected] of expectedColumns(version)) {
    const actual = tables.get(table) ?? [];
    if (actual.length === 0) {
      throw new ConfigError(`the sync database has no table ${table}: it was dropped outside secscan`, {
        hint: 'restore it, or sync into a new database',
      });
    }
    const missing = expected.filter((c) => !actual.includes(c));
    const extra = actual.filter((c) => !expected.includes(c));
    if (missing.length || extra.length) {
      const what = [
        missing.length ? `lacks ${missing.join(', ')}` : '',
        extra.length ? `has ${extra.join(', ')} besides` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      throw new ConfigError(`the table ${table} was altered outside secscan: it ${what}`, {
        hint: `secscan schema ${version} is in docs/reference/database.md; sync into a new database, or undo the change`,
      });
    }
  }
}

/**
 * Brings the database to this secscan's schema: refuses one of a newer secscan (exit 3, nothing written),
 * checks the tables of the version it has, then applies each missing migration in a transaction of its own.
 */
export async function migrate(db: Database, secscanVersion: string): Promise<{ from: number; to: number }> {
  await db.exec(inDialect(ledger, db.dialect));
  const row = await db.one<{ v: number | null }>('SELECT MAX(version) AS v FROM secscan_schema');
  const from = Number(row?.v ?? 0);
  if (from > schemaVersion) {
    const by = await db.one<{ s: string }>(
      'SELECT secscan_version AS s FROM secscan_schema WHERE version = ?',
      [from],
    );
    throw new ConfigError(
      `the sync database has schema ${from} (secscan ${by?.s ?? 'newer'}); this secscan knows schema ${schemaVersion} at most`,
      { hint: 'upgrade secscan to sync into it', code: 'DB_NEWER' },
    );
  }
  if (from > 0) await checkTables(db, from);
  for (let version = from + 1; version <= schemaVersion; version++) {
    await db.transaction(async () => {
      for (const sql of migrations[version - 1] ?? []) await db.exec(inDialect(sql, db.dialect));
      // The views as this version writes them: those of an older one (later views read earlier ones) go first.
      if (version === schemaVersion) {
        for (const name of [...viewNames].reverse()) await db.exec(`DROP VIEW IF EXISTS ${name}`);
        for (const sql of viewStatements(db.dialect)) await db.exec(sql);
      }
      await db.run('INSERT INTO secscan_schema (version, applied_at, secscan_version) VALUES (?, ?, ?)', [
        version,
        new Date().toISOString(),
        secscanVersion,
      ]);
    });
  }
  return { from, to: schemaVersion };
}
