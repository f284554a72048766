import type { Finding } from '@secscan/api/schemas/findings';
import type { PackageInfo, ScaPackage, ScaPackagesPage } from '@secscan/api/schemas/sca';
import type * as z from 'zod';
import type { ApiClient } from '../api/client.js';
import type { Scheduler } from '../api/scheduler.js';
import { NotFoundError, notFoundError, UnexpectedResponseError } from '../errors.js';
import { refOf, type Suppressor } from '../ignores/match.js';
import type { Statement } from '../ignores/vex.js';
import { type Advisory, type Inventory, type SbomVulnerability, type ScanRef } from './model.js';
import { byText, wholeSeconds } from './ids.js';
import { checkedPurl, Packages } from './packages.js';
import { parsePurl, PurlError } from './purl.js';
import { analyse, dependencyTypes, mergeFindings, tagStatement, vexTag } from './vex.js';

/**
 * Reads what a bill of materials needs from the service: the packages of the scan (every page, the scan
 * pinned after the first), the scan itself, its dependency findings (any status) with the reason of each
 * ignored one, and the package look-up's licences and advisories. An answer that contradicts itself
 * (pages of different scans, fewer packages than it counts, a scan it does not name, an app or finding
 * twice, a look-up answering for packages not asked for) or names a package by a purl that does not parse
 * is exit 8. The findings of one advisory on one package are one vulnerability (vex.ts: mergeFindings).
 */

/** The SCA listing's largest page. */
const perPage = 10_000;

export interface Selection {
  scan?: string | undefined;
  branch?: string | undefined;
}

interface Collector {
  client: ApiClient;
  suppress: Suppressor | undefined;
  warn(line: string): void;
}

/** What the findings of a run leave out, said once at its end (apps read in any order say it the same). */
interface Notes {
  /** Findings naming no package or advisory. */
  unattributed: number;
  /** Findings (`app #id`) whose `vex` tag states nothing VEX reads. */
  badTags: string[];
}

function sayNotes(c: Collector, notes: Notes): void {
  if (notes.unattributed) {
    c.warn(
      `${notes.unattributed} dependency finding(s) name no package or advisory: left out of the vulnerabilities`,
    );
  }
  if (notes.badTags.length) {
    const named = [...notes.badTags].sort(byText);
    c.warn(
      `${named.length} finding(s) have a ${vexTag} tag that is neither not_affected:JUSTIFICATION nor false_positive: the tag is left out (${named.slice(0, 5).join(', ')}${named.length > 5 ? ', ...' : ''})`,
    );
  }
}

const tagOf = (f: Finding, key: string): string | undefined => {
  const v = f.tags?.find((t) => t.key === key)?.value;
  return v === undefined || v === null || v === '' ? undefined : String(v);
};

function isoTime(value: string | undefined, what: string): string {
  const ms = value === undefined ? NaN : Date.parse(value);
  if (Number.isNaN(ms))
    throw new UnexpectedResponseError(`${what} has no valid time (started_at, completed_at)`);
  return wholeSeconds(ms);
}

interface ScanInfo {
  id: string;
  app?: string | undefined;
  version?: string | undefined;
  started_at?: string | undefined;
  completed_at?: string | undefined;
  tags?: Record<string, unknown> | undefined;
}

function scanRef(scan: ScanInfo, app: string, appName?: string): ScanRef {
  const tag = (k: string) => (typeof scan.tags?.[k] === 'string' ? (scan.tags[k] as string) : undefined);
  return {
    app,
    ...(appName && appName !== app ? { appName } : {}),
    id: scan.id,
    version: scan.version || tag('commit'),
    branch: tag('branch'),
    time: isoTime(scan.completed_at || scan.started_at, `scan ${scan.id} of ${app}`),
  };
}

/** Every page of a packages listing, pinned to the scan the first page names. */
type PackagesPage = z.infer<typeof ScaPackagesPage>;

