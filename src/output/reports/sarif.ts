import type { Finding } from '@secscan/api/schemas/findings';
import { type SarifOptions, writeSarif } from '../sarif.js';
import type { GateReport, NotEvaluated, TopFinding } from './model.js';

/** The check answer carries findings as id, title and tags: enough for the same rules as `findings list`. */
function asFinding(f: TopFinding): Finding {
  const tag = (key: string) => f.tags[key]?.[0];
  const cwe = tag('cwe');
  return {
    id: String(f.id ?? ''),
    app: f.app,
    type: tag('type') ?? 'vuln',
    internal_id: `${f.app}/${f.id ?? ''}`,
    title: f.title,
    severity: f.severity,
    category: tag('category'),
    owasp_category: tag('owasp_category'),
    details: { file_name: tag('file'), line_number: tag('line') },
    tags: cwe ? [{ key: 'cwe_category', value: cwe }] : [],
  };
}

/** SARIF of the findings the rules matched (each finding once). */
export async function sarifReport(
  report: GateReport,
  toolVersion: string,
  automationId?: string,
): Promise<string> {
  const seen = new Map<string, TopFinding>();
  for (const list of Object.values(report.findings)) for (const f of list) seen.set(`${f.app}/${f.id}`, f);
  return sarifText([...seen.values()].map(asFinding), { toolVersion, automationId });
}

/** SARIF of a gate that was not evaluated: no results, an unsuccessful invocation saying why. */
export function sarifNotEvaluated(
  gate: NotEvaluated,
  toolVersion: string,
  automationId?: string,
): Promise<string> {
  return sarifText([], {
    toolVersion,
    automationId,
    failure: `secscan scans check was not evaluated (exit ${gate.exitCode}): ${gate.message}`,
  });
}

async function sarifText(findings: Finding[], options: SarifOptions): Promise<string> {
  const chunks: string[] = [];
  const sink = {
    write: async (chunk: string) => {
      chunks.push(chunk);
    },
  };
  await writeSarif(sink, findings, options);
  return chunks.join('');
}
