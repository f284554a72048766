import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';

/**
 * cdxgen (`@cyclonedx/cdxgen`, a development dependency with no install script) as a consumer of a
 * CycloneDX document: `cdx-validate --strict` (its JSON schema, then its deep checks of the metadata, the
 * purls, the dependency graph's refs, the properties) and `cdx-convert`, its conversion to SPDX 3.0.1,
 * which validates what it writes. cdx-validate's compliance scorecards (signatures, supplier, hashes the
 * service does not give) are not validity: its exit 3 for them is read from its report, whose schemaValid and
 * deepValid must both hold; exit 2 (the schema) or any other code fails.
 */

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../tools/node_modules/@cyclonedx/cdxgen/bin/', import.meta.url));

export interface CdxgenVerdict {
  schemaValid: boolean;
  deepValid: boolean;
  /** What the validators printed (their errors), and the SPDX 3.0.1 document the conversion wrote. */
  output: string;
  spdx: Record<string, unknown> | undefined;
}

async function node(script: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(bin, script), ...args], {
      env: { ...process.env, CDXGEN_DEBUG_MODE: '', FETCH_LICENSE: 'false', CDXGEN_NO_BANNER: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** cdx-validate --strict and cdx-convert on the document `text`. */
export async function cdxgen(text: string): Promise<CdxgenVerdict> {
  const dir = mkdtempSync(join(tmpdir(), 'secscan-cdxgen-'));
  try {
    const input = join(dir, 'bom.json');
    writeFileSync(input, text);
    const report = join(dir, 'report.json');
    const validated = await node('validate.js', ['--strict', '-i', input, '-r', 'json', '-o', report]);
    expect([0, 3], validated.output).toContain(validated.code);
    const summary = (JSON.parse(readFileSync(report, 'utf8')) as { summary: Record<string, boolean> })
      .summary;
    const out = join(dir, 'bom.spdx.json');
    const converted = await node('convert.js', ['-i', input, '-o', out]);
    return {
      schemaValid: summary.schemaValid === true,
      deepValid: summary.deepValid === true,
      output: `${validated.output}${converted.output}`,
      spdx:
        converted.code === 0 ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : undefined,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Both accept the document: valid to the schema and the deep checks, converted to a valid SPDX 3.0.1 (for
 * CycloneDX 1.6: cdx-convert takes 1.6 and 1.7 only, and says so of a 1.5 document).
 */
export async function expectCdxgenAccepts(text: string): Promise<void> {
  const verdict = await cdxgen(text);
  expect(verdict, verdict.output).toMatchObject({ schemaValid: true, deepValid: true });
  if ((JSON.parse(text) as { specVersion: string }).specVersion === '1.5') {
    expect(verdict.output).toContain("Unsupported CycloneDX specVersion '1.5'");
    return;
  }
  expect(verdict.spdx, verdict.output).toMatchObject({
    '@context': 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld',
  });
}