async function readPackages(
  what: string,
  page: (n: number, pin: PackagesPage | undefined) => Promise<PackagesPage>,
  same: (a: PackagesPage, b: PackagesPage) => boolean,
  into: (row: ScaPackage) => void,
): Promise<PackagesPage> {
  let first: PackagesPage | undefined;
  let count = 0;
  for (let n = 1; ; n++) {
    const data = await page(n, first);
    if (first && !same(first, data)) {
      throw new UnexpectedResponseError(`${what}: page ${n} of the packages listing is of another scan`);
    }
    first ??= data;
    for (const row of data.packages) into(row);
    count += data.packages.length;
    // A listing that always has more never ends: past the count it states, it is of another shape.
    if (count > first.total_count) {
      throw new UnexpectedResponseError(
        `${what}: the packages listing gives more than the ${first.total_count} package(s) it counts`,
      );
    }
    if (!data.has_more) break;
    if (!data.packages.length) {
      throw new UnexpectedResponseError(
        `${what}: the packages listing says it has more but gives an empty page`,
      );
    }
  }
  if (count !== first.total_count) {
    throw new UnexpectedResponseError(
      `${what}: the packages listing gives ${count} package(s) where it counts ${first.total_count}`,
    );
  }
  return first;
}

/** The reason of an ignored finding: its latest comment (the status change carries it). */
async function ignoreReason(client: ApiClient, f: Finding): Promise<string | undefined> {
  const comments = await client.call('ListAppFindingComments', { path: { appID: f.app, findingID: f.id } });
  const latest = [...comments].sort((a, b) => byText(a.created_at, b.created_at) || byText(a.id, b.id)).pop();
  return latest?.comment;
}

/** Each dependency finding with its own analysis (mergeFindings makes one per advisory and package). */
async function vulnerabilities(
  c: Collector,
  what: string,
  findings: Finding[],
  packages: Packages,
  notes: Notes,
): Promise<SbomVulnerability[]> {
  const out: SbomVulnerability[] = [];
  const seen = new Set<string>();
  for (const f of findings) {
    const key = `${f.app}\u0000${f.id}`;
    if (seen.has(key)) {
      throw new UnexpectedResponseError(
        `${what}: the findings listing gives finding ${f.id} of app ${f.app} twice`,
      );
    }
    seen.add(key);
    const text = tagOf(f, 'package_url');
    const cve = tagOf(f, 'cve');
    const internal = tagOf(f, 'oss_internal_id');
    const advisory = cve ?? internal;
    if (!text || !advisory) {
      notes.unattributed++;
      continue;
    }
    const purl = checkedPurl(text, () => `${what}: finding ${f.id} of app ${f.app} has`);
    packages.addPurl(purl, f.app);
    const status = f.status ?? 'unset';
    const score = Number(tagOf(f, 'cvss_score'));
    const reason = status === 'ignored' ? await ignoreReason(c.client, f) : undefined;
    const entry = c.suppress && status !== 'fixed' ? c.suppress.find(f) : undefined;
    const vex = tagOf(f, vexTag);
    const stated: Statement | undefined = vex === undefined ? undefined : tagStatement(vex);
    if (vex !== undefined && !stated) notes.badTags.push(`${f.app} #${f.id}`);
    out.push({
      app: f.app,
      finding: f.id,
      purl: purl.canonical,
      advisory,
      aliases: cve && internal && internal !== cve ? [internal] : [],
      severity: (tagOf(f, 'cvss_31_severity_rating') ?? f.severity ?? '').toLowerCase(),
      ...(Number.isFinite(score) && tagOf(f, 'cvss_score') !== undefined ? { score } : {}),
      status,
      reachability: tagOf(f, 'reachability'),
      title: f.title ?? '',
      analysis: analyse({
        status,
        reachability: tagOf(f, 'reachability'),
        ignoreReason: reason,
        suppression: entry && c.suppress ? refOf(c.suppress.file, entry) : undefined,
        tag: stated,
      }),
      others: [],
    });
  }
  return out;
}

