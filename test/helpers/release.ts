import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The release the tests install from: `npm run release --no-build` of the build the suite runs after, made
 * once for every test file that needs it (the four executables take a minute or two to make, 100-130 MB
 * each; the Node.js runtimes they carry are fetched once into node_modules/.cache/secscan-runtimes). It is
 * kept in node_modules/.cache/secscan-release/HASH, HASH being that of everything the release is made
 * from (the build in dist/, bin/, the completions and man pages, the sandbox package's source, the release
 * script, install.sh, CHANGELOG.md, package.json): a test file that finds it there uses it; one that finds
 * another file building it waits for that build (a lock directory holding the builder's pid).
 */
export const root = fileURLToPath(new URL('../..', import.meta.url));
const cache = join(root, 'node_modules', '.cache', 'secscan-release');

export interface Release {
  dir: string;
  version: string;
  /** SHA256SUMS as name -> SHA-256. */
  sums: Record<string, string>;
  tarball: string;
  sandboxTarball: string;
  /** secscan-linux-x64, which runs here natively. */
  binary: string;
  /** Every executable of the release by platform (linux-x64, linux-arm64, win-x64, darwin-x64). */
  binaries: Record<string, string>;
}

const inputs = [
  'dist',
  'bin',
  'completions',
  'man',
  'packages/sandbox/src',
  'packages/sandbox/scripts',
  'packages/sandbox/package.json',
  'packages/sandbox/README.md',
  'packages/api/src',
  'scripts/release.mjs',
  'scripts/release',
  'scripts/warm-cache.mjs',
  'scripts/licences.mjs',
  'install.sh',
  'CHANGELOG.md',
  'LICENSE',
  'package.json',
  'package-lock.json',
];

function hashInputs(): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) walk(join(path, entry));
    } else {
      hash.update(`${path.slice(root.length)}\0`).update(readFileSync(path));
    }
  };
  for (const input of inputs) walk(join(root, input));
  return hash.digest('hex').slice(0, 16);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const nap = new Int32Array(new SharedArrayBuffer(4));

function read(dir: string): Release {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
  const sums = Object.fromEntries(
    readFileSync(join(dir, 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('  ').reverse() as [string, string]),
  );
  return {
    dir,
    version,
    sums,
    tarball: join(dir, `secscan-${version}.tgz`),
    sandboxTarball: join(dir, `secscan-sandbox-${version}.tgz`),
    binary: join(dir, 'secscan-linux-x64'),
    binaries: Object.fromEntries(
      Object.keys(sums)
        .map((file) => [/^secscan-((?:linux|win|darwin)-\w+?)(?:\.exe)?$/.exec(file)?.[1], join(dir, file)])
        .filter((entry): entry is [string, string] => entry[0] !== undefined),
    ),
  };
}

let made: Release | undefined;

/** The release of this build (made here, or by another test file, or earlier with the same inputs). */
export function release(): Release {
  if (made) return made;
  if (!existsSync(join(root, 'dist', 'chunks', 'cli.cjs')))
    throw new Error('no build: run `npm run build` first');
  const dir = join(cache, hashInputs());
  const lock = `${dir}.lock`;
  mkdirSync(cache, { recursive: true });
  while (!existsSync(dir)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test file builds it: wait for its release directory, or for its lock to go with no release.
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // the lock is just made (no pid yet) or just gone
      }
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(nap, 0, 0, 250);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      // One release kept: the others are the builds of earlier sources.
      for (const old of readdirSync(cache)) {
        if (!old.endsWith('.lock')) rmSync(join(cache, old), { recursive: true, force: true });
      }
      const building = `${dir}.tmp`;
      execFileSync(
        process.execPath,
        [
          join(root, 'scripts/release.mjs'),
          '--no-build',
          '--out',
          building,
          '--repo',
          'secscan-test/secscan',
        ],
        { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 },
      );
      renameSync(building, dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  made = read(dir);
  return made;
}
