import type { Prng } from '../random.js';
import { type Advisory, dependencyTitle, type FindingTemplate, packageName, sourceFiles } from './catalog.js';
import type { FindingRecord, FindingStatus, FindingTag, Severity } from '../model/analysis.js';

/** What a new finding needs besides randomness: where it comes from and the scan that first sees it. */
export interface FindingInput {
  id: string;
  app: string;
  language: string;
  template: FindingTemplate;
  /** Overrides the template's severity (`secscan sandbox scan --new critical=1`). */
  severity?: Severity;
  introduced: { id: string; version: string; started_at: string };
  status: FindingStatus;
}

const manifests: Record<string, string> = {
  java: 'pom.xml',
  go: 'go.mod',
  javascript: 'package.json',
  python: 'requirements.txt',
};

function hex(rng: Prng, n: number): string {
  return rng
    .bytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n);
}

const shortName = (method: string) => method.split('.').slice(-1)[0] as string;

function vcsUrl(app: string, commit: string, file: string, line: number): string {
  return `https://git.example.com/demo/${app}/blob/${commit}/${file}#L${line}`;
}

/**
 * A `vuln`'s dataflow from the request to the sink, as DataflowElement steps (the first is the entry point,
 * tagged with its route; the last is the sink).
 */
function dataflow(input: FindingInput, file: string, line: number, rng: Prng): Record<string, unknown> {
  const flow = input.template.flow ?? { source: 'Handler.handle', sink: 'Sink.call' };
  const start = Math.max(1, line - rng.int(6, 30));
  const steps = [
    {
      method: flow.source,
      line: start,
      role: 'source',
      variable: { Parameter: { symbol: 'input', param_index: 1, type: 'string' } },
    },
    {
      method: flow.source,
      line: start + 2,
      role: 'step',
      variable: { Local: { symbol: 'query', type: 'string' } },
    },
    {
      method: flow.sink,
      line,
      role: 'sink',
      variable: { Parameter: { symbol: 'query', param_index: 1, type: 'string' } },
    },
  ];
  return {
    list: steps.map((s) => ({
      location: {
        file_name: file,
        line_number: s.line,
        method_name: s.method,
        short_method_name: shortName(s.method),
        vcs_url: vcsUrl(input.app, input.introduced.version, file, s.line),
      },
      // The entry point names the route the vuln is reachable from, as the service tags it.
      method_tags: [
        { key: 'role', value: s.role },
        ...(s.role === 'source' && flow.route ? [{ key: 'EXPOSED_METHOD_ROUTE', value: flow.route }] : []),
      ],
      variable_info: { Variable: s.variable },
    })),
  };
}

/** The template's package and advisory for the app's language (the first one's for another language). */
function advisoryOf(template: FindingTemplate, language: string): Advisory | undefined {
  const dep = template.dependency;
  return dep ? (dep.packages[language] ?? Object.values(dep.packages)[0]) : undefined;
}

/** The title and description of a dependency finding: package, version and advisory named. */
function dependencyText(template: FindingTemplate, dep: Advisory): { title: string; description: string } {
  const name = `${packageName(dep.purl)} ${dep.version}`;
  const fixed = dep.fixedIn ? ` Fixed in ${dep.fixedIn}.` : '';
  const description = dep.cve
    ? `${name} (${dep.purl}@${dep.version}) is affected by ${dep.cve} (${advisoryId(dep.cve)}, CVSS ${dep.cvss ?? 0}): ${dep.summary ?? template.description}${fixed}`
    : `${name} (${dep.purl}@${dep.version}): ${template.description}`;
  return { title: dependencyTitle(template, dep), description };
}

/** A GitHub-advisory-shaped id for a CVE, the sandbox's `oss_internal_id`. */
export function advisoryId(cve: string): string {
  return `GHSA-${cve.slice(4).replace('-', '-x')}`;
}

