// The single executables of a release: for each platform of scripts/release/runtimes.mjs, a copy of that
// platform's official Node.js 24 with secscan's blob injected by postject.
//
// The blob holds scripts/release/sea-main.cjs bundled with bin/load.js, and as assets the chunks of
// dist/chunks, package.json, dist/build.json and the completions: the executable loads the chunks a command
// needs from itself, as bin/secscan.js loads them from dist/. It is made by the Node.js it is injected into
// (a blob is read only by the version that wrote it): for Linux x64 and arm64 the runtime itself, run here
// (arm64 under qemu-user), which also writes V8's code cache of the main script and of every chunk a
// warm-up compiles; for Windows and macOS the Linux x64 build of the same version, without code caches
// (V8 loads a code cache only on the platform that made it).
//
// Each platform's format is then made whole: an ELF's symbols are stripped (127 MB to 115 MB); the
// Windows and macOS builds carry a signature by the Node.js project, which the injection breaks (a broken
// signature is worse than none), so it is removed. An ad-hoc signature for macOS cannot be made here (no
// codesign): none is needed for x86_64 code, which macOS runs unsigned, natively or under Rosetta 2.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { unsign } from 'macho-unsign';
import { signatureSet } from 'portable-executable-signature';
import { runtime } from './runtimes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** The sentinel Node.js looks for to know it carries an application (the same in every Node.js since 18.16). */
export const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const found = (program) =>
  execFileSync('/bin/sh', ['-c', `command -v ${program} || true`], { encoding: 'utf8' }).trim();

/** A strip that understands the platform's ELF (binutils' own for the machine's, llvm-strip for any). */
function stripFor(platform) {
  const own = process.arch === 'x64' ? 'linux-x64' : `linux-${process.arch}`;
  if (platform === own && found('strip')) return found('strip');
  if (found('llvm-strip')) return found('llvm-strip');
  const cross = { 'linux-arm64': 'aarch64-linux-gnu-strip', 'linux-x64': 'x86_64-linux-gnu-strip' }[platform];
  return cross && found(cross) ? found(cross) : undefined;
}

/** Runs a Node.js of the release on this machine: natively, or under its emulator (qemu-user). */
export function nodeCommand(target, binary) {
  if (!target.emulator) return [binary, []];
  const [emulator, ...args] = target.emulator;
  if (!found(emulator)) {
    throw new Error(
      `${target.platform}: ${emulator} is not installed to run its Node.js here (Debian: apt-get install qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross)`,
    );
  }
  return [emulator, [...args, binary]];
}

/** The main script of the blob: scripts/release/sea-main.cjs with bin/load.js, in one CommonJS file. */
async function bundleMain(work) {
  const main = join(work, 'main.cjs');
  await build({
    entryPoints: [join(root, 'scripts/release/sea-main.cjs')],
    outfile: main,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return main;
}

/**
 * The chunks' code caches written by the runtime itself: dist/chunks copied, the warm-up of the build
 * (scripts/warm-cache.mjs) run there by the target's Node.js; returns the copy's directory.
 */
function warmChunks(target, node, work) {
  const copy = join(work, 'warm');
  mkdirSync(join(copy, 'dist'), { recursive: true });
  mkdirSync(join(copy, 'bin'));
  mkdirSync(join(copy, 'scripts'));
  execFileSync('cp', ['-R', join(root, 'dist/chunks'), join(copy, 'dist/chunks')]);
  for (const file of readdirSync(join(copy, 'dist/chunks')))
    if (file.endsWith('.cache')) rmSync(join(copy, 'dist/chunks', file));
  for (const file of ['bin/load.js', 'bin/package.json', 'scripts/warm-cache.mjs', 'package.json'])
    copyFileSync(join(root, file), join(copy, file));
  const [program, args] = nodeCommand(target, node);
  execFileSync(program, [...args, join(copy, 'scripts/warm-cache.mjs')], { cwd: copy, stdio: 'inherit' });
  return join(copy, 'dist/chunks');
}

/**
 * Makes `target.file` in `out` (a target of scripts/release/runtimes.mjs's `executables`); returns the
 * runtime it carries (its version, its binary's SHA-256, its licence file).
 */
export async function buildExecutable(target, out, { chunkCaches = true } = {}) {
  const carried = runtime(target.runtime);
  const maker = runtime(target.maker);
  const work = join(root, 'build', 'sea', target.platform);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  await bundleMain(work);
  const native = target.native;
  const chunks = native && chunkCaches ? warmChunks(target, maker.binary, work) : join(root, 'dist/chunks');
  const assets = {
    'package.json': join(root, 'package.json'),
    'dist/build.json': join(root, 'dist/build.json'),
  };
  for (const file of readdirSync(join(root, 'completions')))
    assets[`completions/${file}`] = join(root, 'completions', file);
  for (const file of readdirSync(chunks)) {
    if (file.endsWith('.cjs') || (native && chunkCaches && file.endsWith('.cjs.cache')))
      assets[`chunks/${file}`] = join(chunks, file);
  }
  const blob = join(work, 'sea.blob');
  // Relative paths (the blob is made in `work`): no path of the build machine goes into the blob.
  writeFileSync(
    join(work, 'sea-config.json'),
    JSON.stringify({
      main: 'main.cjs',
      output: 'sea.blob',
      disableExperimentalSEAWarning: true,
      useCodeCache: native,
      assets,
    }),
  );
  const [program, args] = nodeCommand(target, maker.binary);
  try {
    execFileSync(program, [...args, '--experimental-sea-config', 'sea-config.json'], {
      cwd: work,
      stdio: 'pipe',
    });
  } catch (error) {
    throw new Error(`${target.platform}: ${target.maker} made no blob:\n${error.stdout}${error.stderr}`);
  }
  const binary = join(work, target.file);
  copyFileSync(carried.binary, binary);
  chmodSync(binary, 0o755);
  if (target.platform.startsWith('linux-')) {
    const strip = stripFor(target.platform);
    if (strip) execFileSync(strip, ['--strip-all', binary], { stdio: 'ignore' });
    else
      console.error(
        `release: no strip for ${target.platform} here: ${target.file} keeps the symbols of Node.js`,
      );
  } else if (target.platform.startsWith('win-')) {
    writeFileSync(binary, Buffer.from(signatureSet(readFileSync(binary), null)));
  } else if (target.platform.startsWith('darwin-')) {
    const unsigned = unsign(readFileSync(binary));
    if (unsigned) writeFileSync(binary, Buffer.from(unsigned));
  }
  const inject = [
    require.resolve('postject/dist/cli.js'),
    binary,
    'NODE_SEA_BLOB',
    blob,
    '--sentinel-fuse',
    seaFuse,
  ];
  if (target.platform.startsWith('darwin-')) inject.push('--macho-segment-name', 'NODE_SEA');
  // In a process of its own: postject's ELF library prints a warning per note section it cannot name
  // (harmless), shown only if the injection fails.
  try {
    execFileSync(process.execPath, inject, { stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    throw new Error(
      `postject could not inject the blob into ${target.file}:\n${error.stdout}${error.stderr}`,
    );
  }
  if (!readFileSync(binary).includes(`${seaFuse}:1`)) throw new Error(`${target.file}: the fuse is not set`);
  copyFileSync(binary, join(out, target.file));
  chmodSync(join(out, target.file), 0o755);
  rmSync(work, { recursive: true, force: true });
  return carried;
}
