// The Debian packages of a release: secscan_X.Y.Z_amd64.deb and secscan_X.Y.Z_arm64.deb, each the Linux
// executable of its architecture in /usr/bin, the man pages (package.json's `man`) in /usr/share/man/man1,
// the bash, zsh and fish completions where those shells look for a package's completions, and the
// copyright file with the licences of everything the executable carries. Built by dpkg-deb (Debian's and
// Ubuntu's dpkg package) with every file owned by root, every time stamp SOURCE_DATE_EPOCH: the same
// sources give the same bytes. test/e2e/packages.test.ts installs, runs and removes the amd64 one with apt
// and has lintian check both.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Debian's name of each Linux platform's architecture. */
export const debianArch = { 'linux-x64': 'amd64', 'linux-arm64': 'arm64' };

/**
 * What the executables need of the system: what dpkg-shlibdeps of Debian 12 says of secscan-linux-x64
 * (the official Node.js build: glibc 2.28's symbols, libstdc++ and libgcc_s), for both architectures (the
 * same Node.js version, built the same way). test/e2e/packages.test.ts runs dpkg-shlibdeps again.
 */
export const depends = 'libc6 (>= 2.34), libgcc-s1 (>= 3.4), libstdc++6 (>= 10.2)';

/** Where each completion script goes: the directories bash-completion, zsh and fish read packages' from. */
export const completionPaths = {
  'secscan.bash': 'usr/share/bash-completion/completions/secscan',
  _secscan: 'usr/share/zsh/vendor-completions/_secscan',
  'secscan.fish': 'usr/share/fish/vendor_completions.d/secscan.fish',
};

/** gzip -9n: no name, no time stamp (Debian's policy for man pages and docs). */
const gzip = (data) => gzipSync(data, { level: 9 });

/** The package's name of a release: secscan_X.Y.Z_ARCH.deb. */
export const debName = (version, arch) => `secscan_${version}_${arch}.deb`;

/** The control file's text: its fields in Debian's order, the description's body indented. */
export function control({ version, arch, installedSize, maintainer, homepage, description }) {
  const fields = [
    ['Package', 'secscan'],
    ['Version', version],
    ['Architecture', arch],
    ['Maintainer', maintainer],
    ['Installed-Size', String(installedSize)],
    ['Depends', depends],
    ['Section', 'devel'],
    ['Priority', 'optional'],
    ...(homepage ? [['Homepage', homepage]] : []),
    [
      'Description',
      `${description.summary}\n${description.body.map((l) => (l === '' ? ' .' : ` ${l}`)).join('\n')}`,
    ],
  ];
  return `${fields.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`;
}

/** The machine-readable copyright file (DEP-5): secscan's licence, then what its executable carries. */
export function copyright({ homepage, licence }) {
  const indent = (text) =>
    text
      .trim()
      .split('\n')
      .map((l) => (l.trim() === '' ? ' .' : ` ${l}`))
      .join('\n');
  return [
    'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
    'Upstream-Name: secscan',
    ...(homepage ? [`Source: ${homepage}`] : []),
    '',
    'Files: *',
    `Copyright: ${/^Copyright (?:\(c\) )?(.+)$/m.exec(licence)?.[1] ?? 'The secscan authors'}`,
    'License: MIT',
    'Comment: usr/bin/secscan carries Node.js and the npm packages of its bundle, each under its own',
    ' licence: /usr/share/doc/secscan/THIRD-PARTY-LICENSES.md.gz has their notices.',
    '',
    'License: MIT',
    indent(licence.replace(/^MIT License\s*\n\s*\nCopyright.*\n/, '')),
    '',
  ].join('\n');
}

/**
 * What lintian says of the executable that does not apply: it is the official Node.js build, unchanged but
 * for the application injected, which carries its own zlib (as every Node.js build does) and is linked
 * without PIE.
 */
export const lintianOverrides = [
  '# usr/bin/secscan is the official build of Node.js with secscan injected: Node.js carries its own zlib',
  'secscan: embedded-library zlib [usr/bin/secscan]',
  '# and the official build is linked without PIE',
  'secscan: hardening-no-pie [usr/bin/secscan]',
  '',
].join('\n');

const md5 = (file) => createHash('md5').update(readFileSync(file)).digest('hex');

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    out.push(path);
    if (entry.isDirectory()) out.push(...walk(path));
  }
  return out;
}

/**
 * Makes `secscan_X.Y.Z_ARCH.deb` in `out` from the executable `binary`; returns its name.
 * `files`: the man pages (paths), the completions directory, the licence text and the release's
 * THIRD-PARTY-LICENSES.md; `work`: a directory of its own to stage the package's tree in.
 */
export function buildDeb({
  version,
  arch,
  binary,
  manPages,
  completions,
  licence,
  thirdParty,
  meta,
  work,
  out,
  epoch,
}) {
  const tree = join(work, 'tree');
  rmSync(work, { recursive: true, force: true });
  /** A file of the package: its content, or `{ from }` a file to copy. */
  const put = (path, data, mode = 0o644) => {
    const file = join(tree, path);
    mkdirSync(dirname(file), { recursive: true });
    if (typeof data === 'object' && 'from' in data) copyFileSync(data.from, file);
    else writeFileSync(file, data);
    chmodSync(file, mode);
  };
  put('usr/bin/secscan', { from: binary }, 0o755);
  for (const page of manPages) put(`usr/share/man/man1/${basename(page)}.gz`, gzip(readFileSync(page)));
  for (const [name, path] of Object.entries(completionPaths)) put(path, { from: join(completions, name) });
  const doc = 'usr/share/doc/secscan';
  put(`${doc}/copyright`, copyright({ homepage: meta.homepage, licence }));
  put(`${doc}/THIRD-PARTY-LICENSES.md.gz`, gzip(thirdParty));
  put('usr/share/lintian/overrides/secscan', lintianOverrides);
  put(
    `${doc}/changelog.gz`,
    gzip(
      `secscan (${version}) unstable; urgency=medium\n\n` +
        `  * Release ${version}: its notes are CHANGELOG.md's section ${version}.\n\n` +
        ` -- ${meta.maintainer}  ${new Date(epoch * 1000).toUTCString().replace(/GMT$/, '+0000')}\n`,
    ),
  );
  const paths = walk(tree);
  const files = paths.filter((p) => statSync(p).isFile());
  const installedSize = Math.ceil(files.reduce((sum, f) => sum + statSync(f).size, 0) / 1024);
  mkdirSync(join(tree, 'DEBIAN'));
  writeFileSync(join(tree, 'DEBIAN/md5sums'), files.map((f) => `${md5(f)}  ${relative(tree, f)}\n`).join(''));
  writeFileSync(join(tree, 'DEBIAN/control'), control({ version, arch, installedSize, ...meta }));
  for (const f of ['DEBIAN/md5sums', 'DEBIAN/control']) chmodSync(join(tree, f), 0o644);
  for (const path of [...paths, join(tree, 'DEBIAN'), ...walk(join(tree, 'DEBIAN'))]) {
    if (statSync(path).isDirectory()) chmodSync(path, 0o755);
  }
  for (const path of [tree, ...walk(tree)].reverse()) utimesSync(path, epoch, epoch);
  const name = debName(version, arch);
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z9', '--build', tree, join(out, name)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SOURCE_DATE_EPOCH: String(epoch) },
  });
  rmSync(work, { recursive: true, force: true });
  return name;
}
