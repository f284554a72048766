import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { stubBaseline } from '../helpers/baseline.js';
import { API, authEnv, json, ok, ORG, type RunResult, useCli } from '../helpers/cli.js';
import { githubCommands, type RunnerCommand, runnerCommands, runnerLines } from '../helpers/ci-runners.js';
import { hostileText, hostileTexts } from '../helpers/hostile.js';
import { finding } from './findings/fixtures.js';

/**
 * The hostile fixture (test/helpers/hostile.ts) in every place a finding carries text, through every output
 * format of the commands that print the service's text, under each CI service: the runners' own parsers
 * (test/helpers/ci-runners.ts) find no command in standard output or error but the gate's own annotations.
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-ci-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const rules = join(dir, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
);

const services = {
  'GitHub Actions': { GITHUB_ACTIONS: 'true' },
  'Azure Pipelines': { TF_BUILD: 'True' },
  'GitLab CI': { GITLAB_CI: 'true' },
} as const;

const hostileFinding = (id: string) =>
  finding(id, {
    title: `Injected ${hostileText}`,
    description: `Found here:${hostileTexts.join('\n')}`,
    category: hostileTexts[1],
    app: 'shop-api',
    details: { file_name: `src/${hostileTexts[0]}/a.java`, line_number: 3, method_name: hostileTexts[3] },
  });

/** The gate's own annotations (`::error file=...,title=RULE::...`): the one command secscan means. */
const annotation = (c: RunnerCommand) =>
  c.runner === 'github' &&
  ['error', 'warning', 'notice'].includes(c.command) &&
  c.properties.title !== undefined &&
  c.line.startsWith(`::${c.command} `);

/** The gate's annotation lines: GitHub's runner reads them as the commands they are, and nothing else. */
const ownLines = (stderr: string) =>
  new Set(
    githubCommands(stderr)
      .filter(annotation)
      .map((c) => c.line),
  );

function expectNoCommand(r: RunResult, what: string): void {
  expect(runnerCommands(r.stdout), `${what}: stdout`).toEqual([]);
  const own = ownLines(r.stderr);
  const rest = runnerLines(r.stderr).filter((line) => !own.has(line));
  expect(runnerCommands(rest.join('\n')), `${what}: stderr`).toEqual([]);
}

const listPath = (p: string) => p.startsWith(`${API}/orgs/${ORG}/apps/shop-api/findings`);
const stubList = () =>
  cli.api
    .intercept({ path: listPath, method: 'GET' })
    .reply(200, ok({ has_more: false, findings: [hostileFinding('1'), hostileFinding('2')] }), json);

const listFormats = ['table', 'tsv', 'csv', 'json', 'ndjson', 'yaml', 'sarif', 'codequality', 'gitlab-sast'];
const objectFormats = ['table', 'tsv', 'csv', 'json', 'ndjson', 'yaml'];
const gateFormats = [
  undefined,
  'table',
  'tsv',
  'csv',
  'json',
  'ndjson',
  'yaml',
  'junit',
  'markdown',
  'sarif',
  'codequality',
  'gitlab-sast',
];

/** Machine formats parse, and keep the service's text as it was. */
function expectParsed(format: string | undefined, stdout: string): void {
  if (format === 'json' || format === 'sarif' || format === 'codequality' || format === 'gitlab-sast') {
    expect(() => JSON.parse(stdout), format).not.toThrow();
  }
  if (format === 'ndjson') for (const line of stdout.trim().split('\n')) JSON.parse(line);
  if (format === 'yaml') parseYaml(stdout);
}

