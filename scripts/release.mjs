// `npm run release`: everything a GitHub release of secscan attaches, built into release/ (or --out DIR):
// - secscan-X.Y.Z.tgz: the CLI packed (`npm pack` of the build), installable offline with `npm install -g`;
// - secscan-sandbox-X.Y.Z.tgz: @secscan/sandbox packed, for `npm install --save-dev`;
// - secscan-linux-x64: one executable with Node.js inside (a Node single executable application made from
//   the Node.js running this script: see buildExecutable);
// - secscan-X.Y.Z.cdx.json: the CycloneDX bill of materials of what the bundle carries (and the Node.js of
//   the executable);
// - THIRD-PARTY-LICENSES.md: the notices of the packages bundled and of Node.js (the executable ships both);
// - install.sh: the installer of the repository's root;
// - SHA256SUMS over all of them (`sha256sum -c SHA256SUMS` checks them);
// - notes.md (not attached, not summed): the release's section of CHANGELOG.md, the release's text.
//
// Options: --out DIR; --no-build (use the build already in dist/, as the test suite does); --tag vX.Y.Z
// (fails unless the tag names package.json's version, as the release workflow passes it); --repo
// OWNER/NAME (default $GITHUB_REPOSITORY), which the attached install.sh downloads from.
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundledPackages } from './licences.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The sentinel Node.js looks for to know it carries an application (the same in every Node.js since 18.16). */
const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

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

/**
 * The single executable: a copy of the Node.js running this script (official builds carry the sentinel
 * fuse; a distribution's Node.js built as a shared library does not), its symbols stripped when `strip` is
 * there (99 MB to 86 MB), with a blob made by this same Node.js injected by postject. The blob holds
 * scripts/release/sea-main.cjs bundled with bin/load.js (with V8's code cache of it), and as assets the
 * chunks of dist/chunks with their code caches, package.json and the completions: the executable loads the
 * chunks a command needs from itself, as bin/secscan.js loads them from dist/.
 */
