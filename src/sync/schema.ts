import type { Dialect } from './db.js';

/**
 * The schema of the mirror, as migrations: each version's statements, applied in order, each in its own
 * transaction with its row in secscan_schema. A column's type is written once: `{ts}` a time (ISO 8601
 * text in SQLite, timestamptz in PostgreSQL), `{json}` a JSON document (text, jsonb), `{serial}` an
 * identity key. Booleans are integers 0 and 1 in both, so a query runs on either. docs/reference/database.md
 * lists every table and column; test/docs/reference.test.ts holds it to these.
 */
const org = 'org_id TEXT NOT NULL REFERENCES organizations (org_id) ON DELETE CASCADE';
const app = 'FOREIGN KEY (org_id, app_id) REFERENCES apps (org_id, app_id) ON DELETE CASCADE';

const v1 = [
  `CREATE TABLE organizations (
    org_id TEXT PRIMARY KEY,
    base_url TEXT NOT NULL,
    profile TEXT,
    first_synced_at {ts} NOT NULL,
    last_synced_at {ts} NOT NULL
  )`,
  `CREATE TABLE teams (${org}, team_id TEXT NOT NULL, name TEXT, PRIMARY KEY (org_id, team_id))`,
  `CREATE TABLE apps (
    ${org}, app_id TEXT NOT NULL, name TEXT, team_id TEXT, base_branch TEXT, compound_id TEXT,
    scan_id TEXT,
    PRIMARY KEY (org_id, app_id)
  )`,
  `CREATE TABLE app_tags (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, position INTEGER NOT NULL, key TEXT NOT NULL, value TEXT,
    PRIMARY KEY (org_id, app_id, position), ${app}
  )`,
  `CREATE TABLE compounds (
    ${org}, compound_id TEXT NOT NULL, name TEXT NOT NULL, archived INTEGER NOT NULL,
    PRIMARY KEY (org_id, compound_id)
  )`,
  `CREATE TABLE compound_apps (
    org_id TEXT NOT NULL, compound_id TEXT NOT NULL, app_id TEXT NOT NULL,
    PRIMARY KEY (org_id, compound_id, app_id),
    FOREIGN KEY (org_id, compound_id) REFERENCES compounds (org_id, compound_id) ON DELETE CASCADE
  )`,
  `CREATE TABLE scans (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, scan_id TEXT NOT NULL, version TEXT,
    successful INTEGER NOT NULL, is_default_branch INTEGER, started_at {ts}, completed_at {ts},
    language TEXT, number_of_expressions BIGINT, tags {json}, oss_enabled INTEGER, oss_successful INTEGER,
    oss_failure_reason TEXT,
    PRIMARY KEY (org_id, app_id, scan_id), ${app}
  )`,
  `CREATE TABLE findings (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, finding_id TEXT NOT NULL, scan_id TEXT NOT NULL,
    type TEXT NOT NULL, title TEXT, description TEXT, severity TEXT, owasp_category TEXT, category TEXT,
    status TEXT, assignee TEXT, version_first_seen TEXT, internal_id TEXT NOT NULL, details {json},
    extra {json},
    PRIMARY KEY (org_id, app_id, finding_id), ${app}
  )`,
  `CREATE TABLE finding_tags (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, finding_id TEXT NOT NULL, position INTEGER NOT NULL,
    key TEXT NOT NULL, value TEXT,
    PRIMARY KEY (org_id, app_id, finding_id, position),
    FOREIGN KEY (org_id, app_id, finding_id) REFERENCES findings (org_id, app_id, finding_id) ON DELETE CASCADE
  )`,
  'CREATE INDEX finding_tags_key ON finding_tags (key, value)',
  `CREATE TABLE finding_events (
    event_id {serial}, ${org}, app_id TEXT NOT NULL, finding_id TEXT NOT NULL, run_id BIGINT NOT NULL,
    seen_at {ts} NOT NULL, kind TEXT NOT NULL, old_value TEXT, new_value TEXT, severity TEXT, type TEXT,
    first_seen_at {ts}
  )`,
  'CREATE INDEX finding_events_finding ON finding_events (org_id, app_id, finding_id)',
  `CREATE TABLE comments (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, finding_id TEXT NOT NULL, comment_id TEXT NOT NULL,
    created_at {ts}, owner_email TEXT, owner_name TEXT, comment TEXT,
    PRIMARY KEY (org_id, app_id, finding_id, comment_id),
    FOREIGN KEY (org_id, app_id, finding_id) REFERENCES findings (org_id, app_id, finding_id) ON DELETE CASCADE
  )`,
  `CREATE TABLE packages (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, purl TEXT NOT NULL, name TEXT, namespace TEXT, type TEXT,
    version TEXT, license TEXT, first_seen {ts}, total_vulns BIGINT, total_reachable BIGINT,
    total_exploitable BIGINT,
    PRIMARY KEY (org_id, app_id, purl), ${app}
  )`,
  `CREATE TABLE package_lookups (${org}, purl TEXT NOT NULL, PRIMARY KEY (org_id, purl))`,
  `CREATE TABLE package_licenses (
    org_id TEXT NOT NULL, purl TEXT NOT NULL, license TEXT NOT NULL, PRIMARY KEY (org_id, purl, license),
    FOREIGN KEY (org_id, purl) REFERENCES package_lookups (org_id, purl) ON DELETE CASCADE
  )`,
  `CREATE TABLE package_cves (
    org_id TEXT NOT NULL, purl TEXT NOT NULL, cve_id TEXT NOT NULL, assigner TEXT, cwe_ids TEXT,
    base_score DOUBLE PRECISION, base_severity TEXT, vector TEXT, published_at {ts}, last_modified_at {ts},
    description TEXT,
    PRIMARY KEY (org_id, purl, cve_id),
    FOREIGN KEY (org_id, purl) REFERENCES package_lookups (org_id, purl) ON DELETE CASCADE
  )`,
  // Internal: the findings the triage listings named, while a run compares them with the mirror.
  `CREATE TABLE sync_triage (
    org_id TEXT NOT NULL, app_id TEXT NOT NULL, finding_id TEXT NOT NULL,
    PRIMARY KEY (org_id, app_id, finding_id)
  )`,
  `CREATE TABLE sync_runs (
    run_id {serial}, org_id TEXT NOT NULL, profile TEXT, started_at {ts} NOT NULL, finished_at {ts},
    status TEXT NOT NULL, full_read INTEGER NOT NULL, requests BIGINT, apps BIGINT, apps_read BIGINT,
    findings_read BIGINT, triage_changes BIGINT, comments INTEGER NOT NULL, engine TEXT, pid BIGINT,
    host TEXT, secscan_version TEXT, error TEXT
  )`,
];

