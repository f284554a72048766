import { accessSync, chmodSync, constants, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { execa } from 'execa';
import { expect } from 'vitest';

/** The validator ships inside a registry package; its executable bit comes from a postinstall script npm may skip. */
function validatorPath(): string {
  const path = createRequire(import.meta.url)('@microsoft/sarif-multitool') as string;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
  return path;
}

/** Runs Microsoft's SARIF validator with GitHub's rules on a file; its errors and warnings, as lines. */
export async function validateSarif(file: string): Promise<string[]> {
  const report = `${file}.validation.sarif`;
  const result = await execa(
    validatorPath(),
    ['validate', file, '--rule-kind', 'Gh;Sarif', '-o', report, '--log', 'ForceOverwrite'],
    {
      env: { DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
      reject: false,
      timeout: 120_000,
    },
  );
  expect(result.exitCode, result.stdout + result.stderr).toBe(0);
  const validation = JSON.parse(readFileSync(report, 'utf8'));
  return validation.runs[0].results
    .filter((r: { level?: string }) => r.level === undefined || r.level === 'error' || r.level === 'warning')
    .map(
      (r: { ruleId: string; message: unknown; locations?: unknown }) =>
        `${r.ruleId}: ${JSON.stringify(r.message)} ${JSON.stringify(r.locations)}`,
    );
}
