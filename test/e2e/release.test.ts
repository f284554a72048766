import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { releaseNotes, sbom as releaseSbom } from '../../scripts/release.mjs';
import { expectCdxgenAccepts } from '../helpers/cdxgen.js';
import { type Release, release, root } from '../helpers/release.js';

/**
 * `npm run release` (here with --no-build, of the build the suite runs after): every file a release
 * attaches, summed in SHA256SUMS, the tarballs installed as a team installs them (with the registry
 * unreachable and an empty npm cache), the bill of materials checked by the CycloneDX library's own
 * validator, the notes taken from CHANGELOG.md. test/e2e/sea.test.ts runs the executable with no Node.js.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-release-'));
let rel: Release;

beforeAll(() => {
  rel = release();
}, 300_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** npm with no registry to reach (a closed port) and an empty cache: what it installs comes from the file. */
function npmOffline(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: join(temp, 'home'),
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_cache: join(temp, 'empty-cache'),
      npm_config_update_notifier: 'false',
    },
  });
}

describe('npm run release', () => {
  it('makes the tarballs, the executable, install.sh, the SBOM and the licences, all in SHA256SUMS', () => {
    const v = rel.version;
    const attached = [
      'SHA256SUMS',
      'THIRD-PARTY-LICENSES.md',
      'install.sh',
      `secscan-${v}.cdx.json`,
      `secscan-${v}.tgz`,
      'secscan-linux-x64',
      `secscan-sandbox-${v}.tgz`,
    ];
    expect(readdirSync(rel.dir).sort()).toEqual([...attached, 'notes.md'].sort());
    expect(Object.keys(rel.sums).sort()).toEqual(attached.filter((f) => f !== 'SHA256SUMS').sort());
    for (const [file, sum] of Object.entries(rel.sums)) {
      expect(
        createHash('sha256')
          .update(readFileSync(join(rel.dir, file)))
          .digest('hex'),
        file,
      ).toBe(sum);
    }
    // The format sha256sum -c reads.
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: rel.dir, encoding: 'utf8' })).toContain(
      'secscan-linux-x64: OK',
    );
    expect(statSync(rel.binary).mode & 0o111).not.toBe(0);
    const licences = readFileSync(join(rel.dir, 'THIRD-PARTY-LICENSES.md'), 'utf8');
    expect(licences).toMatch(new RegExp(`^## Node\\.js ${process.version} `, 'm'));
    expect(licences).toMatch(/^## undici \S+ \(MIT\)/m);
  });

  it('installs secscan-X.Y.Z.tgz with npm install -g into an empty prefix, with no registry', () => {
    const prefix = join(temp, 'prefix');
    npmOffline(['install', '--global', '--prefix', prefix, rel.tarball], temp);
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['secscan']);
    const secscan = join(prefix, 'bin', 'secscan');
    expect(execFileSync(secscan, ['--version'], { encoding: 'utf8' })).toBe(`${rel.version}\n`);
    expect(execFileSync(secscan, ['help', 'rules'], { encoding: 'utf8' })).toContain('threshold');
  });

  it('installs secscan-sandbox-X.Y.Z.tgz with npm install --save-dev, with no registry, and it starts', () => {
    const project = join(temp, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
    npmOffline(['install', '--save-dev', rel.sandboxTarball], project);
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.devDependencies)).toEqual(['@secscan/sandbox']);
    const script =
      "import { startSandbox } from '@secscan/sandbox';\n" +
      `const s = await startSandbox({ seed: 1, env: { SECSCAN_STATE_DIR: ${JSON.stringify(join(temp, 'state'))} } });\n` +
      'const r = await fetch(`${s.url}/api/v4/orgs/${s.orgId}/apps`, { headers: { authorization: `Bearer ${s.token}` } });\n' +
      'console.log(r.status, (await r.json()).response.length > 0);\nawait s.stop();\n';
    writeFileSync(join(project, 'start.mjs'), script);
    expect(execFileSync(process.execPath, ['start.mjs'], { cwd: project, encoding: 'utf8' })).toBe(
      '200 true\n',
    );
  });

  it("writes a CycloneDX SBOM the CycloneDX library's validator accepts, of what the bundle carries", async () => {
    const text = readFileSync(join(rel.dir, `secscan-${rel.version}.cdx.json`), 'utf8');
    const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
    expect(await validator.validate(text)).toBeNull();
    const bom = JSON.parse(text);
    expect(bom.metadata.component).toMatchObject({ name: 'secscan', version: rel.version });
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const byName = new Map(bom.components.map((c: { name: string }) => [c.name, c]));
    for (const name of ['commander', 'undici', 'yaml', 'zod']) {
      const locked = lock.packages[`node_modules/${name}`];
      const [, digest] = locked.integrity.split('-');
      expect(byName.get(name), name).toMatchObject({
        version: locked.version,
        purl: `pkg:npm/${name}@${locked.version}`,
        hashes: [{ alg: 'SHA-512', content: Buffer.from(digest, 'base64').toString('hex') }],
      });
    }
    expect(byName.get('Node.js')).toMatchObject({ type: 'platform', version: process.versions.node });
    // Nothing of the development tools: only what the bundle holds.
    for (const name of ['typescript', 'esbuild', 'vitest', 'postject'])
      expect(byName.has(name), name).toBe(false);
    // The validator does refuse a document that breaks the schema.
    bom.components[0].hashes[0].alg = 'SHA512';
    expect(await validator.validate(JSON.stringify(bom))).not.toBeNull();
  });

  it('its graph says what each component depends on (a leaf: none), its time to the second; cdxgen accepts it', async () => {
    const text = readFileSync(join(rel.dir, `secscan-${rel.version}.cdx.json`), 'utf8');
    const bom = JSON.parse(text);
    expect(bom.metadata.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const refs = new Set([
      bom.metadata.component['bom-ref'],
      ...bom.components.map((c: { 'bom-ref': string }) => c['bom-ref']),
    ]);
    expect(bom.dependencies.map((d: { ref: string }) => d.ref).sort()).toEqual([...refs].sort());
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    for (const d of bom.dependencies as { ref: string; dependsOn: string[] }[]) {
      expect(Array.isArray(d.dependsOn), d.ref).toBe(true);
      for (const on of d.dependsOn) expect(refs.has(on), `${d.ref} -> ${on}`).toBe(true);
    }
    // From the lockfile: string-width requires strip-ansi, which requires ansi-regex, a leaf.
    const of = (name: string) =>
      bom.dependencies.find((d: { ref: string }) => d.ref.startsWith(`pkg:npm/${name}@`))
        .dependsOn as string[];
    expect(of('string-width').some((r) => r.startsWith('pkg:npm/strip-ansi@'))).toBe(true);
    expect(of('strip-ansi').some((r) => r.startsWith('pkg:npm/ansi-regex@'))).toBe(true);
    expect(of('ansi-regex')).toEqual([]);
    await expectCdxgenAccepts(text);
    // A time with a fraction is written to the second.
    const metafile = JSON.parse(readFileSync(join(root, 'build/metafile.json'), 'utf8'));
    const again = releaseSbom({
      metafile,
      lock,
      version: rel.version,
      timestamp: '2026-09-01T10:05:00.789Z',
    });
    expect(again.metadata.timestamp).toBe('2026-09-01T10:05:00Z');
  }, 180_000);

  it("takes the notes from CHANGELOG.md's section of the version, and the attached install.sh installs it", () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const notes = readFileSync(join(rel.dir, 'notes.md'), 'utf8');
    expect(notes).toBe(releaseNotes(changelog, rel.version));
    expect(changelog).toContain(`## [${rel.version}] - `);
    expect(notes).not.toContain('## [');
    const sample =
      '# Changelog\n\n## [Unreleased]\n\n## [1.2.0] - 2026-01-02\n\n### Fixed\n\n- a\n\n## [1.1.0] - 2025-12-01\n\n- b\n';
    expect(releaseNotes(sample, '1.2.0')).toBe('### Fixed\n\n- a\n');
    expect(releaseNotes(sample, '1.1.0')).toBe('- b\n');
    expect(releaseNotes(sample, '1.3.0')).toBeUndefined();
    expect(releaseNotes('## [1.3.0] - 2026-01-03\n\n## [1.2.0] - 2026-01-02\n', '1.3.0')).toBeUndefined();
    const installer = readFileSync(join(rel.dir, 'install.sh'), 'utf8');
    expect(installer).toContain(`\nrelease_version='${rel.version}'\n`);
    expect(installer).toContain("\nrelease_repo='secscan-test/secscan'\n");
  });

  it('refuses a tag that is not the version of package.json, before building anything', () => {
    let error: { status: number; stderr: string } | undefined;
    try {
      execFileSync(
        process.execPath,
        [join(root, 'scripts/release.mjs'), '--tag', 'v9.9.9', '--out', join(temp, 'no')],
        {
          cwd: root,
          stdio: 'pipe',
          encoding: 'utf8',
        },
      );
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.status).toBe(1);
    expect(error?.stderr).toBe(
      `release: the tag v9.9.9 is not v${rel.version}, the version in package.json\n`,
    );
  });
});
