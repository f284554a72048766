import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * Runs the shell examples of the README's integrations section, in order, against a real sandbox, with this
 * checkout's binary as `secscan` (and CI set, so `--open` opens nothing).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const start = readme.indexOf('## Integrations: chat, work board, cloud platform');
const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string);

const temp = mkdtempSync(join(tmpdir(), 'secscan-readme-integrations-'));
const shims = join(temp, 'bin');
let sandbox: RunningSandbox;

beforeAll(async () => {
  mkdirSync(shims);
  writeFileSync(join(shims, 'secscan'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(join(shims, 'secscan'), 0o755);
  if (spawnSync('sh', ['-c', 'command -v curl']).status !== 0) {
    // Only what the README does with curl: `curl -sLd DATA URL`, a form POST whose redirects are followed.
    const script = join(shims, 'curl.mjs');
    writeFileSync(
      script,
      "const [, , , data, url] = process.argv;\nconst res = await fetch(url, { method: 'POST', body: data });\n" +
        'process.stdout.write(await res.text());\nprocess.exit(res.ok ? 0 : 22);\n',
    );
    writeFileSync(join(shims, 'curl'), `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`);
    chmodSync(join(shims, 'curl'), 0o755);
  }
  writeFileSync(join(temp, 'wiz-secret.txt'), 'readme-wiz-secret-31c7\n');
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox?.stop();
  rmSync(temp, { recursive: true, force: true });
});

describe('the README’s integrations examples', () => {
  it('has them', () => {
    expect(blocks).toHaveLength(2);
  });

  it.each(blocks.map((block, i) => [i + 1, block] as const))(
    'block %i runs against the sandbox',
    (_i, block) => {
      const res = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', block], {
        cwd: temp,
        encoding: 'utf8',
        env: {
          PATH: `${shims}:${process.env.PATH}`,
          HOME: temp,
          CI: 'true',
          SECSCAN_CONFIG_DIR: join(temp, 'config'),
          SECSCAN_BASE_URL: sandbox.baseUrl,
          SECSCAN_ORG_ID: sandbox.orgId,
          SECSCAN_TOKEN: sandbox.token,
        },
      });
      expect(res.stderr).not.toContain('error:');
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout + res.stderr).not.toContain('readme-wiz-secret-31c7');
    },
  );
});
