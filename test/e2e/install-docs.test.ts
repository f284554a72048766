import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Release, release } from '../helpers/release.js';
import { docBlocks } from './ci/setup.js';

/**
 * The install lines of the README and of docs/guide/install.md, run as printed: `sh -c` of the block, with a
 * `curl` first on PATH that answers every `https://github.com/OWNER/NAME/releases/download/vX.Y.Z/FILE` with
 * FILE of a release built here (nothing leaves the machine), and logs what it was asked for. A curl that
 * fails must fail the line: `curl ... | sh` would exit 0.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-install-docs-'));
let rel: Release;

beforeAll(() => {
  rel = release();
}, 600_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

const fakeCurl = `#!/bin/sh
out=''
remote=0
url=''
while [ $# -gt 0 ]; do
  case "$1" in
    --output | -o) out="$2"; shift ;;
    --proto | --proto-redir | --retry | --cacert) shift ;;
    --*) ;;
    -*O*) remote=1 ;;
    -*) ;;
    *) url="$1" ;;
  esac
  shift
done
echo "$url" >> "$CURL_LOG"
[ "\${CURL_FAILS:-}" != 1 ] || { echo "curl: (6) Could not resolve host: github.com" >&2; exit 6; }
file="\${url##*/}"
case "$url" in
  https://github.com/*/*/releases/download/v"$RELEASE_VERSION"/*) ;;
  *) echo "curl: (22) The requested URL returned error: 404" >&2; exit 22 ;;
esac
[ -f "$RELEASE_DIR/$file" ] || { echo "curl: (22) The requested URL returned error: 404" >&2; exit 22; }
[ "$remote" = 1 ] && out="$file"
cp "$RELEASE_DIR/$file" "$out"
`;

const installLines = () =>
  ['README.md', 'docs/guide/install.md'].map((page) => {
    const block = docBlocks(page, 'sh').find((b) => b.includes('install.sh && sh install.sh'));
    if (!block) throw new Error(`${page}: no install block`);
    return [page, block] as const;
  });

let count = 0;
function run(block: string, env: Record<string, string> = {}) {
  const dir = join(temp, `run-${(count += 1)}`);
  const fakes = join(dir, 'fakes');
  mkdirSync(fakes, { recursive: true });
  writeFileSync(join(fakes, 'curl'), fakeCurl);
  chmodSync(join(fakes, 'curl'), 0o755);
  const log = join(dir, 'curl.log');
  const r = spawnSync('sh', ['-c', block], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: `${fakes}:${process.env.PATH}`,
      HOME: join(dir, 'home'),
      CURL_LOG: log,
      RELEASE_DIR: rel.dir,
      RELEASE_VERSION: rel.version,
      ...env,
    },
  });
  const asked = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { ...r, asked, bin: join(dir, 'home', '.local', 'bin') };
}

describe('the install lines of the docs', () => {
  it.each(installLines())(
    '%s: installs the release as printed, from the repository its install.sh names',
    (_, block) => {
      const r = run(block);
      expect(r.stderr).toContain(
        `install.sh: secscan ${rel.version} is installed: ${r.bin}/secscan (binary)\n`,
      );
      expect(r.status).toBe(0);
      const at = `releases/download/v${rel.version}`;
      expect(r.asked).toEqual([
        `https://github.com/your-org/secscan/${at}/install.sh`,
        `https://github.com/secscan-test/secscan/${at}/SHA256SUMS`,
        `https://github.com/secscan-test/secscan/${at}/secscan-linux-x64`,
      ]);
      expect(spawnSync(join(r.bin, 'secscan'), ['--version'], { encoding: 'utf8' }).stdout).toBe(
        `${rel.version}\n`,
      );
    },
  );

  it.each(installLines())(
    '%s: fails with curl when the download fails, where `curl | sh` exits 0',
    (_, block) => {
      const failed = run(block, { CURL_FAILS: '1' });
      expect(failed.status).toBe(6);
      expect(existsSync(failed.bin)).toBe(false);
      const piped = run(block.replace(/curl -fsSLO (\S+) && sh install\.sh/, 'curl -fsSL $1 | sh'), {
        CURL_FAILS: '1',
      });
      expect(piped.asked).toHaveLength(1);
      expect(piped.status).toBe(0);
    },
  );
});
