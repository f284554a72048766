import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, authEnv, ok, ORG, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';

/** Listings as a person reads them at 80 columns: what stays when the columns do not all fit. */
const cli = useCli();
const rows = [
  finding('12', {
    app: 'payments-api',
    title: 'SQL Injection: attacker-controlled data reaches a query',
    status: 'ignored',
    assignee: 'team-defined@initech.example',
  }),
  finding('9', {
    app: 'web-frontend',
    title: 'Log Forging: request data is written to the log',
    status: 'fixed',
  }),
];
/** Any page of a listing under `path` (the query as the command builds it). */
const listing = (path: string, findings: unknown[]) =>
  cli.api
    .intercept({ path: (p) => p.split('?')[0] === `${API}/orgs/${ORG}${path}`, method: 'GET' })
    .reply(200, ok({ has_more: false, findings }));
const tty = { env: { ...authEnv(), NO_COLOR: '1' }, stdoutTTY: true, columns: 80 };

describe('findings list at 80 columns', () => {
  it('a compound listing shows each finding’s APP (last: the columns before it stay where they were), and its STATUS, before TYPE, CATEGORY and ASSIGNEE', async () => {
    listing('/compounds/byname/shop/findings', rows);
    const r = await cli.run(['findings', 'list', '--compound', 'shop', '--status', 'any'], tty);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID +SEVERITY +TITLE +STATUS +APP$/);
    expect(lines[1]).toMatch(/^12 +high +SQL Injection.* +ignored +payments-api$/);
    expect(lines[2]).toMatch(/^9 +high +Log Forging.* +fixed +web-frontend$/);
    expect(r.stderr).toContain('Not shown at this width: TYPE, CATEGORY, ASSIGNEE');
  });

  it('the organization’s listing too; an app’s has no APP column', async () => {
    listing('/findings', rows);
    const org = await cli.run(['findings', 'list', '--org', '--status', 'any'], tty);
    expect(org.stdout.split('\n')[0]).toMatch(/^ID +SEVERITY +TITLE +STATUS +APP$/);
    // Piped: the same columns, APP after those an app's listing has.
    cli.api
      .intercept({ path: (p) => p.split('?')[0] === `${API}/orgs/${ORG}/findings`, method: 'GET' })
      .reply(200, ok({ has_more: false, findings: rows.slice(1) }));
    const piped = await cli.run(['findings', 'list', '--org', '--status', 'any'], { env: authEnv() });
    expect(piped.stdout).toBe(
      '9\thigh\tvuln\tLog Forging: request data is written to the log\tSQL Injection\tfixed\t\tweb-frontend\n',
    );
    listing('/apps/payments-api/findings', rows.slice(0, 1));
    const app = await cli.run(['findings', 'list', '--app', 'payments-api', '--status', 'any'], tty);
    expect(app.stdout.split('\n')[0]).toMatch(/^ID +SEVERITY +TITLE +STATUS$/);
  });

  it('with an ignore file, SUPPRESSED stays beside STATUS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-screens-'));
    const ignores = join(dir, 'ignore.yml');
    writeFileSync(ignores, 'ignores:\n  - id: 9\n    app: web-frontend\n    reason: accepted\n');
    listing('/compounds/byname/shop/findings', rows);
    const r = await cli.run(
      ['findings', 'list', '--compound', 'shop', '--status', 'any', '--ignore-file', ignores],
      tty,
    );
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID +SEVERITY +TITLE +STATUS +SUPPRESSED +APP$/);
    expect(lines[2]).toMatch(/ fixed +line 2 +web-frontend$/);
  });
});
