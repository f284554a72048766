import type { Prng } from '../random.js';
import type { AnalysisSection } from '../model/analysis.js';
import type {
  AnalyzeFailureRecord,
  AppGroupRecord,
  CheckPolicyRecord,
  ConfigurationSection,
} from '../model/projects.js';

const lenientPolicy = `# The organization's merge gate, first version: only critical findings block.
rules:
  - id: no-critical
    tags:
      severity: [critical]
    threshold: 0
`;

const strictPolicy = `# The organization's merge gate: no critical findings, few high ones, no secrets.
rules:
  - id: no-critical
    tags:
      severity: [critical]
    threshold: 0
  - id: few-high
    tags:
      severity: [high]
    threshold: 3
  - id: no-secrets
    tags:
      type: [secret]
    threshold: 0
`;

const releasePolicy = `# Release gate: dependency findings only.
rules:
  - id: no-critical-dependencies
    tags:
      type: [oss_vuln]
      severity: [critical, high]
    threshold: 1
    num_findings: 10
`;

export function seedPolicies(): CheckPolicyRecord[] {
  return [
    {
      name: 'default',
      versions: [
        { tag: '1', content: lenientPolicy },
        { tag: '2', content: strictPolicy },
      ],
    },
    { name: 'release', versions: [{ tag: '1', content: releasePolicy }] },
  ];
}

export function seedConfiguration(teamIds: readonly string[]): ConfigurationSection {
  const teams: ConfigurationSection['teams'] = {};
  if (teamIds[0]) teams[teamIds[0]] = { secrets: { entropy: 4.2 } };
  return {
    org: { secrets: { entropy: 3.5, disable: false } },
    teams,
    apps: {
      'payments-api': { secrets: { disable: false }, cpg2sp: { 'max-steps': 200_000 } },
      'docs-site': { secrets: { disable: true } },
    },
  };
}

export function seedAppGroups(): AppGroupRecord[] {
  return [
    { name: 'payments', app_ids: ['payments-api', 'ledger-service'] },
    { name: 'frontend', app_ids: ['web-frontend'] },
  ];
}

interface FailureInput {
  app: string;
  compoundId?: string | undefined;
  polyglotScanId?: number | undefined;
  at: string;
}

/** One failure per failed scan (SCA timed out), and one upload in which no language was found. */
export function seedAnalyzeFailures(rng: Prng, analysis: AnalysisSection): AnalyzeFailureRecord[] {
  const inputs: FailureInput[] = analysis.scans
    .filter((scan) => scan.status === 'failed')
    .map((scan) => ({
      app: scan.app,
      compoundId: analysis.compounds.find((c) => c.app_ids.includes(scan.app))?.id,
      polyglotScanId: scan.polyglot_scan_id,
      at: scan.started_at,
    }));
  inputs.push({ app: 'docs-site', at: '2026-09-02T10:00:00.000Z' });
  const kinds = [
    {
      domain: 'sca',
      category: 'sca_analysis',
      code: 'SCA_RESOLUTION_TIMEOUT',
      affects: 'sca' as const,
      message: 'dependency resolution timed out after 600 s',
      is_partial: true,
    },
    {
      domain: 'sl',
      category: 'language_detection',
      code: 'NO_SUPPORTED_LANGUAGE',
      affects: 'all' as const,
      message: 'no supported language found in the uploaded archive',
      is_partial: false,
    },
  ];
  return inputs.map((input, i) => {
    const kind = kinds[i % kinds.length] as (typeof kinds)[number];
    return {
      id: rng.uuid(),
      app_name: input.app,
      ...(input.compoundId ? { compound_id: input.compoundId } : {}),
      ...(input.polyglotScanId ? { polyglot_scan_id: input.polyglotScanId } : {}),
      ...kind,
      details: { sl_version: '0.9.2104', os: 'linux', arch: 'amd64' },
      created_at: input.at,
    };
  });
}