/** One app's scan: its packages, the scan, its dependency findings. */
async function readApp(
  c: Collector,
  app: string,
  sel: Selection,
  packages: Packages,
  notes: Notes,
  appName?: string,
): Promise<{ scan: ScanRef; vulnerabilities: SbomVulnerability[] }> {
  const first = await readPackages(
    `app ${app}`,
    (page, pin) =>
      c.client.call('ReadAppSCAPackages', {
        path: { appID: app },
        query: {
          ...(pin ? { scan: pin.scans[0]?.id } : { scan: sel.scan, branch: sel.branch }),
          per_page: perPage,
          page,
          sort: 'url',
        },
      }),
    (a, b) => a.scans[0]?.id === b.scans[0]?.id,
    (row) => packages.add(row, app, `app ${app}`),
  );
  const scanId = first.scans[0]?.id;
  if (!scanId) throw new UnexpectedResponseError(`app ${app}: the packages listing names no scan`);
  const findings: Finding[] = [];
  let listed: ScanInfo | undefined;
  for await (const page of c.client.pages('ListAppFindings', {
    path: { appID: app },
    query: { scan: scanId, status: ['any'], type: [...dependencyTypes], per_page: 250 },
  })) {
    if (page.scan && page.scan.id !== scanId) {
      throw new UnexpectedResponseError(
        `app ${app}: the findings listing of scan ${scanId} is of scan ${page.scan.id}`,
      );
    }
    listed ??= page.scan as ScanInfo | undefined;
    findings.push(...page.findings);
  }
  // The listing names its scan, with its times and tags where the service gives them: one request less.
  let scan = listed && (listed.completed_at || listed.started_at) ? listed : undefined;
  if (!scan) {
    const scans = await c.client.call('ReadScan', { path: { appID: app, scanID: scanId } });
    scan = scans.find((s) => s.id === scanId);
    if (!scan) throw new UnexpectedResponseError(`app ${app}: reading scan ${scanId} gives no such scan`);
  }
  return {
    scan: scanRef(scan, app, appName),
    vulnerabilities: await vulnerabilities(c, `app ${app}`, findings, packages, notes),
  };
}

/**
 * Licences and advisories of the packages from the package look-up, a hundred purls a request: each purl
 * asked is answered once (as that purl, in any spelling of it), or the answer is exit 8: a record for a
 * purl not asked would leave the one asked without its licences and advisories, silently.
 */
