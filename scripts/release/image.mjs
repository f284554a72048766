// The release's container image, secscan-X.Y.Z.oci.tar: an OCI image layout in a tar file (what
// `skopeo copy oci-archive:...` reads and `podman run oci-archive:...` runs), made here without a container
// engine, for linux/amd64 and linux/arm64, under two tags:
//
// - X.Y.Z: distroless-like: the executable (/usr/bin/secscan, the entrypoint), the C and C++ libraries the
//   official Node.js build links with (Debian's libc6, libgcc-s1 and libstdc++6), the CA certificates
//   (/etc/ssl/certs/ca-certificates.crt), /etc/passwd with the user nonroot (65532) it runs as, a /tmp;
//   no shell, no package manager;
// - X.Y.Z-busybox: the same and BusyBox in /busybox (on PATH), for CI runners that run a job's script in
//   the image with a shell (GitLab's `image:`), as distroless's debug images do.
//
// The Debian packages are apt's (scripts/release/debian.mjs), listed in /var/lib/dpkg/status.d as
// distroless lists them, so that image scanners see them. Every entry is owned by root but the user's home,
// every time stamp is SOURCE_DATE_EPOCH, the layers are written in a fixed order (scripts/release/tar.mjs):
// the same executables and packages give the same digests.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distribution, downloadPackages } from './debian.mjs';
import { tar } from './tar.mjs';

/** The image's user: distroless's nonroot. */
export const user = { name: 'nonroot', uid: 65532, home: '/home/nonroot' };

/** The packages of each architecture's image: libraries, certificates, and BusyBox for the -busybox tag. */
export const imagePackages = ['libc6', 'libgcc-s1', 'libstdc++6', 'ca-certificates', 'busybox-static'];

export const imageName = (version) => `secscan-${version}.oci.tar`;

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** What of a library package goes into the image: all but its documentation (its copyright stays). */
function kept(name, path) {
  if (path === `usr/share/doc/${name}/copyright`) return true;
  return !/^usr\/share\/(doc|lintian|man|info|bug)(\/|$)/.test(path);
}

/** A package's files unpacked by dpkg-deb, as tar entries (`keep` picks them by path). */
function packageEntries(pkg, work, keep) {
  const dir = join(work, `unpacked-${pkg.name}`);
  rmSync(dir, { recursive: true, force: true });
  execFileSync('dpkg-deb', ['--extract', pkg.file, dir]);
  const entries = [];
  const walk = (rel) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const full = join(dir, path);
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(path);
      if (!keep(path)) continue;
      if (stat.isDirectory()) entries.push({ path, type: 'dir', mode: 0o755 });
      else if (stat.isSymbolicLink())
        entries.push({ path, type: 'symlink', mode: 0o777, linkname: readlinkSync(full) });
      else entries.push({ path, type: 'file', mode: stat.mode & 0o7777, data: readFileSync(full) });
    }
  };
  walk('');
  return entries;
}

