import { expect, it } from 'vitest';
import { type Operation, pathParams } from '@secscan/api/operation';
import { documentedOperations, type OperationId } from '@secscan/api/operations';
import { OrgConfig } from '@secscan/api/schemas/org-config';
import { TeamSummary } from '@secscan/api/schemas/teams';
import { describeContract, violations } from './harness.js';
import { bodySamples, pathSamples, querySamples } from './samples.js';

/** `secscan api ID` with the samples: path and query as -F fields, the body on standard input. */
function apiArgs(op: Operation): { argv: string[]; stdin?: string } {
  const argv = ['api', op.id];
  for (const name of pathParams(op.path)) {
    if (name !== 'orgID') argv.push('-F', `${name}=${pathSamples[name]}`);
  }
  for (const [key, value] of Object.entries(querySamples[op.id as OperationId] ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) argv.push('-F', `${key}=${String(v)}`);
  }
  const body = bodySamples[op.id as OperationId];
  if (body === undefined) return { argv };
  argv.push('--input', '-');
  return { argv, stdin: typeof body === 'string' ? body : JSON.stringify(body) };
}

describeContract('contract: `secscan api` against the vendor document', (cli) => {
  it('`secscan api ReadOrgConfig` prints the organization configuration', async () => {
    const run = await cli.run(['api', 'ReadOrgConfig']);
    expect(violations(run)).toEqual([]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v4/orgs/${pathSamples.orgID}/configuration`,
    ]);
    const body = JSON.parse(run.stdout) as { ok: boolean; response: unknown };
    expect(body.ok).toBe(true);
    expect(OrgConfig.safeParse(body.response).success).toBe(true);
  });

  it('`secscan api ListTeams` prints the teams', async () => {
    const run = await cli.run(['api', 'ListTeams', '-F', 'no_members=true']);
    expect(violations(run)).toEqual([]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v4/orgs/${pathSamples.orgID}/rbac/teams?no_members=true`,
    ]);
    const body = JSON.parse(run.stdout) as { ok: boolean; response: unknown };
    expect(TeamSummary.array().safeParse(body.response).success).toBe(true);
  });

  it('sends -F fields as the body a write takes, a DELETE included', async () => {
    const update = await cli.run([
      'api',
      'UpdateOrgUser',
      '-F',
      `userIDv2=${pathSamples.userIDv2}`,
      '-F',
      'org_role=MEMBER',
    ]);
    const remove = await cli.run([
      'api',
      'DeleteTeam',
      '-F',
      `rbacTeamID=${pathSamples.rbacTeamID}`,
      '-F',
      'version=3',
    ]);
    expect([...violations(update), ...violations(remove)]).toEqual([]);
    expect([update.code, remove.code]).toEqual([0, 0]);
  });

  it.each(documentedOperations.map((op) => [op.id, op] as const))(
    '`secscan api %s` sends no request violation',
    async (_id, op) => {
      const { argv, stdin } = apiArgs(op);
      const redirect = (op.successStatus ?? 200) >= 300 ? op.successStatus : undefined;
      const run = await cli.run(argv, { stdin, prefer: redirect });
      expect(violations(run)).toEqual([]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.sent[0]?.status).toBe(op.successStatus ?? 200);
    },
  );
});
