import type { CheckBody, CheckRule } from '@secscan/api/schemas/scans';
import type { ApiClient } from '../api/client.js';
import { readingRules } from '../errors.js';

/** The rules a gate checks (from a rules file or a stored policy), and how reports name them. */
export interface LoadedRules {
  rules: CheckRule[];
  label: string;
  /** The baseline the file names (an `sl` file's `source:`), used when no flag names one. */
  source?: CheckBody['source'];
}

/**
 * A rules file's text read (YAML or JSON, secscan's or sl's): a short plain file without the YAML parser,
 * any other, and every problem, by the full reader (a problem is exit 3 at its line). Its warnings go to
 * `warn`.
 */
export async function readRules(
  text: string,
  label: string,
  json: boolean,
  warn: (line: string) => void,
): Promise<LoadedRules> {
  const { readSimpleRulesFile } = await import('@secscan/api/rules/own-rules');
  const full = async () => {
    const { readRulesFile } = await import('@secscan/api/rules/rules-file');
    return readingRules(() => readRulesFile(text, label, json));
  };
  const file = readSimpleRulesFile(text, json) ?? (await full());
  for (const warning of file.warnings) warn(warning);
  return { rules: file.rules, label, ...(file.source ? { source: file.source } : {}) };
}

/** The rules of a stored check-analysis policy (`NAME` or `NAME:TAG`), resolved by the service. */
export async function policyRules(
  client: ApiClient,
  reference: string,
  warn: (line: string) => void,
): Promise<LoadedRules> {
  const text = await client.call('ResolveCheckAnalysisConfiguration', { path: { reference } });
  return readRules(text, `policy ${reference}`, false, warn);
}
