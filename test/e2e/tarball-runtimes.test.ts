import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { runtime, tarballRuntimes } from '../../scripts/release/runtimes.mjs';
import { readmeRules } from './ci/setup.js';

/**
 * The npm tarball keeps `engines >=20.19`: packed from the build, installed with npm i -g, then run on the
 * Node.js 20 of this machine and on the Node.js 22 and 24 of the registry (official builds pinned in
 * scripts/release/runtimes.mjs, fetched once into node_modules/.cache/secscan-runtimes): on each, the
 * sandbox, `findings list`, the gate and completion, and `--version --verbose` naming that Node.js.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'secscan-tarball-runtimes-'));
const prefix = join(temp, 'prefix');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

beforeAll(() => {
  const npm = (args: string[]) =>
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
  // The suite runs after `npm run build`: pack what was built (`prepack` would build again).
  npm(['pack', '--ignore-scripts', '--pack-destination', temp]);
  npm([
    'install',
    '--global',
    '--prefix',
    prefix,
    '--offline',
    '--ignore-scripts',
    join(temp, `secscan-${pkg.version}.tgz`),
  ]);
}, 600_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

const smoke = `set -eu
cd "$WORK"
secscan --version --verbose > verbose.txt
secscan sandbox --port 0 --ready-file sandbox.env > /dev/null 2> sandbox.log &
sandbox=$!
secscan sandbox wait sandbox.env
set -a; . ./sandbox.env; set +a
secscan findings list --app shiftleft-java-demo --severity critical --limit 2 -o json > findings.json
code=0
secscan scans check --compound shop --rules rules.yml --target-branch feature/checkout --source-branch main \\
  --report-junit junit.xml > gate.txt || code=$?
echo "gate: $code"
secscan completion bash > completion.bash
# The first TAB starts a refresh in the background (secscan running itself on the same Node.js).
tries=0
while [ ! -s tab.txt ] && [ "$tries" -lt 600 ]; do
  secscan __complete app > tab.txt
  tries=$((tries + 1))
done
kill -INT "$sandbox"
wait "$sandbox" || true
echo done
`;

const runtimes: [string, string][] = [
  [process.version, process.execPath],
  ...(tarballRuntimes as string[]).map((spec): [string, string] => [
    `v${spec.split('@')[1]}`,
    runtime(spec).binary,
  ]),
];

describe('the npm tarball on each Node.js it supports', () => {
  it.each(runtimes)(
    'on Node.js %s: the sandbox, findings list, the gate and completion',
    (version, node) => {
      const dir = join(temp, version);
      const work = join(dir, 'work');
      const bin = join(dir, 'bin');
      mkdirSync(work, { recursive: true });
      mkdirSync(bin);
      // `node` on PATH is this runtime: the installed shim (#!/usr/bin/env node) and secscan's own
      // background refresh run on it.
      symlinkSync(node, join(bin, 'node'));
      writeFileSync(join(work, 'rules.yml'), readmeRules);
      writeFileSync(join(dir, 'smoke.sh'), smoke);
      const r = spawnSync('/bin/sh', [join(dir, 'smoke.sh')], {
        encoding: 'utf8',
        timeout: 240_000,
        env: {
          PATH: `${bin}:${join(prefix, 'bin')}:/usr/bin:/bin`,
          HOME: join(dir, 'home'),
          SECSCAN_CONFIG_DIR: join(dir, 'config'),
          WORK: work,
        },
      });
      expect(r.stderr).toMatch(/^sandbox: ready at http:\/\/127\.0\.0\.1:\d+\n$/);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('gate: 1\ndone\n');
      const out = (file: string) => readFileSync(join(work, file), 'utf8');
      expect(out('verbose.txt')).toMatch(
        new RegExp(
          `^secscan ${pkg.version}\\ncommit [0-9a-f]{40}.*\\nNode\\.js ${version.replaceAll('.', '\\.')} \\(linux-x64, `,
        ),
      );
      expect(JSON.parse(out('findings.json'))).toHaveLength(2);
      expect(out('gate.txt')).toContain('no-new-critical');
      expect(out('junit.xml')).toContain('<testsuites');
      expect(out('completion.bash')).toContain('complete -F');
      expect(out('tab.txt')).toContain('shiftleft-java-demo');
    },
    300_000,
  );
});
