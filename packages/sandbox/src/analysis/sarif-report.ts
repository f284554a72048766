import { findingLocation } from '@secscan/api/location';
import { analyserName, type FindingRecord } from '../model/analysis.js';

const levels: Record<string, string> = { critical: 'error', high: 'error', medium: 'warning', low: 'note' };

/** The service's own SARIF 2.1.0 report of a compound scan (DownloadSarifReport). */
export function compoundSarif(compound: string, polyglotScanId: number, findings: readonly FindingRecord[]) {
  const rules = new Map<string, FindingRecord>();
  for (const f of findings) if (!rules.has(f.category)) rules.set(f.category, f);
  const ruleIds = [...rules.keys()];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: analyserName,
            rules: ruleIds.map((id) => {
              const f = rules.get(id) as FindingRecord;
              return {
                id,
                name: id.replace(/[^A-Za-z0-9]+/g, ''),
                shortDescription: { text: id },
                properties: { tags: [`CWE-${f.cwe}`, f.owasp_category] },
              };
            }),
          },
        },
        automationDetails: { id: `${compound}/${polyglotScanId}` },
        results: findings.map((f) => ({
          ruleId: f.category,
          ruleIndex: ruleIds.indexOf(f.category),
          level: levels[f.severity] ?? 'warning',
          message: { text: f.title },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: findingLocation(f)?.file ?? 'unknown' },
                region: { startLine: findingLocation(f)?.line ?? 1 },
              },
            },
          ],
          partialFingerprints: { internalId: f.internal_id },
          properties: { app: f.app, findingId: f.id, severity: f.severity },
        })),
      },
    ],
  };
}
