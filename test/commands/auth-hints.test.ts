import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, jwt, ORG, ORIGIN, OTHER_ORG, useCli } from '../helpers/cli.js';

/** Refusals the settings explain: the hint names what to do, not `auth status` or the scopes. */
const cli = useCli();
const apps = { path: {} };

describe('hints of a refusal the settings explain', () => {
  it('--org not the token’s organization: the hint names the token’s own (its orgID claim)', async () => {
    cli.stub('ListApps', { ...apps, path: { orgID: OTHER_ORG } }).reply(403, {
      ok: false,
      code: 'FORBIDDEN',
      message: `the token does not belong to organization ${OTHER_ORG}`,
    });
    const r = await cli.run(['--org', OTHER_ORG, 'apps', 'list'], { env: authEnv() });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toBe(
      `hint: the token is of organization ${ORG} (its orgID claim), not ${OTHER_ORG} (from --org): use --org ${ORG}, or a token of organization ${OTHER_ORG}`,
    );
  });

  it('a 403 of the token’s own organization keeps the scopes hint', async () => {
    cli.stub('ListApps').reply(403, { ok: false, code: 'FORBIDDEN', message: 'missing scope apps:list' });
    const r = await cli.run(['apps', 'list'], { env: authEnv() });
    expect(r.stderr.split('\n')[1]).toBe(
      "hint: the token's role lacks a scope this needs: see `secscan scopes list`",
    );
  });

  it('an expired token: log in again, with the profile (not `auth status`, which fails the same way)', async () => {
    const expired = jwt({ orgID: ORG, exp: Math.floor(Date.parse('2024-01-01') / 1000) });
    writeFileSync(
      join(cli.configDir, 'config.json'),
      JSON.stringify({ current_profile: 'ci', profiles: { ci: { base_url: ORIGIN, token: expired } } }),
      { mode: 0o600 },
    );
    cli.stub('ListApps').reply(401, { ok: false, code: 'UNAUTHORIZED', message: 'token expired' });
    const r = await cli.run(['apps', 'list']);
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toBe(
      'hint: the token has expired: log in again: `secscan auth login --profile ci`',
    );
    cli.stub('ListApps').reply(401, { ok: false, code: 'UNAUTHORIZED', message: 'unauthorized' });
    const fromEnv = await cli.run(['apps', 'list'], { env: authEnv({ SECSCAN_TOKEN: expired }) });
    expect(fromEnv.stderr.split('\n')[1]).toBe(
      "hint: the token in $SECSCAN_TOKEN has expired: set a new one (while it is set, no profile's token is used)",
    );
  });
});
