import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePurl } from '../src/analysis/packages.js';
import { packageName } from '../src/analysis/catalog.js';
import { seedState } from '../src/seed/index.js';
import { referenceDay } from '../src/seed/clock.js';
import { startSandbox } from '../src/start.js';
import { call, useSandbox } from './harness.js';

const day = 86_400_000;
const week = 7 * day;

describe('sandbox: the data as the service has it (issue 32)', () => {
  const sandbox = useSandbox();

  it('`search` matches tag values too, every text required, case folded: log4j and cve give the log4j findings', async () => {
    const res = await call(sandbox(), 'ListOrgFindings', { query: 'search=LOG4J&search=cve&per_page=249' });
    expect(res.status).toBe(200);
    const found = res.json.response.findings as { id: string; app: string; type: string; title: string }[];
    const state = sandbox().state;
    const log4j = state.analysis.findings.filter(
      (f) => f.status === 'unset' && f.dependency?.purl.includes('/log4j-core@'),
    );
    expect(log4j.length).toBeGreaterThan(1);
    expect(found.map((f) => f.id).sort()).toEqual(log4j.map((f) => f.id).sort());
    expect(new Set(found.map((f) => f.app))).toEqual(new Set(['shiftleft-java-demo', 'ledger-service']));
    // A tag value alone: `location` (the manifest and its line) is in neither title nor description.
    const first = log4j.find((f) => f.app === 'shiftleft-java-demo');
    const location = first?.tags.find((t) => t.key === 'location')?.value as string;
    const byTag = await call(sandbox(), 'ListOrgFindings', {
      query: `search=${encodeURIComponent(location)}`,
    });
    expect(byTag.json.response.findings.map((f: { id: string }) => f.id)).toContain(first?.id);
    // A key alone matches nothing.
    const key = await call(sandbox(), 'ListOrgFindings', { query: 'search=oss_internal_id' });
    expect(key.json.response.findings).toEqual([]);
    // finding_search, the compound listing's: the title and the description only.
    const compound = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'java-demo' },
      query: `finding_search=${encodeURIComponent(location)}`,
    });
    expect(compound.status).toBe(200);
    expect(compound.json.response.findings ?? []).toEqual([]);
    const searched = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'java-demo' },
      query: `search=${encodeURIComponent(location)}`,
    });
    expect(searched.json.response.findings.map((f: { id: string }) => f.id)).toContain(first?.id);
  });

  it('the dependency search takes every `search` and matches tag values', async () => {
    const one = await call(sandbox(), 'SearchDependency', { query: 'search=log4j' });
    const both = await call(sandbox(), 'SearchDependency', { query: 'search=log4j&search=apache-2.0' });
    const none = await call(sandbox(), 'SearchDependency', { query: 'search=log4j&search=lodash' });
    expect(one.json.response.length).toBeGreaterThan(0);
    expect(both.json.response).toEqual(one.json.response);
    expect(none.json.response).toEqual([]);
  });

  it('names the package, its own version and the advisory in every dependency finding; one title per package and advisory', () => {
    const titles = new Map<string, string>();
    const deps = sandbox().state.analysis.findings.filter((f) => f.dependency);
    expect(deps.length).toBeGreaterThan(20);
    for (const f of deps) {
      const purl = parsePurl(f.dependency?.purl ?? '');
      expect(purl, f.id).toBeDefined();
      const name = packageName(
        `pkg:${purl?.type}/${purl?.namespace ? `${purl.namespace}/` : ''}${purl?.name}`,
      );
      expect(f.title, f.id).toContain(`${name} ${purl?.version}`);
      expect(f.description, f.id).toContain(f.dependency?.purl);
      if (f.dependency?.cve) {
        expect(f.title, f.id).toContain(f.dependency.cve);
        expect(f.description, f.id).toContain(f.dependency.cve);
      }
      const key = `${f.dependency?.purl} ${f.dependency?.cve ?? ''}`;
      expect(titles.get(key) ?? f.title, key).toBe(f.title);
      titles.set(key, f.title);
    }
    const java = deps.find((f) => f.dependency?.purl.includes('log4j-core'));
    expect(java?.title).toBe(
      'Remote code execution in org.apache.logging.log4j:log4j-core 2.14.1 (CVE-2021-44228)',
    );
    // Each package at one of its own versions: never another package's.
    expect(deps.some((f) => f.dependency?.purl === 'pkg:pypi/requests@4.17.20')).toBe(false);
  });

  it('has half a year of weekly default-branch scans per app, never two weeks in a row without one', () => {
    const state = sandbox().state;
    for (const app of state.apps) {
      const times = state.analysis.scans
        .filter((s) => s.app === app.id && s.is_default_branch && s.status === 'completed')
        .map((s) => Date.parse(s.started_at))
        .sort((a, b) => a - b);
      expect(times.length, app.id).toBeGreaterThanOrEqual(24);
      expect((times.at(-1) as number) - (times[0] as number), app.id).toBeGreaterThan(25 * week);
      for (let i = 1; i < times.length; i++) {
        expect((times[i] as number) - (times[i - 1] as number), app.id).toBeLessThan(3 * week);
      }
    }
    // Findings fixed, some after their SLA (critical: 7 days), a few back after a fix.
    const fixed = state.analysis.findings.filter((f) => f.status === 'fixed');
    expect(fixed.length).toBeGreaterThan(50);
  });
});