async function buildExecutable(out, name) {
  const work = join(root, 'build', 'sea');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const node = process.execPath;
  if (!readFileSync(node).includes(seaFuse)) {
    fail(
      `${node} cannot make a single executable (no ${seaFuse}): run the release with an official Node.js build`,
    );
  }
  await build({
    entryPoints: [join(root, 'scripts/release/sea-main.cjs')],
    outfile: join(work, 'main.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  const assets = { 'package.json': join(root, 'package.json') };
  for (const file of readdirSync(join(root, 'completions')))
    assets[`completions/${file}`] = join(root, 'completions', file);
  for (const file of readdirSync(join(root, 'dist/chunks'))) {
    if (file.endsWith('.cjs') || file.endsWith('.cjs.cache'))
      assets[`chunks/${file}`] = join(root, 'dist/chunks', file);
  }
  const blob = join(work, 'sea.blob');
  writeFileSync(
    join(work, 'sea-config.json'),
    JSON.stringify({
      main: join(work, 'main.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      assets,
    }),
  );
  run(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { cwd: work });
  const binary = join(work, name);
  copyFileSync(node, binary);
  chmodSync(binary, 0o755);
  try {
    execFileSync('strip', ['--strip-all', binary], { stdio: 'ignore' });
  } catch {
    console.error('release: no `strip` here: the executable keeps the symbols of Node.js (13 MB more)');
  }
  // In a process of its own: postject's ELF library prints a warning per note section it cannot name
  // (harmless), shown only if the injection fails.
  try {
    execFileSync(
      process.execPath,
      [require.resolve('postject/dist/cli.js'), binary, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', seaFuse],
      { stdio: 'pipe', encoding: 'utf8' },
    );
  } catch (error) {
    fail(`postject could not inject the blob into ${name}:\n${error.stdout}${error.stderr}`);
  }
  const version = run(binary, ['--version']).trim();
  if (version !== pkg.version) fail(`${name} --version printed ${version}, not ${pkg.version}`);
  renameSync(binary, join(out, name));
}

/** Node.js's own licence, for the executable that carries it (where an official build or a package put it). */
function nodeLicence() {
  const prefix = dirname(dirname(process.execPath));
  const found = [
    join(prefix, 'LICENSE'),
    join(prefix, 'share/doc/node/LICENSE'),
    '/usr/share/doc/nodejs/LICENSE',
  ].find((f) => existsSync(f));
  if (!found) fail(`no LICENSE of the Node.js at ${process.execPath} to ship with the executable`);
  return readFileSync(found, 'utf8').trim();
}

const purl = (name, version) => `pkg:npm/${name.replace(/^@/, '%40')}@${version}`;

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

/**
 * The CycloneDX 1.6 bill of materials: secscan, the packages its bundle carries (each at the version and
 * checksum the lockfile installs, with its declared licence), and the Node.js the executable carries.
 * secscan installs no dependency: everything it runs is one of these.
 */
export function sbom({ metafile, lock, version, timestamp, node = process.version }) {
  const keys = [];
  const components = bundledPackages(metafile, root).map(({ name, root: dir }) => {
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const locked = lock.packages[relative(root, dir)];
    if (!locked || locked.version !== meta.version)
      fail(`${name}: not in package-lock.json at ${meta.version}`);
    const [algorithm, digest] = locked.integrity.split('-');
    const license = meta.license;
    keys.push({ key: relative(root, dir), ref: purl(name, meta.version) });
    return {
      type: 'library',
      'bom-ref': purl(name, meta.version),
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
  const runtime = {
    type: 'platform',
    'bom-ref': `node@${node}`,
    name: 'Node.js',
    version: node.replace(/^v/, ''),
    description: `The runtime inside secscan-${platform()}-${arch()} (the tarballs run on the Node.js installed)`,
    licenses: [{ license: { id: 'MIT' } }],
  };
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
    components: [...unique, runtime],
    dependencies: [
      { ref: 'secscan', dependsOn: [...unique.map((c) => c['bom-ref']), runtime['bom-ref']] },
      ...unique.map((c) => ({ ref: c['bom-ref'], dependsOn: dependsOn.get(c['bom-ref']) ?? [] })),
      { ref: runtime['bom-ref'], dependsOn: [] },
    ],
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'release' },
      'no-build': { type: 'boolean' },
      tag: { type: 'string' },
      repo: { type: 'string', default: process.env.GITHUB_REPOSITORY ?? '' },
    },
  });
  const repo = values.repo;
  if (repo !== '' && !/^[\w.-]+\/[\w.-]+$/.test(repo)) fail(`--repo: ${repo} is not owner/name`);
  const version = pkg.version;
  if (values.tag !== undefined && values.tag !== `v${version}`) {
    fail(`the tag ${values.tag} is not v${version}, the version in package.json`);
  }
  const notes = releaseNotes(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version);
  if (!notes) fail(`CHANGELOG.md has no section "## [${version}] - YYYY-MM-DD" with the release's notes`);
  if (platform() !== 'linux' || !['x64', 'arm64'].includes(arch())) {
    fail(`the executable is built on linux-x64 or linux-arm64, not ${platform()}-${arch()}`);
  }

  const out = resolve(root, values.out);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  if (!values['no-build']) run('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (!existsSync(join(root, 'dist/chunks/cli.cjs')) || !existsSync(join(root, 'build/metafile.json'))) {
    fail('no build in dist/: run `npm run build` (or leave out --no-build)');
  }

  const files = [];
  // The build was made (or checked) above: prepack would make it again.
  files.push(pack(root, out));
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
  files.push(pack(sandbox, out));
  const executable = `secscan-${platform()}-${arch()}`;
  await buildExecutable(out, executable);
  files.push(executable);

  const metafile = JSON.parse(readFileSync(join(root, 'build/metafile.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const epoch = process.env.SOURCE_DATE_EPOCH ?? run('git', ['log', '-1', '--format=%ct']).trim();
  const timestamp = new Date(Number(epoch) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const bom = `secscan-${version}.cdx.json`;
  writeFileSync(join(out, bom), `${JSON.stringify(sbom({ metafile, lock, version, timestamp }), null, 2)}\n`);
  files.push(bom);

  const bundled = readFileSync(join(root, 'dist/THIRD-PARTY-LICENSES.md'), 'utf8').replace(/^# .*\n/, '');
  writeFileSync(
    join(out, 'THIRD-PARTY-LICENSES.md'),
    `# Software secscan ships (in the tarballs and in ${executable})\n\n` +
      `## Node.js ${process.version} (MIT and others), in ${executable}\n\n${nodeLicence()}\n${bundled}`,
  );
  files.push('THIRD-PARTY-LICENSES.md');
  // The copy attached to the release installs that release, from the repository it is released from.
  const installer = readFileSync(join(root, 'install.sh'), 'utf8');
  const stamped = installer
    .replace(/^release_repo=''$/m, `release_repo='${repo}'`)
    .replace(/^release_version=''$/m, `release_version='${version}'`);
  if (!stamped.includes(`release_version='${version}'`))
    fail("install.sh: no line release_version='' to fill in");
  writeFileSync(join(out, 'install.sh'), stamped, { mode: 0o755 });
  files.push('install.sh');

  files.sort();
  writeFileSync(join(out, 'SHA256SUMS'), files.map((f) => `${sha256(join(out, f))}  ${f}\n`).join(''));
  writeFileSync(join(out, 'notes.md'), notes);
  for (const file of [...files, 'SHA256SUMS']) {
    const size = statSync(join(out, file)).size;
    console.log(`${relative(process.cwd(), join(out, file)) || file}  ${(size / 1e6).toFixed(1)} MB`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
