import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a build script, in JavaScript
import { executables } from '../../scripts/release/runtimes.mjs';
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

  it('release.yml: on a v* tag, the tests and npm run release, each executable smoke-tested on its OS, then the attestations and the release', () => {
    const text = read('release.yml');
    const release = parse(text) as Workflow;
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    const stepsOf = (name: string) => release.jobs[name]?.steps.map((s) => s.run ?? s.uses ?? '') ?? [];
    const build = stepsOf('build');
    const at = (steps: string[], part: string) => steps.findIndex((s) => s.includes(part));
    expect(at(build, 'npm test')).toBeGreaterThan(-1);
    expect(at(build, 'npm run release -- --tag "$GITHUB_REF_NAME"')).toBeGreaterThan(at(build, 'npm test'));
    expect(at(build, 'actions/upload-artifact@')).toBeGreaterThan(at(build, 'npm run release'));
    // One smoke job per executable the release makes, on a runner of its OS and CPU.
    const smoke = release.jobs.smoke as unknown as {
      needs: string;
      strategy: { matrix: { include: { runner: string; executable: string }[] } };
      steps: { run?: string }[];
    };
    expect(smoke.needs).toBe('build');
    expect(smoke.strategy.matrix.include.map((m) => m.executable).sort()).toEqual(
      (executables as { file: string }[]).map((e) => e.file).sort(),
    );
    expect(smoke.strategy.matrix.include.map((m) => m.runner).sort()).toEqual([
      'macos-13',
      'ubuntu-24.04',
      'ubuntu-24.04-arm',
      'windows-2022',
    ]);
    expect(smoke.steps.at(-1)?.run).toBe('bash scripts/release/smoke.sh release "${{ matrix.executable }}"');
    const publish = release.jobs.publish as unknown as {
      needs: string;
      steps: { uses?: string; with?: Record<string, string>; run?: string }[];
    };
    expect(publish.needs).toBe('smoke');
    const attest = publish.steps.filter((s) => s.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest.map((s) => s.with)).toEqual([
      { 'subject-checksums': 'release/SHA256SUMS' },
      { 'subject-path': 'release/SHA256SUMS' },
      // The image's two tags on GHCR, by the digests skopeo pushed.
      ...['digest', 'busybox'].map((output) => ({
        'subject-name': '${{ steps.image.outputs.name }}',
        'subject-digest': `\${{ steps.image.outputs.${output} }}`,
        'push-to-registry': true,
      })),
    ]);
    const push = publish.steps.find((s) => s.run?.includes('skopeo copy'))?.run ?? '';
    expect(push).toContain('skopeo copy --all --preserve-digests --digestfile "digest-$tag"');
    expect(push).toContain('"oci-archive:release/secscan-$version.oci.tar:$tag" "docker://$name:$tag"');
    expect(push).toContain('for tag in "$version" "$version-busybox"; do');
    expect(at(stepsOf('publish'), 'skopeo copy')).toBeLessThan(at(stepsOf('publish'), 'gh release create'));
    // The build and the tests in Debian 12, as root, privileged (mount namespaces, podman).
    expect((release.jobs.build as unknown as { container: object }).container).toEqual({
      image: 'debian:12',
      options: '--privileged',
    });
    const create = stepsOf('publish');
    expect(at(create, 'gh release create')).toBeGreaterThan(at(create, 'actions/attest-build-provenance@'));
    expect(create[at(create, 'gh release create')]).toContain('--notes-file release/notes.md');
    expect(create[at(create, 'gh release create')]).toContain(
      '$(awk \'{ print "release/" $2 }\' release/SHA256SUMS)',
    );
    expect(release.jobs.publish?.permissions).toEqual({
      contents: 'write',
      'id-token': 'write',
      attestations: 'write',
      packages: 'write',
    });
    expect(release.jobs.build?.permissions).toBeUndefined();
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