describe('sandbox: seeded dates relative to the day it starts', () => {
  it('moves every seeded scan, finding and backup by whole days, the same data otherwise', () => {
    const then = seedState(1, { now: referenceDay + 5 * 3_600_000 });
    const later = seedState(1, { now: referenceDay + 69 * day + 10 * 3_600_000 });
    expect(later.seededDay).toBe('2026-11-28');
    expect(later.analysis.findings.map((f) => f.id)).toEqual(then.analysis.findings.map((f) => f.id));
    later.analysis.scans.forEach((s, i) => {
      expect(Date.parse(s.started_at) - Date.parse(then.analysis.scans[i]?.started_at as string)).toBe(
        69 * day,
      );
    });
    expect(
      Date.parse(later.backups[0]?.created_at as string) - Date.parse(then.backups[0]?.created_at as string),
    ).toBe(69 * day);
    // The newest scan the day before.
    const newest = later.analysis.scans
      .map((s) => s.started_at)
      .sort()
      .at(-1) as string;
    expect(newest.slice(0, 10)).toBe('2026-11-27');
  });

  it('defaults to today, takes --now or $SECSCAN_SANDBOX_NOW, and refuses a date it cannot read naming where it came from', async () => {
    const today = await startSandbox({ port: 0, env: {} });
    try {
      expect(today.state.seededDay).toBe(new Date().toISOString().slice(0, 10));
    } finally {
      await today.close();
    }
    const given = await startSandbox({ port: 0, now: '2027-01-15T08:00:00+01:00', env: {} });
    try {
      expect(given.state.seededDay).toBe('2027-01-15');
    } finally {
      await given.close();
    }
    await expect(startSandbox({ port: 0, now: '2026-02-30' })).rejects.toThrow(
      'invalid value for --now: "2026-02-30" (expected a date from 2000 to 2099, e.g. 2026-11-28 or 2026-11-28T09:00:00Z)',
    );
    await expect(startSandbox({ port: 0, env: { SECSCAN_SANDBOX_NOW: 'yesterday' } })).rejects.toThrow(
      'invalid value for SECSCAN_SANDBOX_NOW: "yesterday"',
    );
  });

  it('keeps the day a state file was seeded for when it is loaded on another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-history-'));
    try {
      const path = join(dir, 'state.json');
      const first = await startSandbox({ port: 0, state: path, now: '2026-10-01' });
      const scans = first.state.analysis.scans.map((s) => s.started_at);
      await first.close();
      expect(JSON.parse(readFileSync(path, 'utf8')).seededDay).toBe('2026-10-01');
      const again = await startSandbox({ port: 0, state: path, now: '2026-12-01', apps: 1 });
      try {
        expect(again.state.analysis.scans.slice(0, scans.length).map((s) => s.started_at)).toEqual(scans);
        // Generated apps move with the state's day, not the day it was loaded on.
        const svc = again.state.analysis.scans.filter((s) => s.app === 'svc-0001').map((s) => s.started_at);
        expect(['2026-09-10', '2026-09-11']).toContain(svc.sort().at(-1)?.slice(0, 10));
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
