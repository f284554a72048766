// Installs the consumers' validators the tests run (test/tools/package.json: cdxgen's cdx-validate and
// cdx-convert) into test/tools/node_modules, from its lock file, when they are missing or the lock changed.
// `npm install`, not `npm ci`: cdxgen 12.8 declares optional packages of @cdxgen/safer-exec that the
// registry does not have (darwin, linux-arm64), which `npm ci` refuses as missing from the lock file, and
// `npm install` skips as it does any optional package it cannot get. No install scripts run.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../test/tools/', import.meta.url));
const installed = `${dir}node_modules/.package-lock.json`;
const fresh =
  existsSync(installed) && statSync(installed).mtimeMs >= statSync(`${dir}package-lock.json`).mtimeMs;
if (!fresh) {
  console.error('Installing the validators the tests run (test/tools: @cyclonedx/cdxgen)...');
  const npm = spawnSync(
    'npm',
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, stdio: 'inherit' },
  );
  if (npm.status !== 0) {
    console.error(
      `test-tools: \`npm install\` in test/tools failed (exit ${npm.status ?? npm.signal}); run it there and npm test again`,
    );
    process.exit(1);
  }
}