async function lookUp(c: Collector, packages: Packages, advisories: Map<string, Advisory>): Promise<void> {
  const purls = [...packages.byPurl.keys()].sort(byText);
  for (let i = 0; i < purls.length; i += 100) {
    const batch = purls.slice(i, i + 100);
    const records: PackageInfo[] = await c.client.call('RetrievePackageInfo', { body: { purls: batch } });
    if (records.length !== batch.length) {
      throw new UnexpectedResponseError(
        `the package look-up answers ${records.length} record(s) for ${batch.length} package URL(s)`,
      );
    }
    const asked = new Set(batch);
    const answered = new Set<string>();
    for (const record of records) {
      let canonical: string;
      try {
        canonical = parsePurl(record.purl).canonical;
      } catch (error) {
        if (!(error instanceof PurlError)) throw error;
        throw new UnexpectedResponseError(
          `the package look-up answers for ${JSON.stringify(record.purl)}, which is not a package URL: ${error.message}`,
        );
      }
      if (!asked.has(canonical)) {
        throw new UnexpectedResponseError(
          `the package look-up answers for ${canonical}, which was not asked for`,
        );
      }
      if (answered.has(canonical)) {
        throw new UnexpectedResponseError(`the package look-up answers twice for ${canonical}`);
      }
      answered.add(canonical);
      const pkg = packages.byPurl.get(canonical);
      if (!pkg) continue;
      for (const l of record.licenses ?? []) {
        if (l && l !== 'NOASSERTION' && !pkg.licenses.includes(l)) pkg.licenses.push(l);
      }
      for (const cve of record.cves ?? []) {
        if (!cve.id || advisories.has(cve.id)) continue;
        const when = (v: string | undefined) =>
          v && !Number.isNaN(Date.parse(v)) ? wholeSeconds(Date.parse(v)) : undefined;
        advisories.set(cve.id, {
          description: cve.descriptions?.find((d) => d.lang === 'en')?.value ?? cve.descriptions?.[0]?.value,
          cwes: [
            ...new Set(
              (cve.cweIds ?? [])
                .map((w) => Number(/^CWE-(\d+)$/.exec(w)?.[1]))
                .filter((n) => Number.isInteger(n) && n > 0),
            ),
          ].sort((a, b) => a - b),
          references: ((cve as { references?: { url?: string; name?: string }[] }).references ?? [])
            .filter(
              (r): r is { url: string; name?: string } =>
                typeof r.url === 'string' && /^https?:\/\//.test(r.url),
            )
            .map((r) => ({ url: r.url, name: r.name ?? r.url })),
          published: when(cve.publishedDate),
          updated: when(cve.lastModifiedDate),
          vector: cve.impact?.cvssV3?.vectorString,
        });
      }
    }
  }
}

function finish(
  base: Pick<Inventory, 'org' | 'subject' | 'polyglotScan' | 'skipped'>,
  scans: ScanRef[],
  packages: Packages,
  vulns: SbomVulnerability[],
  advisories: Map<string, Advisory>,
): Inventory {
  for (const p of packages.byPurl.values()) {
    p.apps.sort(byText);
    p.licenses.sort(byText);
  }
  const sortedScans = [...scans].sort((a, b) => byText(a.app, b.app));
  return {
    ...base,
    scans: sortedScans,
    time: sortedScans.reduce(
      (t, s) => (s.time > t ? s.time : t),
      sortedScans[0]?.time ?? new Date(0).toISOString(),
    ),
    packages: [...packages.byPurl.values()].sort((a, b) => byText(a.purl, b.purl)),
    vulnerabilities: mergeFindings(vulns).sort(
      (a, b) =>
        byText(a.advisory, b.advisory) ||
        byText(a.purl, b.purl) ||
        byText(a.app, b.app) ||
        Number(a.finding) - Number(b.finding) ||
        byText(a.finding, b.finding),
    ),
    advisories,
  };
}

export async function collectApp(c: Collector, org: string, app: string, sel: Selection): Promise<Inventory> {
  const packages = new Packages();
  const notes: Notes = { unattributed: 0, badTags: [] };
  const { scan, vulnerabilities: vulns } = await readApp(c, app, sel, packages, notes);
  sayNotes(c, notes);
  const advisories = new Map<string, Advisory>();
  await lookUp(c, packages, advisories);
  return finish(
    { org, subject: { kind: 'app', name: app }, skipped: [] },
    [scan],
    packages,
    vulns,
    advisories,
  );
}

