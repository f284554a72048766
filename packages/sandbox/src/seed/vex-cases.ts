import { type FindingTemplate, findingTemplates } from '../analysis/catalog.js';
import { makeFinding } from '../analysis/finding-shape.js';
import { Prng } from '../random.js';
import type { SandboxState } from '../state.js';

/**
 * What a bill of materials must state one analysis for, across apps (issue 41): the container base image's
 * OpenSSL 3.0.7 (CVE-2023-0286), reachable in shiftleft-java-demo (the seeded draw) and here, in the latest
 * scan of docs-site, unreachable: `sbom --all-apps` states it exploitable, naming docs-site's not_affected.
 * (payments-api's latest scan has CVE-2023-39325 on golang.org/x/net 0.7.0 twice, from the draw.) Last,
 * from a stream of its own, with the next finding id: nothing seeded before it changes.
 */
export function seedVexCases(state: SandboxState, seed: number): void {
  const app = 'docs-site';
  const latest = state.analysis.scans
    .filter((s) => s.app === app && s.is_default_branch && s.status === 'completed')
    .sort((a, b) => a.started_at.localeCompare(b.started_at))
    .at(-1);
  if (!latest) return;
  const template = findingTemplates.find((t) => t.key === 'container') as FindingTemplate;
  const finding = makeFinding(
    {
      id: String(state.analysis.next.finding++),
      app,
      language: latest.language,
      template,
      introduced: latest,
      status: 'unset',
    },
    new Prng((seed ^ 0x0286_5eb0) >>> 0),
  );
  finding.reachable = false;
  finding.exploitable = false;
  finding.tags = finding.tags.map((t) => (t.key === 'reachability' ? { ...t, value: 'unreachable' } : t));
  state.analysis.findings.push(finding);
  latest.finding_ids.push(finding.id);
}
