import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { Capture } from '../helpers/cli.js';
import { type ContractServer, startPrism } from './prism.js';
import { pathSamples } from './samples.js';
import { vendorFile, vendorPresent } from './vendor.js';

/**
 * The commands whose answers must have the shape they read (a wrong shape is exit 8): run in-process against
 * the vendor's examples, none may find the documented answers unreadable.
 */
const commands: string[][] = [
  ['whoami'],
  ['auth', 'status'],
  ['tokens', 'list'],
  ['roles', 'list'],
  ['roles', 'list', '--access-token'],
  ['scopes', 'list'],
  ['scopes', 'available'],
  ['apps', 'list'],
  ['apps', 'show', 'payments-api'],
  ['apps', 'branches'],
  ['apps', 'scan-branches', 'payments-api'],
  ['apps', 'config', 'show', 'payments-api'],
  ['apps', 'config', 'merged', 'payments-api'],
  ['app-groups', 'list'],
  ['app-groups', 'show', 'web'],
  ['analyze-failures', 'list'],
  ['compounds', 'show', 'shop'],
  ['compounds', 'show', 'shop', '--full'],
  ['compounds', 'scans', 'shop'],
  ['compounds', 'scans', 'shop', '--streamlined'],
  ['compounds', 'branches', 'shop'],
  ['compounds', 'scan', 'shop', '7'],
  ['compounds', 'fixes-stats'],
  ['findings', 'list', '--app', 'payments-api'],
  ['findings', 'list', '--compound', 'shop'],
  ['findings', 'list'],
  ['findings', 'list', '--app', 'payments-api', '-o', 'sarif'],
  ['findings', 'summary'],
  ['findings', 'summary', '--app', 'payments-api'],
  ['findings', 'summary', '--app', 'payments-api', '--version', 'v1'],
  ['findings', 'show', '--app', 'payments-api', '12'],
  ['findings', 'fix', '--app', 'payments-api', '12'],
  ['findings', 'comment', 'list', '--app', 'payments-api', '12'],
  ['scans', 'list', '--app', 'payments-api'],
  ['scans', 'show', '--app', 'payments-api', '12'],
  ['scans', 'report', '--app', 'payments-api', '12'],
  ['scans', 'owasp', '--app', 'payments-api', '12'],
  ['scans', 'compare', '--app', 'payments-api', '--source', 'scan.1', '--target', 'scan.2'],
  ['dependencies', 'search', 'log4j'],
  ['packages', 'show', 'pkg:maven/commons-io/commons-io@2.5'],
  ['sca', 'packages', '--app', 'payments-api'],
];

(vendorPresent ? describe : describe.skip)(
  'contract: read commands find the documented answers readable',
  () => {
    let server: ContractServer;
    let configDir: string;
    const dispatcher = new Agent();

    beforeAll(async () => {
      configDir = mkdtempSync(join(tmpdir(), 'secscan-contract-reads-'));
      writeFileSync(join(configDir, 'rules.yml'), 'rules:\n  - id: every\n');
      server = await startPrism(vendorFile);
    });

    afterAll(async () => {
      await dispatcher.close();
      await server?.close();
      rmSync(configDir, { recursive: true, force: true });
    });

    it.each(commands)('%s %s %s %s', async (...argv) => {
      const stdout = new Capture(false);
      const stderr = new Capture(false);
      const input = Readable.from([]) as Readable & { isTTY?: boolean };
      input.isTTY = false;
      const before = server.requests.length;
      const code = await main({
        argv,
        version: '0.0.0-contract',
        io: { stdin: input, stdout, stderr },
        env: {
          SECSCAN_BASE_URL: server.baseUrl,
          SECSCAN_TOKEN: 'contract-test-token',
          SECSCAN_ORG_ID: pathSamples.orgID,
          SECSCAN_CONFIG_DIR: configDir,
        },
        dispatcher,
        signal: new AbortController().signal,
      });
      const violations = server.requests
        .slice(before)
        .flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}: ${v.message}`));
      expect(violations).toEqual([]);
      expect(stderr.text).not.toMatch(/unexpected response|the answer/);
      expect([code, stderr.text]).toEqual([0, expect.any(String)]);
    });
  },
);
