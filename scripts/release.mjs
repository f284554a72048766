// `npm run release`: everything a GitHub release of secscan attaches, built into release/ (or --out DIR):
// - secscan-X.Y.Z.tgz: the CLI packed (`npm pack` of the build), installable offline with `npm install -g`;
// - secscan-sandbox-X.Y.Z.tgz: @secscan/sandbox packed, for `npm install --save-dev`;
// - secscan-linux-x64, secscan-linux-arm64, secscan-win-x64.exe, secscan-darwin-x64: one executable per
//   platform with Node.js 24 inside (a Node single executable application made from the official build of
//   Node.js pinned in scripts/release/runtimes.mjs: see scripts/release/executable.mjs);
// - secscan-X.Y.Z.cdx.json: the CycloneDX bill of materials of what the bundle carries and of each Node.js
//   the executables carry;
// - THIRD-PARTY-LICENSES.md: the notices of the packages bundled and of Node.js (the executables ship both);
// - install.sh: the installer of the repository's root;
// - SHA256SUMS over all of them (`sha256sum -c SHA256SUMS` checks them; the release workflow attests
//   every file it lists);
// - notes.md (not attached, not summed): the release's section of CHANGELOG.md and the runtimes, the
//   release's text.
//
// Options: --out DIR; --no-build (use the build already in dist/, as the test suite does); --tag vX.Y.Z
// (fails unless the tag names package.json's version, as the release workflow passes it); --repo
// OWNER/NAME (default $GITHUB_REPOSITORY), which the attached install.sh downloads from (without one it
// warns); --platform P (repeatable: only these executables, for a quick local build).
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { bundledPackages } from './licences.mjs';
import { buildExecutable, nodeCommand } from './release/executable.mjs';
import { executables, versionOf } from './release/runtimes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function run(program, args, options = {}) {
  return execFileSync(program, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    ...options,
  });
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The release's section of CHANGELOG.md (Keep a Changelog: `## [X.Y.Z] - YYYY-MM-DD`), without its heading. */
export function releaseNotes(changelog, version) {
  const heading = new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm');
  const found = heading.exec(changelog);
  if (!found) return undefined;
  const rest = changelog.slice(found.index + found[0].length);
  const end = rest.search(/^## |^\[[^\]]+\]: /m);
  const notes = (end < 0 ? rest : rest.slice(0, end)).trim();
  return notes === '' ? undefined : `${notes}\n`;
}

/** `npm pack` of a directory into `out` (what it holds is built already); returns the tarball's name. */
function pack(dir, out) {
  const args = ['pack', '--silent', '--ignore-scripts', '--pack-destination', out, '--loglevel=error'];
  const name = run('npm', args, {
    cwd: dir,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  }).trim();
  return name.split('\n').at(-1);
}

/** Node.js's licence, from the package of the runtime a release carries (the Windows package has none). */
function nodeLicence(carried) {
  const file = carried.find((c) => c.license)?.license;
  if (!file) fail('no LICENSE of Node.js in the runtimes the executables carry');
  return readFileSync(file, 'utf8').trim();
}

const purl = (name, version) => `pkg:npm/${name.replace(/^@/, '%40')}@${version}`;
/**
 * A component's bom-ref: its purl with the scope's @ as it is (`pkg:npm/@scope/name@1.0.0`). The purl itself
 * keeps the canonical %40; consumers (cdxgen's validator) refuse an encoded reference in `dependencies`.
 */
const bomRef = (name, version) => `pkg:npm/${name}@${version}`;

/** The lockfile's key of the package `name` that the package at `key` requires (Node's resolution, up). */
function resolvedKey(lock, key, name) {
  for (let dir = key; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/**
 * Each bundled package's `dependsOn`: the packages of the bundle its lockfile entry requires (an empty list
 * for a leaf), so every entry of the SBOM's graph says what it depends on (cdxgen and Dependency-Track
 * read an entry without one as unknown, and cdxgen's validator stops on it).
 */
function dependsOnOf(lock, keys) {
  const refOf = new Map(keys.map(({ key, ref }) => [key, ref]));
  const out = new Map();
  for (const { key, ref } of keys) {
    const locked = lock.packages[key];
    const names = Object.keys({
      ...locked.dependencies,
      ...locked.optionalDependencies,
      ...locked.peerDependencies,
    });
    const refs = names.map((name) => refOf.get(resolvedKey(lock, key, name))).filter((r) => r && r !== ref);
    out.set(ref, [...new Set([...(out.get(ref) ?? []), ...refs])].sort());
  }
  return out;
}

/** An instant to the second (`2026-09-01T10:05:00Z`): what SPDX 3 and cdxgen's conversion to it take. */
const wholeSeconds = (timestamp) =>
  new Date(Math.floor(Date.parse(timestamp) / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The SBOM's component of a runtime an executable carries: the npm package it was taken from, and its SHA-256. */
function runtimeComponent({ spec, sha256: content, files }) {
  const name = spec.slice(0, spec.lastIndexOf('@'));
  const version = spec.slice(spec.lastIndexOf('@') + 1);
  return {
    type: 'platform',
    'bom-ref': bomRef(name, version),
    name: 'Node.js',
    version,
    purl: purl(name, version),
    description: `The runtime inside ${files.join(', ')}: Node.js's official build as the npm package ${name}`,
    licenses: [{ license: { id: 'MIT' } }],
    hashes: [{ alg: 'SHA-256', content }],
  };
}

/**
 * The CycloneDX 1.6 bill of materials: secscan, the packages its bundle carries (each at the version and
 * checksum the lockfile installs, with its declared licence), and each Node.js an executable carries
 * (`runtimes`: from the release's list of artefacts, with the SHA-256 of its binary). secscan installs no
 * dependency: everything it runs is one of these.
 */
export function sbom({ metafile, lock, version, timestamp, runtimes }) {
  const keys = [];
  const components = bundledPackages(metafile, root).map(({ name, root: dir }) => {
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const locked = lock.packages[relative(root, dir)];
    if (!locked || locked.version !== meta.version)
      fail(`${name}: not in package-lock.json at ${meta.version}`);
    const [algorithm, digest] = locked.integrity.split('-');
    const license = meta.license;
    keys.push({ key: relative(root, dir), ref: bomRef(name, meta.version) });
    return {
      type: 'library',
      'bom-ref': bomRef(name, meta.version),
      name,
      version: meta.version,
      purl: purl(name, meta.version),
      ...(license
        ? { licenses: [/^[\w.+-]+$/.test(license) ? { license: { id: license } } : { expression: license }] }
        : {}),
      hashes: [
        {
          alg: algorithm.toUpperCase().replace('SHA', 'SHA-'),
          content: Buffer.from(digest, 'base64').toString('hex'),
        },
      ],
    };
  });
  const unique = [...new Map(components.map((c) => [c['bom-ref'], c])).values()];
  const dependsOn = dependsOnOf(lock, keys);
  const carried = runtimes.map(runtimeComponent);
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: wholeSeconds(timestamp),
      tools: { components: [{ type: 'application', name: 'secscan scripts/release.mjs', version }] },
      component: {
        type: 'application',
        'bom-ref': 'secscan',
        name: 'secscan',
        version,
        description: pkg.description,
        licenses: [{ license: { id: pkg.license } }],
      },
    },
    components: [...unique, ...carried],
    dependencies: [
      { ref: 'secscan', dependsOn: [...unique, ...carried].map((c) => c['bom-ref']) },
      ...unique.map((c) => ({ ref: c['bom-ref'], dependsOn: dependsOn.get(c['bom-ref']) ?? [] })),
      ...carried.map((c) => ({ ref: c['bom-ref'], dependsOn: [] })),
    ],
  };
}

/** The release's section of the notes naming the runtime inside each executable (its version and SHA-256). */
export function runtimeNotes(runtimes) {
  const rows = runtimes.map(
    (r) =>
      `| ${r.files.map((f) => `\`${f}\``).join(', ')} | Node.js ${versionOf(r.spec)} | \`${r.sha256}\` |`,
  );
  return [
    '### Runtimes',
    '',
    "The executables carry Node.js's official builds, taken from the npm registry at a pinned version and checked against the pinned SHA-256 of each binary (`scripts/release/runtimes.mjs`):",
    '',
    '| executable | runtime | SHA-256 of the runtime as published |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'release' },
      'no-build': { type: 'boolean' },
      tag: { type: 'string' },
      repo: { type: 'string', default: process.env.GITHUB_REPOSITORY ?? '' },
      platform: { type: 'string', multiple: true },
    },
  });
  const repo = values.repo;
  if (repo !== '' && !/^[\w.-]+\/[\w.-]+$/.test(repo)) fail(`--repo: ${repo} is not owner/name`);
  if (repo === '') {
    console.error(
      'release: warning: no repository (--repo OWNER/NAME or GITHUB_REPOSITORY): release/install.sh names none, ' +
        'so it installs only with SECSCAN_REPO=OWNER/NAME or SECSCAN_RELEASE_URL set where it runs',
    );
  }
  const version = pkg.version;
  if (values.tag !== undefined && values.tag !== `v${version}`) {
    fail(`the tag ${values.tag} is not v${version}, the version in package.json`);
  }
  const notes = releaseNotes(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version);
  if (!notes) fail(`CHANGELOG.md has no section "## [${version}] - YYYY-MM-DD" with the release's notes`);
  const known = executables.map((e) => e.platform);
  for (const p of values.platform ?? []) {
    if (!known.includes(p)) fail(`--platform: ${p} is not one of ${known.join(', ')}`);
  }
  const targets = executables.filter((e) => !values.platform || values.platform.includes(e.platform));

  const out = resolve(root, values.out);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  if (!values['no-build']) run('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (!existsSync(join(root, 'dist/chunks/cli.cjs')) || !existsSync(join(root, 'build/metafile.json'))) {
    fail('no build in dist/: run `npm run build` (or leave out --no-build)');
  }

  /** The release's artefacts, in the order they are made: SHA256SUMS lists them, the attestation reads it. */
  const artefacts = [];
  // The build was made (or checked) above: prepack would make it again.
  artefacts.push(pack(root, out));
  // The sandbox's package has a build of its own: made into a copy of the package (its files field's),
  // packed from there, so packages/sandbox/dist (which the package's tests build) is left alone.
  const sandbox = join(root, 'build/release-sandbox');
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(sandbox, { recursive: true });
  for (const file of ['package.json', 'README.md', 'LICENSE']) {
    copyFileSync(join(root, 'packages/sandbox', file), join(sandbox, file));
  }
  run(process.execPath, [join(root, 'packages/sandbox/scripts/build.mjs')], {
    env: { ...process.env, SANDBOX_DIST: join(sandbox, 'dist') },
    stdio: 'inherit',
  });
  artefacts.push(pack(sandbox, out));
  /** Each runtime carried, with the executables that carry it. */
  const carried = new Map();
  for (const target of targets) {
    let runtime;
    try {
      runtime = await buildExecutable(target, out);
    } catch (error) {
      fail(error.message);
    }
    const [program, args] = nodeCommand(target, join(out, target.file));
    if (target.native) {
      const printed = run(program, [...args, '--version']).trim();
      if (printed !== version) fail(`${target.file} --version printed ${printed}, not ${version}`);
    }
    const entry = carried.get(target.runtime) ?? {
      spec: target.runtime,
      sha256: runtime.sha256,
      files: [],
      runtime,
    };
    entry.files.push(target.file);
    carried.set(target.runtime, entry);
    artefacts.push(target.file);
  }
  const runtimes = [...carried.values()];

  const metafile = JSON.parse(readFileSync(join(root, 'build/metafile.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const epoch = process.env.SOURCE_DATE_EPOCH ?? run('git', ['log', '-1', '--format=%ct']).trim();
  const timestamp = new Date(Number(epoch) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const bom = `secscan-${version}.cdx.json`;
  writeFileSync(
    join(out, bom),
    `${JSON.stringify(sbom({ metafile, lock, version, timestamp, runtimes }), null, 2)}\n`,
  );
  artefacts.push(bom);

  const bundled = readFileSync(join(root, 'dist/THIRD-PARTY-LICENSES.md'), 'utf8').replace(/^# .*\n/, '');
  const byVersion = new Map();
  for (const r of runtimes)
    byVersion.set(versionOf(r.spec), [...(byVersion.get(versionOf(r.spec)) ?? []), ...r.files]);
  const inside = [...byVersion].map(([v, files]) => `${v} in ${files.join(', ')}`).join('; ');
  writeFileSync(
    join(out, 'THIRD-PARTY-LICENSES.md'),
    `# Software secscan ships (in the tarballs and in the executables)\n\n` +
      (runtimes.length
        ? `## Node.js (MIT and others): ${inside}\n\n${nodeLicence(runtimes.map((r) => r.runtime))}\n`
        : '') +
      bundled,
  );
  artefacts.push('THIRD-PARTY-LICENSES.md');
  // The copy attached to the release installs that release, from the repository it is released from.
  const installer = readFileSync(join(root, 'install.sh'), 'utf8');
  const stamped = installer
    .replace(/^release_repo=''$/m, `release_repo='${repo}'`)
    .replace(/^release_version=''$/m, `release_version='${version}'`);
  if (!stamped.includes(`release_version='${version}'`))
    fail("install.sh: no line release_version='' to fill in");
  writeFileSync(join(out, 'install.sh'), stamped, { mode: 0o755 });
  artefacts.push('install.sh');

  artefacts.sort();
  writeFileSync(join(out, 'SHA256SUMS'), artefacts.map((f) => `${sha256(join(out, f))}  ${f}\n`).join(''));
  writeFileSync(join(out, 'notes.md'), `${notes}${runtimes.length ? `\n${runtimeNotes(runtimes)}` : ''}`);
  for (const file of [...artefacts, 'SHA256SUMS']) {
    const size = statSync(join(out, file)).size;
    console.log(`${relative(process.cwd(), join(out, file)) || file}  ${(size / 1e6).toFixed(1)} MB`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
