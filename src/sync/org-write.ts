import type { App } from '@secscan/api/schemas/apps';
import type { Database, Value } from './db.js';
import { insertRows } from './db.js';
import type { RunScope } from './events.js';
import { columns, cveRow } from './rows.js';

export interface OrgRead {
  baseUrl: string;
  profile: string | undefined;
  teams: { team_id: string; team_name: string }[];
  apps: App[];
  compounds: { id: string; name: string; archived: boolean; apps: string[] }[];
}

/**
 * The organization's own rows, in one transaction: itself, its teams, its apps (an app no longer listed goes
 * with everything of it), their tags, its compounds. An app's `scan_id` (what of it the mirror holds) is kept.
 */
export async function writeOrg(db: Database, run: RunScope, read: OrgRead): Promise<void> {
  const org = run.org;
  await db.transaction(async () => {
    await db.run(
      `INSERT INTO organizations (org_id, base_url, profile, first_synced_at, last_synced_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (org_id) DO UPDATE SET base_url = excluded.base_url, profile = excluded.profile,
         last_synced_at = excluded.last_synced_at`,
      [org, read.baseUrl, read.profile ?? null, run.seenAt, run.seenAt],
    );
    await db.run('DELETE FROM teams WHERE org_id = ?', [org]);
    const teams = [...new Map(read.teams.map((t) => [t.team_id, t])).values()];
    await insertRows(
      db,
      'teams',
      ['org_id', 'team_id', 'name'],
      teams.map((t) => [org, t.team_id, t.team_name]),
    );
    const listed = new Set(read.apps.map((a) => a.id));
    const had = await db.all<{ app_id: string }>('SELECT app_id FROM apps WHERE org_id = ?', [org]);
    for (const { app_id } of had.filter((a) => !listed.has(a.app_id))) {
      for (const table of ['comments', 'finding_tags', 'findings', 'scans', 'packages', 'app_tags', 'apps']) {
        await db.run(`DELETE FROM ${table} WHERE org_id = ? AND app_id = ?`, [org, app_id]);
      }
    }
    for (const a of read.apps) {
      await db.run(
        `INSERT INTO apps (org_id, app_id, name, team_id, base_branch, compound_id) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (org_id, app_id) DO UPDATE SET name = excluded.name, team_id = excluded.team_id,
           base_branch = excluded.base_branch, compound_id = excluded.compound_id`,
        [org, a.id, a.name ?? null, a.team_id ?? null, a.base_branch ?? null, a.compound ?? null],
      );
    }
    await db.run('DELETE FROM app_tags WHERE org_id = ?', [org]);
    const tags: Value[][] = read.apps.flatMap((a) =>
      (a.tags ?? []).map((t, i) => [org, a.id, i, t.key, t.value === undefined ? null : String(t.value)]),
    );
    await insertRows(db, 'app_tags', ['org_id', 'app_id', 'position', 'key', 'value'], tags);
    await db.run('DELETE FROM compound_apps WHERE org_id = ?', [org]);
    await db.run('DELETE FROM compounds WHERE org_id = ?', [org]);
    const compounds = [...new Map(read.compounds.map((c) => [c.id, c])).values()];
    await insertRows(
      db,
      'compounds',
      ['org_id', 'compound_id', 'name', 'archived'],
      compounds.map((c) => [org, c.id, c.name, Number(c.archived)]),
    );
    await insertRows(
      db,
      'compound_apps',
      ['org_id', 'compound_id', 'app_id'],
      compounds.flatMap((c) => [...new Set(c.apps)].map((app) => [org, c.id, app])),
    );
  });
}

/** Package URLs of the organization's packages whose CVEs and licences are not in the mirror yet. */
export async function unknownPurls(db: Database, org: string, all: boolean): Promise<string[]> {
  const rows = await db.all<{ purl: string }>(
    `SELECT DISTINCT p.purl FROM packages p WHERE p.org_id = ?${
      all
        ? ''
        : ' AND NOT EXISTS (SELECT 1 FROM package_lookups l WHERE l.org_id = p.org_id AND l.purl = p.purl)'
    } ORDER BY p.purl`,
    [org],
  );
  return rows.map((r) => r.purl);
}

type Info = { purl: string; licenses?: string[]; cves?: Record<string, unknown>[] };

/** One answer of package information: each package's licences and CVEs replaced, in one transaction. */
export async function writePackageInfo(db: Database, org: string, infos: readonly Info[]): Promise<void> {
  await db.transaction(async () => {
    for (const info of infos) {
      await db.run('DELETE FROM package_licenses WHERE org_id = ? AND purl = ?', [org, info.purl]);
      await db.run('DELETE FROM package_cves WHERE org_id = ? AND purl = ?', [org, info.purl]);
      await db.run('INSERT INTO package_lookups (org_id, purl) VALUES (?, ?) ON CONFLICT DO NOTHING', [
        org,
        info.purl,
      ]);
      await insertRows(
        db,
        'package_licenses',
        ['org_id', 'purl', 'license'],
        [...new Set(info.licenses ?? [])].map((l) => [org, info.purl, l]),
      );
      const cves = new Map((info.cves ?? []).map((c) => [String(c.id ?? c.internalId), c]));
      await insertRows(
        db,
        'package_cves',
        columns.package_cves,
        [...cves.values()].map((c) => cveRow(org, info.purl, c)),
      );
    }
  });
}

/** Package information of packages no app has any more: removed (cascading to licences and CVEs). */
export async function prunePackageInfo(db: Database, org: string): Promise<void> {
  await db.transaction(async () => {
    for (const table of ['package_licenses', 'package_cves', 'package_lookups']) {
      await db.run(
        `DELETE FROM ${table} WHERE org_id = ? AND NOT EXISTS (SELECT 1 FROM packages p
           WHERE p.org_id = ${table}.org_id AND p.purl = ${table}.purl)`,
        [org],
      );
    }
  });
}