export async function collectCompound(
  c: Collector,
  org: string,
  compound: string,
  sel: Selection,
): Promise<Inventory> {
  const packages = new Packages();
  const first = await readPackages(
    `compound ${compound}`,
    (page, pin) =>
      c.client.call('ReadCompoundSCAPackages', {
        path: { compoundName: compound },
        query: {
          ...(pin
            ? { polyglot_scan: String(pin.polyglot_scan_id) }
            : { polyglot_scan: sel.scan, scan_branch: sel.branch }),
          per_page: perPage,
          page,
          sort: 'url',
        },
      }),
    (a, b) => String(a.polyglot_scan_id) === String(b.polyglot_scan_id),
    (row) => packages.add(row, undefined, `compound ${compound}`),
  );
  if (first.polyglot_scan_id === undefined) {
    throw new UnexpectedResponseError(`compound ${compound}: the packages listing names no compound scan`);
  }
  const polyglot = String(first.polyglot_scan_id);
  const compoundScan = await c.client.call('ReadCompoundScan', {
    path: { compoundName: compound, scanID: polyglot },
  });
  const byApp = new Map<string, string>();
  const scans = compoundScan.scans.map((s) => {
    if (!s.app) throw new UnexpectedResponseError(`compound ${compound}: scan ${s.id} names no app`);
    const twice = byApp.get(s.app);
    if (twice !== undefined) {
      throw new UnexpectedResponseError(
        `compound ${compound}: compound scan ${polyglot} names app ${s.app} twice (scans ${twice} and ${s.id})`,
      );
    }
    byApp.set(s.app, s.id);
    return scanRef(s, s.app);
  });
  const findings: Finding[] = [];
  for await (const page of c.client.pages('ListCompoundFindings', {
    path: { compoundName: compound },
    query: { polyglot_scan: polyglot, finding_type: [...dependencyTypes], per_page: 250 },
  })) {
    findings.push(...page.findings);
  }
  const notes: Notes = { unattributed: 0, badTags: [] };
  const vulns = await vulnerabilities(c, `compound ${compound}`, findings, packages, notes);
  sayNotes(c, notes);
  const advisories = new Map<string, Advisory>();
  await lookUp(c, packages, advisories);
  return finish(
    {
      org,
      subject: { kind: 'compound', name: compound, id: first.compound_id },
      polyglotScan: polyglot,
      skipped: [],
    },
    scans,
    packages,
    vulns,
    advisories,
  );
}

/**
 * Every app of the organization, a few at a time (the client's scheduler): each app's rows are merged as
 * it is read and its answers dropped, so memory grows with the distinct packages, not with the apps. An app
 * with no scan to read is left out and named (a warning, and the document's metadata).
 */
export async function collectOrganization(
  c: Collector,
  org: string,
  sel: Selection,
  scheduler: Pick<Scheduler, 'map'>,
): Promise<Inventory> {
  const apps = await c.client.call('ListApps');
  const ids = new Set<string>();
  for (const app of apps) {
    if (ids.has(app.id)) throw new UnexpectedResponseError(`the apps listing names app ${app.id} twice`);
    ids.add(app.id);
  }
  const packages = new Packages();
  const notes: Notes = { unattributed: 0, badTags: [] };
  const scans: ScanRef[] = [];
  const vulns: SbomVulnerability[] = [];
  const skipped: { app: string; reason: string }[] = [];
  const queue = [...apps].sort((a, b) => byText(a.id, b.id));
  // Each app is an item of the scheduler's progress.
  await scheduler.map(queue, async (app) => {
    try {
      const got = await readApp(c, app.id, sel, packages, notes, app.name);
      scans.push(got.scan);
      vulns.push(...got.vulnerabilities);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      skipped.push({ app: app.id, reason: error.message });
    }
  });
  sayNotes(c, notes);
  skipped.sort((a, b) => byText(a.app, b.app));
  if (skipped.length) {
    c.warn(
      `${skipped.length} app(s) have no ${sel.branch ? `scan of branch ${sel.branch}` : 'completed scan'} to read, left out: ${skipped
        .slice(0, 5)
        .map((s) => s.app)
        .join(', ')}${skipped.length > 5 ? ', ...' : ''}`,
    );
  }
  if (!scans.length)
    throw notFoundError('no app of the organization has a scan to read', 'see `secscan apps list`');
  const advisories = new Map<string, Advisory>();
  await lookUp(c, packages, advisories);
  return finish(
    { org, subject: { kind: 'organization', name: org }, skipped },
    scans,
    packages,
    vulns,
    advisories,
  );
}
