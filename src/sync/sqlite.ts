import { rmSync } from 'node:fs';
import type { Connection, Row, Value } from './db.js';

/** What both SQLite engines offer: a prepared statement's run and all, exec and close. */
interface Statement {
  run(params: readonly Value[]): { changes: number | bigint };
  all(params: readonly Value[]): Row[];
  finalize?(): void;
}
interface Engine {
  name: 'node:sqlite' | 'wasm';
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

type NodeSqlite = {
  DatabaseSync: new (
    path: string,
    options?: { readOnly?: boolean },
  ) => {
    exec(sql: string): void;
    prepare(sql: string): {
      run(...p: Value[]): { changes: number | bigint };
      all(...p: Value[]): Row[];
    };
    close(): void;
  };
};

/**
 * node:sqlite, when this Node.js has it unflagged (22.13 and later; the single executable's 24), loaded
 * without the ExperimentalWarning it prints on stderr: a sync run says nothing it was not asked.
 */
function builtinSqlite(): NodeSqlite | undefined {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (!get) return undefined;
  const emit = process.emitWarning;
  process.emitWarning = (() => {}) as typeof process.emitWarning;
  try {
    return get('node:sqlite') as NodeSqlite | undefined;
  } catch {
    return undefined;
  } finally {
    process.emitWarning = emit;
  }
}

function nodeEngine(mod: NodeSqlite, path: string): Engine {
  const db = new mod.DatabaseSync(path);
  return {
    name: 'node:sqlite',
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const stmt = db.prepare(sql);
      return { run: (p) => stmt.run(...p), all: (p) => stmt.all(...p) };
    },
    close: () => db.close(),
  };
}

async function wasmEngine(path: string): Promise<Engine> {
  // Loaded here, when a sync writes to SQLite on a Node.js without node:sqlite: no other run pays for it.
  const { WasmDatabase } = await import('./wasm.js');
  const db = new WasmDatabase(path);
  return {
    name: 'wasm',
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const stmt = db.prepare(sql);
      return {
        run: (p) => stmt.run([...p]),
        all: (p) => stmt.all([...p]) as Row[],
        finalize: () => stmt.finalize(),
      };
    },
    close: () => db.close(),
  };
}

/** `SECSCAN_SQLITE=wasm` forces the WebAssembly build where node:sqlite exists (its tests). */
export function sqliteEngineName(env: NodeJS.ProcessEnv): 'node:sqlite' | 'wasm' {
  return env.SECSCAN_SQLITE !== 'wasm' && builtinSqlite() ? 'node:sqlite' : 'wasm';
}

/**
 * A SQLite database file, in WAL mode (readers go on while a sync writes), with a busy timeout and foreign
 * keys on. The WebAssembly build has no shared memory for the WAL's index: it holds the file exclusively
 * while open (`locking_mode=EXCLUSIVE`), as SQLite requires for WAL without it.
 */
export async function openSqlite(path: string, env: NodeJS.ProcessEnv): Promise<Connection> {
  const builtin = env.SECSCAN_SQLITE === 'wasm' ? undefined : builtinSqlite();
  const engine = builtin ? nodeEngine(builtin, path) : await wasmEngine(path);
  const cache = new Map<string, Statement>();
  const statement = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = engine.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  try {
    if (engine.name === 'wasm') engine.exec('PRAGMA locking_mode = EXCLUSIVE');
    engine.exec('PRAGMA busy_timeout = 5000');
    engine.exec('PRAGMA journal_mode = WAL');
    engine.exec('PRAGMA synchronous = NORMAL');
    engine.exec('PRAGMA foreign_keys = ON');
    // 32 MiB of pages (the default is 2 MiB): a large app's tags index is written without reading its pages
    // back from the file at every insert; bounded, so memory stays flat however large the database grows.
    engine.exec('PRAGMA cache_size = -32768');
  } catch (error) {
    engine.close();
    throw error;
  }
  return {
    dialect: 'sqlite',
    engine: engine.name,
    exec: async (sql) => engine.exec(sql),
    all: async <T extends Row>(sql: string, params: readonly Value[] = []) =>
      statement(sql).all(params) as T[],
    run: async (sql, params = []) => Number(statement(sql).run(params).changes),
    begin: async () => engine.exec('BEGIN IMMEDIATE'),
    commit: async () => engine.exec('COMMIT'),
    rollback: async () => engine.exec('ROLLBACK'),
    close: async () => {
      try {
        for (const stmt of cache.values()) stmt.finalize?.();
        cache.clear();
        engine.close();
      } finally {
        // The WebAssembly build's lock is a directory beside the file, which a close that failed (a full
        // disk) leaves: this run holds the sync lock, so no other run uses it.
        if (engine.name === 'wasm') rmSync(`${path}.lock`, { recursive: true, force: true });
      }
    },
  };
}
