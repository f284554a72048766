// Installs the system tools the test suite drives for real (bash, zsh and fish under tmux for completions;
// mandoc, groff and man for the man pages; pdftoppm from poppler-utils for the sandbox's PDF reports; curl
// and jq, which the docs' examples use; chromium, headless, for the HTML trends report; qemu-user with the
// arm64 C and C++ libraries, which run the release's linux-arm64 Node.js and executable; lintian, dpkg-dev,
// ruby, skopeo, umoci, podman and runc for the release's packages and image) from Debian when
// they are missing and we may; otherwise, or when apt fails, says in one line what to install and how, and
// exits 1.
//
// apt takes locks that another apt may hold (unattended-upgrades at boot, apt-daily): `apt-get install` waits
// for the dpkg lock with -o DPkg::Lock::Timeout; `apt-get update` does not wait for the lists lock (apt 2.6
// applies DPkg::Lock::Timeout to the dpkg locks only), so it is run again until the lock is free, within the
// same time. Everything is looked up on $PATH: the tests run this script with a PATH of fakes.
import { spawn, spawnSync } from 'node:child_process';

const tools = {
  zsh: 'zsh',
  fish: 'fish',
  mandoc: 'mandoc',
  bash: 'bash',
  tmux: 'tmux',
  groff: 'groff',
  man: 'man-db',
  pdftoppm: 'poppler-utils',
  curl: 'curl',
  jq: 'jq',
  chromium: 'chromium',
  'qemu-aarch64-static': ['qemu-user-static', 'libc6-arm64-cross', 'libstdc++6-arm64-cross'],
  // The release's packages: lintian and dpkg-shlibdeps (dpkg-dev) check the .deb; ruby checks the Homebrew
  // formula; skopeo, umoci, podman and runc read and run the image.
  lintian: 'lintian',
  'dpkg-shlibdeps': 'dpkg-dev',
  ruby: 'ruby',
  skopeo: 'skopeo',
  umoci: 'umoci',
  podman: 'podman',
  runc: 'runc',
};
const env = process.env;
const lockSeconds = Number(env.ENSURE_TOOLS_LOCK_TIMEOUT ?? 120);
const found = (bin) =>
  spawnSync('/bin/sh', ['-c', `command -v ${bin}`], { env, stdio: 'ignore' }).status === 0;
const missingPackages = () =>
  Object.entries(tools)
    .filter(([bin]) => !found(bin))
    .flatMap(([, pkg]) => pkg);
const isRoot = () => {
  const id = spawnSync('/bin/sh', ['-c', 'id -u'], { env, encoding: 'utf8' });
  return (id.status === 0 ? Number(id.stdout.trim()) : process.getuid?.()) === 0;
};

const missing = missingPackages();
if (missing.length === 0) process.exit(0);
const root = isRoot();
const install = `${root ? '' : 'sudo '}apt-get install -y ${missing.join(' ')}`;

/** The one line the user needs: why, which packages, and the command that installs them. */
function fail(reason) {
  console.error(
    `ensure-tools: ${reason}; the tests need ${missing.join(', ')}: install them with \`${install}\` and run npm test again`,
  );
  process.exit(1);
}

/**
 * Runs apt-get with its output on ours (its errors too, unless `quietLock` and they are about a held lock);
 * resolves to its exit status and whether it reported a held lock.
 */
function aptGet(args, quietLock = false) {
  return new Promise((resolve) => {
    const child = spawn('apt-get', args, {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!quietLock) process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ status: -1, locked: false, error }));
    child.on('close', (status) => {
      const locked = /Could not get lock|Unable to lock|Unable to acquire the dpkg/.test(stderr);
      if (quietLock && !locked) process.stderr.write(stderr);
      resolve({ status, locked });
    });
  });
}

if (!root || !found('apt-get')) fail(root ? 'apt-get is not available' : 'only root may install them here');
console.error(`Installing ${missing.join(', ')} from Debian for the tests that drive them...`);
const lock = ['-o', `DPkg::Lock::Timeout=${lockSeconds}`];
const deadline = Date.now() + lockSeconds * 1000;
let update = await aptGet(['update', '-qq', ...lock], true);
if (update.locked) {
  console.error(`ensure-tools: another apt holds the package lists; waiting up to ${lockSeconds} s for it`);
}
while (update.locked && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  update = await aptGet(['update', '-qq', ...lock], true);
}
if (update.status !== 0) {
  fail(
    update.locked
      ? `apt-get update: the package lists were still locked by another apt after ${lockSeconds} s`
      : `apt-get update failed (${update.error ? update.error.message : `exit ${update.status}`})`,
  );
}
const result = await aptGet(['install', '-y', '-qq', ...lock, ...missing]);
if (result.status !== 0) {
  fail(
    result.locked
      ? `apt-get install: dpkg was still locked by another process after ${lockSeconds} s`
      : `apt-get install failed (${result.error ? result.error.message : `exit ${result.status}`})`,
  );
}
const still = missingPackages();
if (still.length) fail(`apt-get install succeeded but ${still.join(', ')} still cannot be found on PATH`);
