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

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  sent: RecordedRequest[];
}

const TEAM = pathSamples.rbacTeamID as string;

(vendorPresent ? describe : describe.skip)(
  'contract: the settings commands against the vendor document',
  () => {
    let server: ContractServer;
    let dir: string;
    const dispatcher = new Agent();

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'secscan-contract-settings-'));
      server = await startPrism(vendorFile);
    });

    afterAll(async () => {
      await dispatcher.close();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    async function secscan(argv: string[], stdin?: string): Promise<Run> {
      const stdout = new Capture(false);
      const stderr = new Capture(false);
      const input = Readable.from(stdin === undefined ? [] : [stdin]) as Readable & { isTTY?: boolean };
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
          SECSCAN_CONFIG_DIR: join(dir, 'config'),
        },
        dispatcher,
        signal: new AbortController().signal,
      });
      return { code, stdout: stdout.text, stderr: stderr.text, sent: server.requests.slice(before) };
    }

    function violations(run: Run): string[] {
      return run.sent.flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}: ${v.message}`));
    }

    function file(name: string, text: string): string {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    }

    const rules = 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n';

    it.each([
      [['org', 'autofix', 'show', '-o', 'json']],
      [['org', 'analysis', 'set', '--secrets-entropy', '0.5']],
      [['teams', 'config', 'show', TEAM, '-o', 'yaml']],
      [['teams', 'config', 'merged', TEAM]],
      [['policies', 'list', '--name', 'blah']],
      [['policies', 'show', 'default:v1']],
      [['webhook', 'show', '--version', '1']],
      [['webhook', 'events']],
      [['webhook', 'delete', '--yes']],
      [
        [
          'webhook',
          'set',
          '--url',
          'https://hooks.example.com/s',
          '--event',
          'scan.finished',
          '--email-on-failure',
        ],
      ],
      [['searches', 'list']],
      [['searches', 'create', 'Mine', '--path', '/findings', '--query', 'severity=high']],
      [['searches', 'update', 'string', '--query', 'severity=critical']],
      [['searches', 'delete', 'search-1', '--yes']],
    ])('%j: no request violation, exit 0', async (argv) => {
      const run = await secscan(argv);
      expect(violations(run)).toEqual([]);
      expect([run.code, run.stderr.startsWith('error:') ? run.stderr : '']).toEqual([0, '']);
    });

    it('`org config show -o yaml` goes back through `org config set` unchanged', async () => {
      const shown = await secscan(['org', 'config', 'show', '-o', 'yaml']);
      expect(shown.code).toBe(0);
      const set = await secscan(['org', 'config', 'set', file('org.yml', shown.stdout)]);
      expect(violations(set)).toEqual([]);
      expect([set.code, set.stderr]).toEqual([
        0,
        'Replaced the organization configuration. No setting changed.\n',
      ]);
      expect(set.sent.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET']);
      const patch = await secscan(['org', 'config', 'patch', '-'], 'session_timeout_hours: 24\n');
      expect(violations(patch)).toEqual([]);
      expect(patch.code).toBe(0);
    });

    it('replaces and patches a team configuration', async () => {
      const body = 'analysis_configuration:\n  secrets:\n    entropy: 0.5\n    disable: false\n';
      const set = await secscan(['teams', 'config', 'set', TEAM, file('team.yml', body), '--yes']);
      const patch = await secscan(
        ['teams', 'config', 'patch', TEAM, '-'],
        'analysis_configuration: {secrets: {disable: true}}\n',
      );
      expect([...violations(set), ...violations(patch)]).toEqual([]);
      expect([set.code, patch.code]).toEqual([0, 0]);
    });

    it('pushes a policy as YAML with its tag and useDefaults, and diffs a file against a stored one', async () => {
      const path = file('rules.yml', rules);
      const push = await secscan([
        'policies',
        'push',
        path,
        '--name',
        'default',
        '--tag',
        'v3',
        '--use-defaults',
        '-o',
        'json',
      ]);
      expect(violations(push)).toEqual([]);
      expect(push.code).toBe(0);
      expect(push.sent[0]?.path).toBe(
        `/api/v4/orgs/${pathSamples.orgID}/checkanalysis/policies/default?tag=v3&useDefaults=true`,
      );
      expect(JSON.parse(push.stdout)).toMatchObject({ name: 'default', tags: ['v1', 'v2', 'latest'] });
      const diff = await secscan(['policies', 'diff', 'default', path]);
      expect(violations(diff)).toEqual([]);
      expect(diff.code).toBe(0);
      expect(diff.stdout).toContain('+rules:\n');
    });

    it('sets up a webhook with a secret or a bearer token from standard input', async () => {
      const hmac = await secscan(
        [
          'webhook',
          'set',
          '--url',
          'https://hooks.example.com/s',
          '--event',
          'scan.finished',
          '--secret-stdin',
        ],
        'shared-secret\n',
      );
      const renewal = file(
        'renewal.yml',
        'renewalMetadata:\n  url: https://auth.example.com/token\n  method: POST\n  bodyFields: {grant_type: client_credentials}\nresponseHandling:\n  tokenField: access_token\n',
      );
      const bearer = await secscan(
        [
          'webhook',
          'set',
          '--url',
          'https://hooks.example.com/b',
          '--event',
          'scan.finished',
          '--token-stdin',
          '--renewal',
          renewal,
          '--version',
          '1',
        ],
        'a-token',
      );
      expect([...violations(hmac), ...violations(bearer)]).toEqual([]);
      expect([hmac.code, bearer.code]).toEqual([0, 0]);
      expect(hmac.stdout + bearer.stdout).not.toMatch(/shared-secret|a-token/);
    });
  },
);
