import { existsSync } from 'node:fs';
import { execa, type ResultPromise } from 'execa';
import { bin, type RunningSandbox } from '../sandbox.js';
import { expectedColumns } from '../../../src/sync/schema.js';
import { openSqlite } from '../../../src/sync/sqlite.js';
import { openPostgres } from '../../../src/sync/postgres.js';
import type { Connection } from '../../../src/sync/db.js';

/** Where a test syncs to, and with which Node.js (20: the WebAssembly SQLite; 24: node:sqlite). */
export interface SyncTarget {
  name: string;
  kind: 'sqlite' | 'postgres';
  node: string;
  /** A new, empty database of this kind: its --to URL. */
  fresh(name: string): Promise<string>;
}

export function runSync(
  target: SyncTarget,
  to: string,
  args: string[],
  env: Record<string, string>,
): ResultPromise {
  return execa(target.node, [bin, 'sync', '--to', to, ...args], {
    env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
}

export async function connect(to: string): Promise<Connection> {
  if (to.startsWith('sqlite:')) return openSqlite(to.slice('sqlite:'.length), { SECSCAN_SQLITE: 'wasm' });
  return openPostgres(to);
}

/** Columns that say when a run happened, not what the service holds: left out of a comparison. */
const volatile: Record<string, string[]> = {
  organizations: ['first_synced_at', 'last_synced_at'],
};
/** The mirror's own history and bookkeeping, which a fresh full read cannot have. */
const history = new Set(['finding_events', 'sync_runs', 'sync_triage']);

/** Every table of the mirror of the service's state, each as its rows (JSON, sorted). */
export async function dump(to: string): Promise<Record<string, string[]>> {
  const conn = await connect(to);
  try {
    const out: Record<string, string[]> = {};
    for (const [table, columns] of expectedColumns()) {
      if (history.has(table)) continue;
      const kept = columns.filter((c) => !(volatile[table] ?? []).includes(c));
      const rows = await conn.all(`SELECT ${kept.join(', ')} FROM ${table}`);
      out[table] = rows.map((r) => JSON.stringify(kept.map((c) => normal(r[c])))).sort();
    }
    return out;
  } finally {
    await conn.close();
  }
}

/** JSON documents compare as values (jsonb orders keys its own way). */
function normal(value: unknown): unknown {
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return sortKeys(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (value !== null && typeof value === 'object') return sortKeys(value);
  return value;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export async function query<T = Record<string, unknown>>(to: string, sql: string, params: unknown[] = []) {
  const conn = await connect(to);
  try {
    return (await conn.all(sql, params as never)) as T[];
  } finally {
    await conn.close();
  }
}

/** A tiny seeded generator: the same changes on every run of the test. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Calls the sandbox's API as its Super Admin. */
export async function api(sandbox: RunningSandbox, method: string, path: string, body?: unknown) {
  const res = await fetch(
    `${sandbox.baseUrl}${path.startsWith('/_') ? '' : `/api/v4/orgs/${sandbox.orgId}`}${path}`,
    {
      method,
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as { response?: unknown }) : {};
}

/**
 * Random triage over the findings of the apps' latest default-branch scans: statuses set and cleared,
 * assignees set, cleared and swapped between two findings (which keeps every count), and new scans that
 * add, fix and bring back findings.
 */
export async function shuffle(sandbox: RunningSandbox, seed: number): Promise<number> {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const listed = (await api(sandbox, 'GET', '/findings?status=any&per_page=250')).response as {
    findings: { id: string; app: string; assignee?: string }[];
  };
  const findings = listed.findings;
  const people = ['ana@example.com', 'bo@example.com', 'cy@example.com'];
  let changes = 0;
  for (let i = 0; i < 12; i++) {
    const f = pick(findings);
    const status = pick(['fixed', 'ignore', 'codeviolationremovestatus', 'codeviolationfixed']);
    await api(sandbox, 'PUT', `/apps/${f.app}/findings/${f.id}/status`, { status });
    const g = pick(findings);
    await api(sandbox, 'PUT', `/apps/${g.app}/findings/${g.id}/assignment`, {
      assignee: pick([...people, '']),
    });
    changes += 2;
  }
  // A swap: two findings of one app trade assignees; every count stays as it was.
  const [a, b] = findings.filter((f) => f.app === findings[0]?.app).slice(0, 2);
  if (a && b) {
    await api(sandbox, 'PUT', `/apps/${a.app}/findings/${a.id}/assignment`, { assignee: people[0] });
    await api(sandbox, 'PUT', `/apps/${b.app}/findings/${b.id}/assignment`, { assignee: people[1] });
    await api(sandbox, 'PUT', `/apps/${a.app}/findings/${a.id}/assignment`, { assignee: people[1] });
    await api(sandbox, 'PUT', `/apps/${b.app}/findings/${b.id}/assignment`, { assignee: people[0] });
  }
  const apps = [...new Set(findings.map((f) => f.app))];
  for (const app of [pick(apps), pick(apps)]) {
    await api(sandbox, 'POST', '/_sandbox/scans', {
      app,
      new: [{ severity: pick(['critical', 'high', 'low']), count: 3 }],
      fix: 2,
      reappear: 1,
    });
  }
  return changes;
}

export const nodeHas = (path: string) => existsSync(path);