/**
 * A finding as the service shapes it: `details` by type and the tags clients count by
 * (`cvss_31_severity_rating`, `owasp_2021_category`, `cwe_category`, ...). `rng` gives file, line and hashes.
 */
export function makeFinding(input: FindingInput, rng: Prng): FindingRecord {
  const { template, language, app } = input;
  const severity = input.severity ?? template.severity;
  const dep = advisoryOf(template, language);
  const purl = dep ? `${dep.purl}@${dep.version}` : undefined;
  const manifest = template.type === 'container' ? 'Dockerfile' : (manifests[language] ?? 'manifest');
  const file = dep ? manifest : rng.pick(sourceFiles[language] ?? sourceFiles.java ?? []);
  const line = dep ? rng.int(5, 80) : rng.int(12, 480);
  const reachable = template.type === 'vuln' || rng.next() < 0.5;
  let details: Record<string, unknown>;
  const placeTags: FindingTag[] = [];
  if (dep && purl) {
    const name = purl.slice(0, purl.lastIndexOf('@')).split('/').pop() as string;
    details = { dependency: { artifact_id: name, version: dep.version } };
    placeTags.push({ key: 'location', value: `${file}#${line}` }, { key: 'package_url', value: purl });
    if (dep.cve) {
      placeTags.push({ key: 'cve', value: dep.cve }, { key: 'cvss_score', value: String(dep.cvss ?? 0) });
      if (template.type === 'oss_vuln')
        placeTags.push({ key: 'oss_internal_id', value: advisoryId(dep.cve) });
    }
  } else if (template.type === 'secret' || template.type === 'extscan') {
    details = { fileName: file, lineNumber: line, repoContext: { commit_id: input.introduced.version } };
  } else if (template.type === 'vuln') {
    const flow = dataflow(input, file, line, rng);
    details = {
      file_locations: [`${file}:${line}`],
      source_method: template.flow?.source ?? '',
      sink_method: template.flow?.sink ?? '',
      dataflow: flow,
    };
  } else {
    details = { file_locations: [`${file}:${line}`] };
  }
  const tags: FindingTag[] = [
    { key: 'category', value: template.category },
    { key: 'cwe_category', value: String(template.cwe) },
    { key: 'cvss_31_severity_rating', value: severity },
    { key: 'language', value: language },
    { key: 'owasp_category', value: template.owasp },
    { key: 'owasp_2021_category', value: template.owasp },
    { key: 'reachability', value: reachable ? 'reachable' : 'unreachable' },
    ...placeTags,
  ];
  const where = dep ? file : `${file} at line ${line}`;
  const text = dep ? dependencyText(template, dep) : template;
  return {
    id: input.id,
    app,
    type: template.type,
    title: text.title,
    description: `${text.description} Seen in ${where}.`,
    severity,
    owasp_category: template.owasp,
    owasp_2017: template.owasp2017,
    category: template.category,
    cwe: template.cwe,
    status: input.status,
    version_first_seen: input.introduced.version,
    scan_first_seen: input.introduced.id,
    internal_id: `${template.key}/${app}/${hex(rng, 8)}`,
    created_at: input.introduced.started_at,
    reachable,
    exploitable: reachable && (severity === 'critical' || severity === 'high'),
    has_ai_fix: template.type === 'vuln' || template.type === 'oss_vuln',
    details,
    tags,
    ...(purl ? { dependency: dependencyOf(purl, dep) } : {}),
    fix: { fix: template.fix, fix_notes: `Suggested for ${template.category} (CWE-${template.cwe}).` },
  };
}

function dependencyOf(purl: string, dep: Advisory | undefined): FindingRecord['dependency'] {
  return {
    purl,
    ...(dep?.cve ? { cve: dep.cve, cvss: dep.cvss ?? 0 } : {}),
    ...(dep?.fixedIn ? { fixed_in: dep.fixedIn } : {}),
  };
}