describe.each(Object.entries(services))('under %s, no service text commands the runner', (_name, env) => {
  it.each(listFormats)('findings list -o %s', async (format) => {
    stubList();
    const r = await cli.run(['findings', 'list', '--app', 'shop-api', '-o', format], { env: authEnv(env) });
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, format);
    expectParsed(format, r.stdout);
    if (format === 'json') {
      expect(JSON.parse(r.stdout)[0].title).toBe(`Injected ${hostileText}`);
      expect(JSON.parse(r.stdout)[0].details.file_name).toBe(`src/${hostileTexts[0]}/a.java`);
    }
    if (format === 'yaml') expect(parseYaml(r.stdout)[0].title).toBe(`Injected ${hostileText}`);
  });

  it('findings list as a table on a narrow terminal (wrapped cells)', async () => {
    stubList();
    const r = await cli.run(['findings', 'list', '--app', 'shop-api'], {
      env: authEnv(env),
      stdoutTTY: true,
      columns: 40,
    });
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, 'table at 40 columns');
  });

  it('findings list --out FILE: the file is not the log, and has the text as it is', async () => {
    stubList();
    const out = join(dir, `list-${Math.random().toString(36).slice(2)}.csv`);
    const r = await cli.run(['findings', 'list', '--app', 'shop-api', '-o', 'tsv', '--out', `csv=${out}`], {
      env: authEnv(env),
    });
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, 'tsv');
    expect(readFileSync(out, 'utf8')).toContain('##[add-mask]x');
  });

  it.each(objectFormats)('findings show -o %s', async (format) => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'shop-api', findingID: '12' } })
      .reply(200, ok(hostileFinding('12')), json);
    const r = await cli.run(['findings', 'show', '--app', 'shop-api', '12', '-o', format], {
      env: authEnv(env),
    });
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, format);
    expectParsed(format, r.stdout);
  });

  it.each(gateFormats)('scans check -o %s (and the gate’s own annotations)', async (format) => {
    const top = (id: number) => ({
      id,
      title: `Injected ${hostileText}`,
      tags: {
        severity: ['critical'],
        app: [hostileTexts[2]],
        category: [hostileTexts[0]],
        file: [`src/${hostileTexts[1]}.go`],
        line: ['3'],
      },
    });
    cli.stub('CheckScans', { path: { compoundName: 'shop' } }).reply(
      200,
      ok({
        source: { id: 4 },
        target: { id: 5 },
        rules: {
          'no-critical': { matched: 2, reachable: 2, over_threshold: 2, findings: [top(1), top(2)] },
        },
      }),
      json,
    );
    stubBaseline(cli);
    const r = await cli.run(
      ['scans', 'check', '--compound', 'shop', '--rules', rules, ...(format ? ['-o', format] : [])],
      { env: authEnv(env) },
    );
    expect(r.code, r.stderr).toBe(1);
    expectNoCommand(r, format ?? 'default');
    expectParsed(format, r.stdout);
    if ('GITHUB_ACTIONS' in env) {
      const own = githubCommands(r.stderr).filter(annotation);
      expect(own.map((c) => c.command)).toEqual(['error', 'error']);
      // The annotation's data is the runner's to show, unescaped: the title as it was, as today.
      expect(own[0]?.data).toContain('##[add-mask]x');
    }
  });

  it.each([
    [403, 'notice'],
    [502, 'warning'],
  ])('scans check --comment: a provider’s refusal (%i) words the %s', async (status) => {
    cli.stub('CheckScans', { path: { compoundName: 'shop' } }).reply(
      200,
      ok({
        source: { id: 4 },
        target: { id: 5 },
        rules: { 'no-critical': { matched: 0, over_threshold: 0 } },
      }),
      json,
    );
    stubBaseline(cli);
    // Who the token is (GraphQL's viewer, for an installation token), then the listing it is refused.
    cli.agent
      .get('https://api.github.com')
      .intercept({ path: '/graphql', method: 'POST' })
      .reply(200, { data: { viewer: { login: 'github-actions[bot]', databaseId: 41898282 } } }, json);
    cli.agent
      .get('https://api.github.com')
      .intercept({ path: '/repos/acme/shop/issues/12/comments?per_page=100', method: 'GET' })
      .reply(status, { message: `Refused ${hostileText}` }, json);
    const file = join(dir, `comment-${Math.random().toString(36).slice(2)}.json`);
    const r = await cli.run(
      [
        ...['scans', 'check', '--compound', 'shop', '--rules', rules, '--retries', '0'],
        ...['--comment', '--provider', 'github', '--pull-request', '12', '--comment-file', file],
      ],
      { env: authEnv({ ...env, GITHUB_REPOSITORY: 'acme/shop', GITHUB_TOKEN: 'ghs_token' }) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Refused');
    expectNoCommand(r, `comment ${status}`);
    // On GitHub Actions a refused write is one notice, secscan's own command, the runner's to read as it is.
    const own = githubCommands(r.stderr).filter(annotation);
    expect(own.map((c) => c.command)).toEqual('GITHUB_ACTIONS' in env && status === 403 ? ['notice'] : []);
  });

  it.each(['table', 'tsv', 'csv', 'json', 'ndjson', 'yaml'])('scans compare -o %s', async (format) => {
    const f = (id: string) => ({
      id,
      severity: 'high',
      title: `Injected ${hostileText}`,
      category: hostileTexts[0],
    });
    cli
      .stub('ListScansCompare', { path: { appID: 'pay' }, query: { source: 'scan.1', target: 'scan.2' } })
      .reply(
        200,
        ok({ source: { id: '1' }, target: { id: '2' }, new: [f('1')], fixed: [f('2')], common: [] }),
        json,
      );
    const r = await cli.run(
      ['scans', 'compare', '--app', 'pay', '--source', 'scan.1', '--target', 'scan.2', '-o', format],
      { env: authEnv(env) },
    );
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, format);
    expectParsed(format, r.stdout);
  });

  it.each(['table', 'tsv', 'csv', 'json', 'yaml'])('apps list -o %s', async (format) => {
    cli
      .stub('ListApps')
      .reply(200, ok([{ id: 'shop-api', name: hostileText, labels: [...hostileTexts] }]), json);
    const r = await cli.run(['apps', 'list', '-o', format], { env: authEnv(env) });
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, format);
  });

  it('an error the service words', async () => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'shop-api', findingID: '12' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: hostileText }, json);
    const r = await cli.run(['findings', 'show', '--app', 'shop-api', '12', '-o', 'json'], {
      env: authEnv(env),
    });
    expect(r.code).toBe(5);
    expectNoCommand(r, 'error');
  });

  it('a report’s HTML streamed to the log, and the service’s answer through secscan api', async () => {
    const html = `<!DOCTYPE html>\n<html><body><h1>${hostileTexts.join('<br>\n')}</h1></body></html>\n`;
    cli
      .stub('ReadDetailedOWASPReport', {
        path: { appID: 'shop-api', scanID: '1004', year: '2021', ext: 'html' },
      })
      .reply(200, Buffer.from(html), { headers: { 'content-type': 'text/html' } });
    const r = await cli.run(['reports', 'owasp', '--app', 'shop-api', '1004', '--year', '2021'], {
      env: authEnv(env),
    });
    expect(r.code, r.stderr).toBe(0);
    expectNoCommand(r, 'html');
    const body = JSON.stringify(ok({ title: hostileText }));
    cli.api.intercept({ path: `${API}/orgs/${ORG}/apps`, method: 'GET' }).reply(200, body, json);
    const a = await cli.run(['api', 'GET', '/orgs/{orgID}/apps'], { env: authEnv(env) });
    expect(a.code, a.stderr).toBe(0);
    expectNoCommand(a, 'api');
    // Still JSON: the lookalikes are inside its strings.
    expect(JSON.parse(a.stdout).response.title).toContain('##\uff3badd-mask]x');
  });
});

describe('outside a CI job log, or to a file, nothing is changed', () => {
  it('a PDF is bytes, on a job log too; text is as received without a CI service', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n${hostileTexts[0]}\n%%EOF\n`, 'latin1');
    cli
      .stub('ReadDetailedOWASPReport', {
        path: { appID: 'shop-api', scanID: '1004', year: '2021', ext: 'pdf' },
      })
      .reply(200, pdf, {
        headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.length) },
      });
    const r = await cli.run(
      ['reports', 'owasp', '--app', 'shop-api', '1004', '--year', '2021', '--format', 'pdf'],
      { env: authEnv(services['GitHub Actions']) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('##[add-mask]x');
    stubList();
    const t = await cli.run(['findings', 'list', '--app', 'shop-api', '-o', 'tsv'], { env: authEnv() });
    expect(t.stdout).toContain('Injected ##[add-mask]x');
  });
});
