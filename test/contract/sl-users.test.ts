import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { Capture } from '../helpers/cli.js';
import { type ContractServer, type RecordedRequest, startPrism } from './prism.js';
import { pathSamples } from './samples.js';
import { vendorFile, vendorPresent } from './vendor.js';

/**
 * What `sl` users bring (an sl check-analysis v2 rules file, the sl CLI's config.json) and the finding
 * readers of the service's shapes, run in-process against the vendor document served by Prism.
 */
(vendorPresent ? describe : describe.skip)(
  'contract: sl rules files, --from-sl and finding locations',
  () => {
    let server: ContractServer;
    let dir: string;
    const dispatcher = new Agent();

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'secscan-contract-sl-'));
      server = await startPrism(vendorFile);
    });

    afterAll(async () => {
      await dispatcher.close();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    async function secscan(argv: string[], env: Record<string, string> = {}) {
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
          SECSCAN_ORG_ID: pathSamples.orgID as string,
          SECSCAN_CONFIG_DIR: join(dir, 'config'),
          ...env,
        },
        dispatcher,
        signal: new AbortController().signal,
      });
      const sent: RecordedRequest[] = server.requests.slice(before);
      return { code, stdout: stdout.text, stderr: stderr.text, sent };
    }

    const violations = (sent: RecordedRequest[]) =>
      sent.flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}: ${v.message}`));

    // Without `source:`: the document's oneOf of {branch} and {scan} matches both for any object (see samples.ts).
    it('scans check --rules with an sl v2 file sends a check body the document accepts', async () => {
      const rules = join(dir, 'shiftleft.yml');
      writeFileSync(
        rules,
        'build_rules:\n  - id: no-crits\n    finding_types: [vuln]\n' +
          '    cvss_31_severity_ratings: [critical]\n    threshold: 0\n    options: {num_findings: 5, reachable: true}\n',
      );
      const run = await secscan([
        'scans',
        'check',
        '--compound',
        'storefront',
        '--rules',
        rules,
        '-o',
        'json',
      ]);
      expect(violations(run.sent)).toEqual([]);
      expect(run.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
        `POST /api/v4/orgs/${pathSamples.orgID}/apps/storefront/scans/check`,
      ]);
      // Prism makes up the answer's rule ids: a gate that finds no result for its rule fails closed (exit 8).
      expect(run.code).toBe(8);
      expect(run.stderr).toContain('CheckScans: the answer has no result for rule no-crits');
    });

    it('auth login --from-sl verifies the imported token against the document', async () => {
      const config = join(dir, 'sl-config.json');
      writeFileSync(config, JSON.stringify({ orgId: pathSamples.orgID, accessToken: 'contract-test-token' }));
      const run = await secscan(['auth', 'login', '--from-sl', config], {
        SECSCAN_TOKEN: '',
        SECSCAN_ORG_ID: '',
      });
      expect(violations(run.sent)).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`Imported the organization id and access token of ${config}.`);
      expect(run.stderr).not.toContain('contract-test-token');
    });

    it('findings show and findings list -o sarif read the document’s findings without failing', async () => {
      const show = await secscan(['findings', 'show', '--app', 'shiftleft-java-demo', '42']);
      expect(violations(show.sent)).toEqual([]);
      expect(show.code).toBe(0);
      expect(show.stdout).toMatch(/^location\t/m);
      const sarif = await secscan(['findings', 'list', '--app', 'shiftleft-java-demo', '-o', 'sarif']);
      expect(violations(sarif.sent)).toEqual([]);
      expect(sarif.code).toBe(0);
      const log = JSON.parse(sarif.stdout);
      for (const result of log.runs[0].results) {
        expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
      }
    });
  },
);
