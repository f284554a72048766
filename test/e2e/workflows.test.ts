import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root, validateAction } from './ci/setup.js';

/**
 * The repository's own workflows (.github/workflows): CI on every push and pull request, the release on a
 * v* tag. Both pass action-validator (the npm package @action-validator/cli), and say what the release needs.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-workflows-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const read = (name: string) => readFileSync(join(root, '.github/workflows', name), 'utf8');

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    {
      permissions?: Record<string, string>;
      steps: { uses?: string; run?: string; with?: Record<string, string> }[];
    }
  >;
}

describe('.github/workflows', () => {
  it('ci.yml runs `npm ci && npm test` on pushes and pull requests, and passes action-validator', () => {
    expect(validateAction(join(root, '.github/workflows/ci.yml'))).toEqual({ code: 0, output: '' });
    const ci = parse(read('ci.yml')) as Workflow;
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.jobs.test?.steps.map((s) => s.run ?? s.uses).at(-1)).toContain("'npm ci && npm test'");
  });

  it('release.yml: on a v* tag, the tests, npm run release, the attestations and the release; it passes action-validator', () => {
    const text = read('release.yml');
    const release = parse(text) as Workflow;
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    const job = release.jobs.release;
    const steps = job?.steps.map((s) => s.run ?? s.uses ?? '') ?? [];
    const at = (part: string) => steps.findIndex((s) => s.includes(part));
    expect(at('npm test')).toBeGreaterThan(-1);
    expect(at('npm run release -- --tag "$GITHUB_REF_NAME"')).toBeGreaterThan(at('npm test'));
    expect(at('actions/attest-build-provenance@')).toBeGreaterThan(at('npm run release'));
    expect(at('gh release create')).toBeGreaterThan(at('actions/attest-build-provenance@'));
    expect(steps[at('gh release create')]).toContain('--notes-file release/notes.md');
    expect(job?.permissions).toEqual({ contents: 'write', 'id-token': 'write', attestations: 'write' });
    // action-validator 0.6.0 (the latest) predates the `attestations` permission, which the attestation
    // action needs: the workflow is checked without that one line, and with it refused for that alone.
    const without = join(temp, 'release.yml');
    writeFileSync(without, text.replace(/^ +attestations: write\n/m, ''));
    expect(validateAction(without)).toEqual({ code: 0, output: '' });
    const refused = validateAction(join(root, '.github/workflows/release.yml'));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Additional property 'attestations' is not allowed");
    expect(refused.output.match(/"detail": "Additional property '[^']+' is not allowed"/g)?.sort()).toEqual([
      `"detail": "Additional property 'attestations' is not allowed"`,
      `"detail": "Additional property 'attestations' is not allowed"`,
      `"detail": "Additional property 'runs-on' is not allowed"`,
      `"detail": "Additional property 'steps' is not allowed"`,
      `"detail": "Additional property 'timeout-minutes' is not allowed"`,
    ]);
  });
});