/**
 * Version 2: the findings triaged (a status other than unset, or an assignee) in an index of their own. A
 * run compares them with the service's triaged listing: with the index it reads those rows, not every
 * finding of the organization (a run with nothing changed read the whole table four times).
 */
const v2 = [
  `CREATE INDEX findings_triaged ON findings (org_id, app_id, finding_id)
    WHERE status <> 'unset' OR assignee IS NOT NULL`,
];

/** Every version's statements, the first at index 0 (version 1). */
export const migrations: readonly (readonly string[])[] = [v1, v2];
export const schemaVersion = migrations.length;

const types: Record<Dialect, Record<string, string>> = {
  sqlite: { ts: 'TEXT', json: 'TEXT', serial: 'INTEGER PRIMARY KEY AUTOINCREMENT' },
  postgres: { ts: 'TIMESTAMPTZ', json: 'JSONB', serial: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY' },
};

export function inDialect(sql: string, dialect: Dialect): string {
  return sql.replace(/\{(\w+)\}/g, (_, name: string) => types[dialect][name] ?? `{${name}}`);
}

/** Each table's columns, in order, as the migrations leave them: what a check of the tables compares. */
export function expectedColumns(version = schemaVersion): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const sql of migrations.slice(0, version).flat()) {
    const m = /^CREATE TABLE (\w+) \(([\s\S]*)\)$/.exec(sql.trim());
    if (!m) continue;
    const columns = splitTop(m[2] as string)
      .map((part) => part.trim())
      .filter((part) => !/^(PRIMARY KEY|FOREIGN KEY|UNIQUE)\b/.test(part))
      .map((part) => part.split(/\s+/)[0] as string);
    tables.set(m[1] as string, columns);
  }
  return tables;
}

/** Splits on commas outside parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