/** The entries with every parent directory they need, each path once, sorted. */
function complete(entries) {
  const byPath = new Map();
  for (const entry of entries) {
    const parts = entry.path.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const dir = parts.slice(0, i).join('/');
      if (!byPath.has(dir)) byPath.set(dir, { path: dir, type: 'dir', mode: 0o755 });
    }
    byPath.set(entry.path, { ...byPath.get(entry.path), ...entry });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const text = (path, data, mode = 0o644) => ({ path, type: 'file', mode, data: Buffer.from(data) });

/** The base layer of one architecture: the libraries, the certificates, the users, the directories. */
function baseLayer(packages, work, os) {
  const entries = [];
  for (const pkg of packages.filter((p) => ['libc6', 'libgcc-s1', 'libstdc++6'].includes(p.name))) {
    entries.push(...packageEntries(pkg, work, (path) => kept(pkg.name, path)));
  }
  const ca = packages.find((p) => p.name === 'ca-certificates');
  const caFiles = packageEntries(
    ca,
    work,
    (path) =>
      /^usr\/share\/ca-certificates\/mozilla\/[^/]+\.crt$/.test(path) ||
      path === 'usr/share/doc/ca-certificates/copyright',
  );
  // The bundle update-ca-certificates would write: every certificate of Mozilla's list, in order.
  const bundle = Buffer.concat(
    caFiles
      .filter((e) => e.path.endsWith('.crt'))
      .map((e) => (e.data.at(-1) === 0x0a ? e.data : Buffer.concat([e.data, Buffer.from('\n')]))),
  );
  if (!bundle.includes('BEGIN CERTIFICATE'))
    throw new Error('ca-certificates: no certificate in the package');
  entries.push(
    ...caFiles.filter((e) => !e.path.endsWith('.crt')),
    text('etc/ssl/certs/ca-certificates.crt', bundle),
  );
  entries.push(
    text(
      'etc/passwd',
      `root:x:0:0:root:/root:/sbin/nologin\n${user.name}:x:${user.uid}:${user.uid}:${user.name}:${user.home}:/sbin/nologin\n`,
    ),
    text('etc/group', `root:x:0:\n${user.name}:x:${user.uid}:\n`),
    text('etc/nsswitch.conf', 'passwd: files\ngroup: files\nhosts: files dns\n'),
    text('etc/os-release', os.text),
    { path: 'root', type: 'dir', mode: 0o700 },
    { path: 'tmp', type: 'dir', mode: 0o1777 },
    { path: user.home.slice(1), type: 'dir', mode: 0o700, uid: user.uid, gid: user.uid },
  );
  for (const pkg of packages.filter((p) => p.name !== 'busybox-static'))
    entries.push(text(`var/lib/dpkg/status.d/${pkg.name}`, pkg.control));
  return complete(entries);
}

/** BusyBox in /busybox: the binary and a link per applet (the list the binary prints of itself). */
function busyboxLayer(pkg, applets, work) {
  const [binary] = packageEntries(pkg, work, (path) => path === 'bin/busybox');
  const [copying] = packageEntries(pkg, work, (path) => path === 'usr/share/doc/busybox-static/copyright');
  if (!binary || !copying) throw new Error('busybox-static: no bin/busybox or no copyright in the package');
  return complete([
    { ...binary, path: 'busybox/busybox', mode: 0o755 },
    ...applets
      .filter((a) => a !== 'busybox')
      .map((a) => ({ path: `busybox/${a}`, type: 'symlink', mode: 0o777, linkname: 'busybox' })),
    copying,
    text(`var/lib/dpkg/status.d/${pkg.name}`, pkg.control),
  ]);
}

/** An image layer: the tar's digest (the config's diff_id) and its gzip's blob. */
function layer(entries, epoch) {
  const raw = tar(entries, epoch);
  const blob = gzipSync(raw);
  return { diffId: `sha256:${sha256(raw)}`, blob, digest: `sha256:${sha256(blob)}` };
}

const mediaTypes = {
  index: 'application/vnd.oci.image.index.v1+json',
  manifest: 'application/vnd.oci.image.manifest.v1+json',
  config: 'application/vnd.oci.image.config.v1+json',
  layer: 'application/vnd.oci.image.layer.v1.tar+gzip',
};

/**
 * Makes secscan-X.Y.Z.oci.tar in `out`. `executables`: { amd64: path, arm64: path } (those the release
 * made); returns its name, its tags with the digest of each tag's index, and the Debian packages of each
 * architecture (for the SBOM).
 */
export function buildImage({
  version,
  commit,
  repo,
  executables,
  licence,
  thirdParty,
  description,
  out,
  work,
  epoch,
}) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const os = distribution();
  const created = new Date(epoch * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const blobs = new Map();
  const put = (data) => {
    const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data);
    const digest = `sha256:${sha256(buffer)}`;
    blobs.set(digest, buffer);
    return { digest, size: buffer.length };
  };
  const labels = {
    'org.opencontainers.image.title': 'secscan',
    'org.opencontainers.image.description': description,
    'org.opencontainers.image.version': version,
    'org.opencontainers.image.revision': commit,
    'org.opencontainers.image.licenses': 'MIT',
    'org.opencontainers.image.created': created,
    ...(repo ? { 'org.opencontainers.image.source': `https://github.com/${repo}` } : {}),
  };
  const tags = { [version]: [], [`${version}-busybox`]: [] };
  const packages = {};
  let applets;
  for (const [arch, binary] of Object.entries(executables)) {
    const pkgs = downloadPackages(arch, imagePackages, join(work, 'apt', arch));
    packages[arch] = pkgs;
    const busybox = pkgs.find((p) => p.name === 'busybox-static');
    if (!applets) {
      // The list is the same for every architecture of a version; the amd64 binary runs here, the arm64
      // one (a release of the arm64 executable alone) under qemu-user.
      const dir = join(work, 'busybox-list');
      execFileSync('dpkg-deb', ['--extract', busybox.file, dir]);
      const [program, ...args] =
        arch === 'amd64' ? [join(dir, 'bin/busybox')] : ['qemu-aarch64-static', join(dir, 'bin/busybox')];
      applets = execFileSync(program, [...args, '--list'], { encoding: 'utf8' })
        .trim()
        .split('\n');
    }
    const base = layer(baseLayer(pkgs, work, os), epoch);
    const app = layer(
      complete([
        { path: 'usr/bin/secscan', type: 'file', mode: 0o755, from: binary },
        text('usr/share/doc/secscan/copyright', licence),
        text('usr/share/doc/secscan/THIRD-PARTY-LICENSES.md', thirdParty),
      ]),
      epoch,
    );
    const shell = layer(busyboxLayer(busybox, applets, work), epoch);
    for (const [tag, layers, path] of [
      [version, [base, app], '/usr/bin:/bin'],
      [`${version}-busybox`, [base, app, shell], '/usr/bin:/bin:/busybox'],
    ]) {
      const config = put(
        JSON.stringify({
          created,
          architecture: arch,
          os: 'linux',
          config: {
            User: `${user.uid}:${user.uid}`,
            Env: [`PATH=${path}`, `HOME=${user.home}`, 'SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt'],
            Entrypoint: ['/usr/bin/secscan'],
            WorkingDir: user.home,
            Labels: labels,
          },
          rootfs: { type: 'layers', diff_ids: layers.map((l) => l.diffId) },
          history: layers.map((l, i) => ({
            created,
            created_by: [
              'secscan release: Debian libraries, CA certificates, users',
              'secscan release: the executable',
              'secscan release: BusyBox',
            ][i],
          })),
        }),
      );
      const manifest = put(
        JSON.stringify({
          schemaVersion: 2,
          mediaType: mediaTypes.manifest,
          config: { mediaType: mediaTypes.config, ...config },
          layers: layers.map((l) => ({ mediaType: mediaTypes.layer, ...put(l.blob) })),
          annotations: { 'org.opencontainers.image.created': created },
        }),
      );
      tags[tag].push({
        mediaType: mediaTypes.manifest,
        ...manifest,
        platform: { architecture: arch, os: 'linux' },
      });
    }
  }
  const index = Object.entries(tags).map(([tag, manifests]) => ({
    mediaType: mediaTypes.index,
    ...put(JSON.stringify({ schemaVersion: 2, mediaType: mediaTypes.index, manifests, annotations: labels })),
    annotations: { 'org.opencontainers.image.ref.name': tag },
  }));
  const entries = [
    text('oci-layout', JSON.stringify({ imageLayoutVersion: '1.0.0' })),
    text('index.json', JSON.stringify({ schemaVersion: 2, mediaType: mediaTypes.index, manifests: index })),
    { path: 'blobs', type: 'dir', mode: 0o755 },
    { path: 'blobs/sha256', type: 'dir', mode: 0o755 },
    ...[...blobs]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([digest, data]) => ({
        path: `blobs/sha256/${digest.slice(7)}`,
        type: 'file',
        mode: 0o644,
        data,
      })),
  ];
  const name = imageName(version);
  writeFileSync(join(out, name), tar(entries, epoch));
  rmSync(work, { recursive: true, force: true });
  return {
    name,
    tags: Object.fromEntries(
      index.map((i) => [i.annotations['org.opencontainers.image.ref.name'], i.digest]),
    ),
    packages,
    os,
  };
}
