// Installs the system tools the test suite drives for real (bash, zsh and fish under tmux for completions;
// mandoc, groff and man for the man pages; pdftoppm from poppler-utils for the sandbox's PDF reports;
// chromium, headless, for the HTML trends report) from Debian when they are missing and we may; otherwise
// says what to install.
import { execFileSync, spawnSync } from 'node:child_process';

const tools = {
  zsh: 'zsh',
  fish: 'fish',
  mandoc: 'mandoc',
  bash: 'bash',
  tmux: 'tmux',
  groff: 'groff',
  man: 'man-db',
  pdftoppm: 'poppler-utils',
  chromium: 'chromium',
};
const missing = Object.entries(tools)
  .filter(([bin]) => spawnSync('sh', ['-c', `command -v ${bin}`]).status !== 0)
  .map(([, pkg]) => pkg);

if (missing.length === 0) process.exit(0);
const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `The tests need: ${missing.join(', ')}. Install them (e.g. sudo apt-get install -y ${missing.join(' ')}).`,
  );
  process.exit(1);
}
console.error(`Installing ${missing.join(', ')} from Debian for the tests that drive them...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
