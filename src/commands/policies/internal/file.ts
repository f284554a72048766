import type { Context } from '../../../context.js';
import { readingRules } from '../../../errors.js';
import { arg } from '../../define.js';
import { pattern } from '../../parsers.js';
import { fileLabel, readTextFile } from '../../shared/config-file.js';

const word = '[\\w.-]+';
export const namePattern = pattern(new RegExp(`^${word}$`), 'letters, digits, _ . -');

/** NAME (the latest version) or NAME:TAG, as `scans check --policy` takes it. */
export const referenceArg = arg('reference', 'policy name, or NAME:TAG for a tagged version', {
  parser: pattern(new RegExp(`^${word}(:${word})?$`), 'expected NAME or NAME:TAG', 'policy reference'),
  complete: 'policy',
});

export const policyFileArg = arg('file', 'rules file, YAML or JSON (`-` reads standard input)', {
  complete: 'file',
});

/**
 * A local policy file, checked with the checker `scans check --rules` uses (so a policy the gate would
 * refuse is never stored), and the YAML that is sent: the file as is, or JSON turned into YAML.
 */
export async function readPolicyFile(ctx: Context, file: string): Promise<{ label: string; yaml: string }> {
  const text = await readTextFile(ctx, file, 'policy file');
  const label = fileLabel(file);
  const { parseRules } = await import('@secscan/api/rules/rules-file');
  readingRules(() => parseRules(text, label, /\.json$/i.test(file)));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { label, yaml: text };
  }
  const { stringify } = await import('yaml');
  return { label, yaml: stringify(json) };
}
