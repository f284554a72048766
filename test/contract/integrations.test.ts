import { expect, it } from 'vitest';
import { type ContractRun, describeContract, violations } from './harness.js';
import { pathSamples } from './samples.js';

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

describeContract('contract: `secscan integrations` against the vendor document', (cli) => {
  const sent = (run: ContractRun) =>
    run.sent.map(
      (r) => `${r.method} ${r.path.replace(`/api/v4`, '').replace(pathSamples.orgID as string, '{org}')}`,
    );

  it.each(cases.map((c) => [c.argv.join(' '), c] as const))(
    '`secscan integrations %s` sends valid requests and reads the answers',
    async (_name, c) => {
      const run = await cli.run(['integrations', ...c.argv, '--debug'], { stdin: c.stdin, prefer: c.prefer });
      expect(violations(run)).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      expect(sent(run)).toEqual(c.sends);
      expect(run.stdout + run.stderr).not.toContain(secret);
    },
  );

  it('`enrollment show --app` reads the app and the compound listing with valid requests', async () => {
    const run = await cli.run(['integrations', 'cloud', 'enrollment', 'show', '--app', app, '-o', 'json']);
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
});
