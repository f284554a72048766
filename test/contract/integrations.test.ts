import { mkdtempSync, rmSync } from 'node:fs';
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

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  sent: RecordedRequest[];
}

const app = pathSamples.appID as string;
const compound = pathSamples.compoundName as string;
const secret = 'contract-client-secret-7d1e';

/** Each integrations command with what it needs: the 302 of the authorization starts is asked of Prism. */
const cases: { argv: string[]; stdin?: string; prefer?: number; sends: string[] }[] = [
  { argv: ['chat', 'authorize'], prefer: 302, sends: ['GET /slack/authorize/orgs/{org}'] },
  { argv: ['chat', 'remove', '--yes'], sends: ['DELETE /slack/orgs/{org}'] },
  { argv: ['board', 'status'], sends: ['GET /azureboard/authorization/orgs/{org}/status'] },
  { argv: ['board', 'authorize'], prefer: 302, sends: ['GET /azureboard/authorization/orgs/{org}'] },
  { argv: ['board', 'orgs'], sends: ['GET /orgs/{org}/integrations/azureboard/organizations'] },
  {
    argv: ['board', 'link', app, '--board-org', 'acme', '--project', 'Payments', '--work-item-type', 'Bug'],
    sends: [`PUT /orgs/{org}/apps/${app}/integrations/azureboard/association`],
  },
  {
    argv: ['board', 'show', app],
    sends: [`GET /orgs/{org}/apps/${app}/integrations/azureboard/association`],
  },
  {
    argv: ['board', 'unlink', app, '--yes'],
    sends: [`DELETE /orgs/{org}/apps/${app}/integrations/azureboard/association`],
  },
  {
    argv: ['board', 'finding', app, '42'],
    sends: [`GET /orgs/{org}/apps/${app}/integrations/azureboard/findings/42`],
  },
  {
    argv: ['board', 'submit', app, '--scan', '17', '42', '43', '--param', 'area=Security'],
    sends: [
      `PUT /orgs/{org}/apps/${app}/integrations/azureboard/findings`,
      `GET /orgs/{org}/apps/${app}/integrations/azureboard/findings/42`,
      `GET /orgs/{org}/apps/${app}/integrations/azureboard/findings/43`,
    ],
  },
  { argv: ['cloud', 'creds', 'show'], sends: ['GET /orgs/{org}/integrations/wiz/creds'] },
  {
    argv: [
      'cloud',
      'creds',
      'set',
      '--client-id',
      'cid',
      '--auth-url',
      'https://auth.example/t',
      '--api-url',
      'https://api.example/g',
    ],
    stdin: secret,
    sends: ['PUT /orgs/{org}/integrations/wiz/creds'],
  },
  { argv: ['cloud', 'enrollment', 'show', '--org'], sends: ['GET /orgs/{org}/integrations/wiz/enrollment'] },
  {
    argv: ['cloud', 'enrollment', 'show', '--compound', compound],
    sends: [`GET /orgs/{org}/compounds/named/${compound}/integrations/wiz/enrollment`],
  },
  {
    argv: ['cloud', 'enrollment', 'set', '--org', '--for', 'SAST,SCA'],
    sends: ['PUT /orgs/{org}/integrations/wiz/enrollment'],
  },
  {
    argv: ['cloud', 'enrollment', 'set', '--compound', compound, '--disable'],
    sends: [`PUT /orgs/{org}/compounds/named/${compound}/integrations/wiz/enrollment`],
  },
  {
    argv: ['cloud', 'enrollment', 'remove', '--compound', compound, '--yes'],
    sends: [`DELETE /orgs/{org}/compounds/named/${compound}/integrations/wiz/enrollment`],
  },
];

(vendorPresent ? describe : describe.skip)(
  'contract: `secscan integrations` against the vendor document',
  () => {
    let server: ContractServer;
    let configDir: string;
    const dispatcher = new Agent();

    beforeAll(async () => {
      configDir = mkdtempSync(join(tmpdir(), 'secscan-contract-'));
      server = await startPrism(vendorFile);
    });

    afterAll(async () => {
      await dispatcher.close();
      await server?.close();
      rmSync(configDir, { recursive: true, force: true });
    });

    async function secscan(argv: string[], stdin?: string, preferStatus?: number): Promise<Run> {
      const stdout = new Capture(false);
      const stderr = new Capture(false);
      const input = Readable.from(stdin === undefined ? [] : [stdin]) as Readable & { isTTY?: boolean };
      input.isTTY = false;
      const before = server.requests.length;
      server.preferStatus = preferStatus;
      try {
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
        return { code, stdout: stdout.text, stderr: stderr.text, sent: server.requests.slice(before) };
      } finally {
        server.preferStatus = undefined;
      }
    }

    const violations = (run: Run) =>
      run.sent.flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}: ${v.message}`));
    const sent = (run: Run) =>
      run.sent.map(
        (r) => `${r.method} ${r.path.replace(`/api/v4`, '').replace(pathSamples.orgID as string, '{org}')}`,
      );

    it.each(cases.map((c) => [c.argv.join(' '), c] as const))(
      '`secscan integrations %s` sends valid requests and reads the answers',
      async (_name, c) => {
        const run = await secscan(['integrations', ...c.argv, '--debug'], c.stdin, c.prefer);
        expect(violations(run)).toEqual([]);
        expect(run.code, run.stderr).toBe(0);
        expect(sent(run)).toEqual(c.sends);
        expect(run.stdout + run.stderr).not.toContain(secret);
      },
    );

    it('`enrollment show --app` reads the app and the compound listing with valid requests', async () => {
      const run = await secscan(['integrations', 'cloud', 'enrollment', 'show', '--app', app, '-o', 'json']);
      expect(violations(run)).toEqual([]);
      expect(sent(run).slice(0, 2)).toEqual([
        `GET /orgs/{org}/apps/${app}`,
        'GET /orgs/{org}/compounds?archived=false&per_page=100',
      ]);
      // Prism answers every page with the same example, whose next_page names the org findings list: the
      // client refuses to mix another list's rows in (exit 8).
      if (run.code !== 0) {
        expect(run.code).toBe(8);
        expect(run.stderr).toContain('ListOrgCompounds: next_page names another list');
      } else {
        expect(JSON.parse(run.stdout)).toMatchObject({ app });
      }
    });
  },
);
