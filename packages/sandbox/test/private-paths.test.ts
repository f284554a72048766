import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useSandbox } from './harness.js';
import type { Sandbox } from '../src/start.js';

/**
 * The paths outside the public document that the vendor's own clients call: the caller, a finding's dataflow
 * in a scan, AutoFix's fixes, and the demo sources their patches apply to.
 */

// Fixes stay pending until completeFixes(): the tests see `pending`, then `ready`, without waiting on a clock.
const sandbox = useSandbox({ autofixDelay: '1h' });
const java = 'shiftleft-java-demo';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('sandbox: the paths outside the public document', () => {
  it('GET /private/me answers as GET /user', async () => {
    const me = await call(sandbox(), 'ReadPrivateUser');
    expect(me.status).toBe(200);
    expect(me.json).toEqual((await call(sandbox(), 'ReadUser')).json);
  });

  function latestScanWithVuln(s: Sandbox) {
    const scan = s.state.analysis.scans.find((x) => x.app === java && x.status === 'completed') as {
      id: string;
      finding_ids: string[];
    };
    const vuln = s.state.analysis.findings.find((f) => f.type === 'vuln' && scan.finding_ids.includes(f.id));
    return { scan, vuln: vuln as NonNullable<typeof vuln> };
  }

  it("a finding's dataflow in a scan, from its details.dataflow; 404 for an unknown finding or scan", async () => {
    const { scan, vuln } = latestScanWithVuln(sandbox());
    const params = { appID: java, findingID: vuln.id, scanID: scan.id };
    const res = await call(sandbox(), 'ReadFindingDataflow', { params });
    expect(res.status).toBe(200);
    const list = (
      vuln.details.dataflow as { list: { location: { file_name: string; line_number: number } }[] }
    ).list;
    expect(res.json.response.dataflow).toEqual(
      list.map((step, i) => ({
        file_name: step.location.file_name,
        line_number: step.location.line_number,
        symbol: i === 0 ? 'input' : 'query',
        role: ['source', 'step', 'sink'][i],
      })),
    );
    for (const wrong of [{ findingID: '999999' }, { scanID: '999999' }, { appID: 'nope' }]) {
      const missing = await call(sandbox(), 'ReadFindingDataflow', { params: { ...params, ...wrong } });
      expect([missing.status, missing.json.code]).toEqual([404, 'NOT_FOUND']);
    }
    const absent = sandbox().state.analysis.findings.find(
      (f) => f.app === java && !scan.finding_ids.includes(f.id),
    );
    const notIn = await call(sandbox(), 'ReadFindingDataflow', {
      params: { ...params, findingID: absent?.id as string },
    });
    expect(notIn.status).toBe(404);
  });

  it('AutoFix: pending, then ready, in the branch listing and the recommended fix; none for a secret', async () => {
    const { vuln } = latestScanWithVuln(sandbox());
    const params = { appID: java, findingID: vuln.id };
    const before = (await call(sandbox(), 'ReadRecommendedFix', { params })).json.response.fix as string;
    const asked = await call(sandbox(), 'RequestFindingFix', { params });
    expect(asked.status).toBe(200);
    const base = sandbox().state.apps.find((a) => a.id === java)?.base_branch as string;
    expect(asked.json.response).toMatchObject({ finding_id: vuln.id, status: 'pending', branch: base });
    expect(asked.json.response.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(asked.json.response.unified_patch).toBeUndefined();
    const branch = { appID: java, branch: base };
    const pending = await call(sandbox(), 'ListBranchFixes', { params: branch });
    expect(pending.json.response.fixes).toEqual([{ ...asked.json.response }]);
    expect((await call(sandbox(), 'ReadRecommendedFix', { params })).json.response.fix).toBe(before);
    expect(sandbox().completeFixes()).toBe(1);
    const ready = await call(sandbox(), 'ListBranchFixes', { params: branch });
    const [fix] = ready.json.response.fixes as { status: string; unified_patch: string }[];
    expect(fix?.status).toBe('ready');
    const sink = vuln.details.file_locations as string[];
    const [file, line] = (sink[0] as string).split(':');
    expect(fix?.unified_patch).toContain(
      `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -`,
    );
    // Asked again: the same fix, ready.
    const again = await call(sandbox(), 'RequestFindingFix', { params });
    expect(again.json.response).toMatchObject({ status: 'ready', unified_patch: fix?.unified_patch });
    const recommended = (await call(sandbox(), 'ReadRecommendedFix', { params })).json.response.fix as string;
    expect(recommended).toContain(before);
    expect(recommended).toMatch(
      new RegExp(`^### .+ from file ${file}, lines ${line} until ${line}\n\n\`\`\`java\n`, 'm'),
    );
    const secret = sandbox().state.analysis.findings.find((f) => f.app === java && f.type === 'secret');
    const refused = await call(sandbox(), 'RequestFindingFix', {
      params: { appID: java, findingID: secret?.id as string },
    });
    expect([refused.status, refused.json.code]).toEqual([422, 'AUTOFIX_UNAVAILABLE']);
    const unknownBranch = await call(sandbox(), 'ListBranchFixes', {
      params: { appID: java, branch: 'nope' },
    });
    expect(unknownBranch.status).toBe(404);
  });

  it('the unified patches apply to the demo sources with git apply, each alone and one after another', async () => {
    const s = sandbox();
    for (const app of [
      'shiftleft-java-demo',
      'payments-api',
      'web-frontend',
      'docs-site',
      'ledger-service',
    ]) {
      const dir = mkdtempSync(join(tmpdir(), 'secscan-sources-'));
      const patchDir = mkdtempSync(join(tmpdir(), 'secscan-patches-'));
      dirs.push(dir, patchDir);
      for (const f of s.sources(app)) {
        mkdirSync(dirname(join(dir, f.path)), { recursive: true });
        writeFileSync(join(dir, f.path), f.content);
      }
      const git = (...args: string[]) =>
        String(
          execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir }),
        );
      git('init', '-q');
      git('add', '.');
      git('commit', '-qm', 'demo sources');
      const fixable = s.state.analysis.findings.filter((f) => f.app === app && f.has_ai_fix);
      const patches: { file: string; type: string; patch: string }[] = [];
      for (const f of fixable) {
        const res = await call(s, 'RequestFindingFix', { params: { appID: app, findingID: f.id } });
        if (res.status === 422) continue;
        expect(res.status, `${app} ${f.id}`).toBe(200);
        s.completeFixes();
        const again = await call(s, 'RequestFindingFix', { params: { appID: app, findingID: f.id } });
        const patch = again.json.response.unified_patch as string;
        patches.push({ file: /^--- a\/(.+)$/m.exec(patch)?.[1] as string, type: f.type, patch });
      }
      expect(patches.filter((p) => p.type === 'vuln').length, app).toBeGreaterThan(2);
      expect(patches.filter((p) => p.type === 'oss_vuln').length, app).toBeGreaterThan(0);
      for (const [i, { patch }] of patches.entries()) {
        writeFileSync(join(patchDir, `${i}.patch`), patch);
        git('apply', '--check', join(patchDir, `${i}.patch`));
      }
      if (app !== java) continue;
      // Fixes of lines far apart apply one after another (git finds each hunk where the others moved it).
      const vulns = patches.filter((p) => p.type === 'vuln');
      for (const { patch } of vulns) {
        writeFileSync(join(patchDir, 'next.patch'), patch);
        git('apply', join(patchDir, 'next.patch'));
      }
      expect(git('diff', '--name-only').trim().split('\n').sort()).toEqual(
        [...new Set(vulns.map((p) => p.file))].sort(),
      );
      const loader = readFileSync(join(dir, 'src/main/java/io/shiftleft/data/DataLoader.java'), 'utf8');
      expect(loader).toContain('PreparedStatement');
    }
  });

  it('the demo sources hold the code each place names; the control route serves them', async () => {
    const s = sandbox();
    const files = s.sources(java);
    const { vuln } = latestScanWithVuln(s);
    const [file, line] = (vuln.details.file_locations as string[])[0]?.split(':') as [string, string];
    const text = files.find((f) => f.path === file)?.content.split('\n');
    expect(text?.[Number(line) - 1]).toMatch(/query/);
    const pom = files.find((f) => f.path === 'pom.xml')?.content ?? '';
    expect(pom).toMatch(
      /^<\?xml[^]*<artifactId>log4j-core<\/artifactId><version>2\.14\.1<\/version>[^]*<\/project>\n$/,
    );
    const res = await fetch(`${s.baseUrl}/_sandbox/sources?app=${java}`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(((await res.json()) as { response: unknown }).response).toEqual({ apps: [{ app: java, files }] });
    const unknown = await fetch(`${s.baseUrl}/_sandbox/sources?app=nope`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(unknown.status).toBe(404);
    const everyApp = await fetch(`${s.baseUrl}/_sandbox/sources`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    const apps = ((await everyApp.json()) as { response: { apps: { app: string }[] } }).response.apps;
    expect(apps.map((a) => a.app).sort()).toEqual([
      'docs-site',
      'ledger-service',
      'payments-api',
      'shiftleft-java-demo',
      'web-frontend',
    ]);
  });
});
