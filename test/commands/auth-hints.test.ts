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

  it('a malformed token and no organization: the token is named, not the organization, and nothing is sent', async () => {
    const r = await cli.run(['apps', 'list'], { env: authEnv({ SECSCAN_TOKEN: 'garbage' }) });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      'error: the token (from $SECSCAN_TOKEN) is malformed: a token is a JWT, three base64url parts joined by dots (header.payload.signature), and this is not, so it names no organization',
      'hint: copy the whole access token from the dashboard; with --org (or SECSCAN_ORG_ID) it is sent as it is',
    ]);
    expect(cli.calls()).toEqual([]);
    const claims = await cli.run(['apps', 'list'], { env: authEnv({ SECSCAN_TOKEN: 'abc.def.ghi' }) });
    expect(claims.code).toBe(3);
    expect(claims.stderr.split('\n')[0]).toBe(
      'error: the token (from $SECSCAN_TOKEN) is malformed: its middle part (the claims) is not base64url-encoded JSON, so it names no organization',
    );
    // A JWT that names no organization is a missing organization, as before.
    const none = await cli.run(['apps', 'list'], { env: authEnv({ SECSCAN_TOKEN: jwt({}) }) });
    expect(none.stderr.split('\n')[0]).toBe(
      'error: no organization id: pass --org, set SECSCAN_ORG_ID, or log in with a token that names one',
    );
    expect(cli.calls()).toEqual([]);
  });

  it('a malformed token with --org is sent; its 401 says the token is malformed', async () => {
    cli.stub('ListApps').reply(401, { ok: false, code: 'UNAUTHORIZED', message: 'unauthorized' });
    const r = await cli.run(['--org', ORG, 'apps', 'list'], { env: authEnv({ SECSCAN_TOKEN: 'garbage' }) });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[1]).toBe(
      'hint: the token (from $SECSCAN_TOKEN) is malformed: a token is a JWT, three base64url parts joined by dots (header.payload.signature), and this is not; copy the whole access token from the dashboard',
    );
  });
});
