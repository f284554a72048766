import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, secscanInTerminal, startSandbox } from './sandbox.js';

let sandbox: RunningSandbox;
let base: Record<string, string>;
let config: ReturnType<typeof isolatedEnv>;

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  config = isolatedEnv();
  base = {
    ...config.env,
    ...sandbox.settings,
  };
});
afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const out = (res: { stdout: unknown }) => String(res.stdout);
const apiRequests = () => sandbox.log.filter((line) => / \/api\/v4\//.test(line)).length;

/** What a person does in the browser: open the address, press Approve. */
async function approveInBrowser(address: string): Promise<string> {
  const page = await fetch(address);
  expect(page.status).toBe(200);
  const approved = await fetch(address, { method: 'POST' });
  expect(approved.status).toBe(200);
  return page.text();
}

describe('integrations board, as a user runs it', () => {
  it('authorizes through the sandbox’s stand-in page, links an app, files findings and unlinks', async () => {
    const before = await secscan(['integrations', 'board', 'status'], base);
    expect([before.exitCode, out(before)]).toEqual([0, 'authorized\tfalse\nauthorized_at\t']);

    const authorize = await secscan(['integrations', 'board', 'authorize'], base);
    expect(authorize.exitCode).toBe(0);
    const address = out(authorize).trim();
    expect(address).toMatch(new RegExp(`^${sandbox.baseUrl}/sandbox/consent/board\\?state=[0-9a-f]+$`));
    expect(await approveInBrowser(address)).toContain('stands in for Azure DevOps');

    const status = await secscan(['integrations', 'board', 'status', '-o', 'json'], base);
    expect(JSON.parse(out(status))).toMatchObject({ authorized: true });
    expect(out(await secscan(['integrations', 'board', 'orgs'], base))).toBe(
      'sandbox-devops\nsandbox-security',
    );

    const link = await secscan(
      [
        'integrations',
        'board',
        'link',
        'payments-api',
        '--board-org',
        'sandbox-devops',
        '--project',
        'Pay\u001b[31mments',
      ],
      base,
    );
    expect(link.exitCode).toBe(0);
    const show = await secscanInTerminal(['integrations', 'board', 'show', 'payments-api'], {
      ...base,
      NO_COLOR: '1',
    });
    expect(show.exitCode).toBe(0);
    expect(out(show)).toContain('Organization:   sandbox-devops');
    expect(out(show)).not.toContain('\u001b[31m');

    const scans = await secscan(['scans', 'list', '--app', 'payments-api', '-o', 'json'], base);
    const scan = JSON.parse(out(scans))[0].id as string;
    const findings = await secscan(
      ['findings', 'list', '--app', 'payments-api', '--limit', '2', '-o', 'json'],
      base,
    );
    const submit = await secscan(
      ['integrations', 'board', 'submit', 'payments-api', '--scan', scan, '--ids-from', '-', '-o', 'json'],
      base,
      { input: out(findings), stdin: undefined },
    );
    expect(submit.exitCode).toBe(0);
    const items = JSON.parse(out(submit)) as { finding_id: string; azure_workitem_url: string }[];
    expect(items).toHaveLength(2);
    const page = await fetch(items[0]?.azure_workitem_url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Finding ${items[0]?.finding_id} of app payments-api`);

    const finding = await secscan(
      ['integrations', 'board', 'finding', 'payments-api', items[0]?.finding_id as string],
      base,
    );
    expect(out(finding)).toContain(`azure_workitem_url\t${items[0]?.azure_workitem_url}\n`);

    const noScan = await secscan(
      ['integrations', 'board', 'submit', 'payments-api', '--scan', '999999', '1'],
      base,
    );
    expect(noScan.exitCode).toBe(6);

    expect((await secscan(['integrations', 'board', 'unlink', 'payments-api', '--yes'], base)).exitCode).toBe(
      0,
    );
    const gone = await secscan(['integrations', 'board', 'show', 'payments-api'], base);
    expect(gone.exitCode).toBe(5);
    expect(String(gone.stderr)).toContain('hint: link it with `secscan integrations board link payments-api');
  });

  it('refuses bad flags with one line and exit 2, sending nothing', async () => {
    const sent = apiRequests();
    for (const args of [
      ['integrations', 'board', 'link', 'payments-api', '--project', 'P'],
      ['integrations', 'board', 'submit', 'payments-api', '--scan', 'x', '1'],
      ['integrations', 'cloud', 'enrollment', 'set', '--org', '--for', 'DAST'],
      ['integrations', 'cloud', 'enrollment', 'show'],
    ]) {
      const res = await secscan(args, base);
      expect(res.exitCode).toBe(2);
      expect(String(res.stderr).split('\n')[0]).toMatch(/^error: /);
    }
    await sleep(50);
    expect(apiRequests()).toBe(sent);
  });
});

describe('integrations chat, as a user runs it', () => {
  it('authorizes and disconnects', async () => {
    const authorize = await secscan(['integrations', 'chat', 'authorize', '--open'], base);
    expect(authorize.exitCode).toBe(0);
    expect(String(authorize.stderr)).toContain(
      '--open: not at a terminal (or CI is set), so no browser is opened.',
    );
    expect(await approveInBrowser(out(authorize).trim())).toContain('stands in for Slack');
    const removed = await secscan(['integrations', 'chat', 'remove', '--yes'], base);
    expect(removed.exitCode).toBe(0);
    expect((await secscan(['integrations', 'chat', 'remove', '--yes'], base)).exitCode).toBe(5);
  });

  it('--open at a terminal hands the address to $BROWSER', async () => {
    const opened = join(config.dir, 'opened.txt');
    const browser = join(config.dir, 'browser.cjs');
    // Written whole, then renamed: the file exists only with the address in it (a plain write let the test
    // read it empty, between its creation and the write).
    writeFileSync(
      browser,
      `const fs = require('node:fs');\nfs.writeFileSync(${JSON.stringify(`${opened}.tmp`)}, process.argv[2]);\n` +
        `fs.renameSync(${JSON.stringify(`${opened}.tmp`)}, ${JSON.stringify(opened)});\n`,
    );
    const res = await secscanInTerminal(['integrations', 'chat', 'authorize', '--open'], {
      ...base,
      BROWSER: `${process.execPath} ${browser}`,
    });
    expect(res.exitCode).toBe(0);
    for (let i = 0; i < 100 && !existsSync(opened); i++) await sleep(20);
    const address = readFileSync(opened, 'utf8');
    expect(address).toMatch(/\/sandbox\/consent\/chat\?state=/);
    expect(out(res)).toContain(address);
  });
});

describe('integrations cloud, as a user runs it', () => {
  it('stores credentials from stdin and never shows the secret, --debug included', async () => {
    const secret = 'e2e-wiz-secret-5f3a9c';
    const set = await secscan(
      [
        'integrations',
        'cloud',
        'creds',
        'set',
        '--client-id',
        'cid',
        '--auth-url',
        'https://auth.app.wiz.io/oauth/token',
        '--api-url',
        'https://api.us17.app.wiz.io/graphql',
        '--debug',
      ],
      base,
      { input: `${secret}\n`, stdin: undefined },
    );
    expect(set.exitCode).toBe(0);
    expect(String(set.stderr)).toContain('"client_secret":"[redacted]"');
    const show = await secscan(['integrations', 'cloud', 'creds', 'show', '-o', 'json', '--debug'], base);
    expect(JSON.parse(out(show))).toEqual({
      client_id: 'cid',
      auth_url: 'https://auth.app.wiz.io/oauth/token',
      api_url: 'https://api.us17.app.wiz.io/graphql',
    });
    for (const res of [set, show]) expect(out(res) + String(res.stderr)).not.toContain(secret);
  });

  it('enrolls the organization and a compound, and says which level applies', async () => {
    const none = await secscan(['integrations', 'cloud', 'enrollment', 'show', '--org'], base);
    expect(none.exitCode).toBe(5);
    expect(String(none.stderr)).toContain('hint: enroll with');
    const enroll = ['integrations', 'cloud', 'enrollment'];
    expect((await secscan([...enroll, 'set', '--org', '--for', 'SAST,SCA'], base)).exitCode).toBe(0);
    const fallback = await secscan([...enroll, 'show', '--app', 'payments-api', '-o', 'json'], base);
    expect(JSON.parse(out(fallback))).toMatchObject({
      level: 'organization',
      app: 'payments-api',
      compound: 'shop',
    });
    expect((await secscan([...enroll, 'set', '--compound', 'shop', '--disable'], base)).exitCode).toBe(0);
    const own = await secscan([...enroll, 'show', '--compound', 'shop'], base);
    expect(out(own)).toBe('level\tcompound\ncompound\tshop\nenrolled_for\t\nis_enabled\tfalse');
    expect(String(own.stderr)).toContain('this overrides the organization’s enrollment');
    expect((await secscan([...enroll, 'remove', '--compound', 'shop', '--yes'], base)).exitCode).toBe(0);
    const back = await secscan([...enroll, 'show', '--compound', 'shop', '-o', 'json'], base);
    expect(JSON.parse(out(back))).toMatchObject({ level: 'organization', is_enabled: true });
    for (const res of [fallback, own, back]) expect(out(res)).not.toMatch(raw);
  });
});
