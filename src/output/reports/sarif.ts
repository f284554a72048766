import type { Finding } from '@secscan/api/schemas/findings';
import type { SarifOptions } from '../sarif.js';
import { writeSarif } from '../sarif-log.js';
import { asFinding } from '../../gate/findings.js';
import { type GateReport, type NotEvaluated, scopeLine } from '../../gate/report.js';

/**
 * SARIF of the findings the rules matched (each finding once), one run per app of the compound, each with
 * its own category under the gate's. Those the ignore file suppresses are there too, each with its
 * suppression (GitHub closes their alerts as suppressed).
 */
export async function sarifReport(
  report: GateReport,
  toolVersion: string,
  automationId?: string,
  warn?: (message: string) => void,
): Promise<string> {
  const seen = new Map<string, Finding>();
  for (const list of Object.values(report.findings)) {
    for (const f of list) {
      seen.set(`${f.app}/${f.id}`, {
        ...asFinding(f),
        ...(report.suppressions ? { suppressed: false } : {}),
      });
    }
  }
  for (const { finding, by } of report.suppressions?.suppressed ?? []) {
    seen.set(`${finding.app}/${finding.id}`, { ...asFinding(finding), suppression: by });
  }
  const description = scopeLine(report);
  return sarifText([...seen.values()], { toolVersion, automationId, perApp: true, warn, description });
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
