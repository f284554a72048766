import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * A statically typed client of the service (clients/typed-client.mjs: plain Node fetch, strict decoders in
 * clients/typed-decode.mjs) runs unmodified against `secscan sandbox --tls`: team listing entries of exactly
 * {team_id, team_name, team_version} and members read from each team, string tag values, routes in the vuln
 * dataflows, `search` and `finding_search` narrowing. What it reads agrees with what secscan shows.
 */

const clients = fileURLToPath(new URL('./clients/', import.meta.url));
const app = 'shiftleft-java-demo';
const word = 'request';
let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;

interface Summary {
  teams: { name: string; version: number; apps: number; members: number }[];
  findings: number;
  scores: string[];
  routes: Record<string, number>;
  search: { all: number; matching: string[]; nothing: number };
  compound: { all: number; matching: number };
}

async function cli<T>(args: string[]): Promise<T> {
  const r = await secscan([...args, '-o', 'json'], env);
  expect(r.stderr, args.join(' ')).toBe('');
  return JSON.parse(String(r.stdout)) as T;
}

beforeAll(async () => {
  sandbox = await startSandbox(['--tls']);
  config = isolatedEnv();
  env = {
    ...config.env,
    ...sandbox.settings,
    SECSCAN_CA_FILE: sandbox.caFile as string,
  };
});

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

describe('a typed client written against the documented shapes, against sandbox --tls', () => {
  it('runs unmodified, and reads what secscan shows', async () => {
    const run = await execa('node', [join(clients, 'typed-client.mjs'), app, 'shop', word], {
      env: {
        PATH: process.env.PATH ?? '',
        SHIFTLEFT_API_HOST: new URL(sandbox.baseUrl).host,
        SHIFTLEFT_ORG_ID: sandbox.orgId,
        SHIFTLEFT_ACCESS_TOKEN: sandbox.token,
        NODE_EXTRA_CA_CERTS: sandbox.caFile as string,
      },
      extendEnv: false,
      reject: false,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const seen = JSON.parse(run.stdout) as Summary;

    // Teams: the listing's version, and the members and apps of each team as it is read.
    const teams = await cli<
      { team_name: string; team_version: number; applications: string[]; members: unknown[] }[]
    >(['teams', 'list', '--members']);
    expect(seen.teams).toEqual(
      teams.map((t) => ({
        name: t.team_name,
        version: t.team_version,
        apps: t.applications.length,
        members: t.members.length,
      })),
    );
    expect(seen.teams.map((t) => t.name)).toEqual(['Payments', 'Platform', 'Web']);
    expect(seen.teams.every((t) => t.members > 0)).toBe(true);

    // Tag values are strings: the CVSS scores decoded as such.
    expect(seen.scores.length).toBeGreaterThan(0);
    for (const score of seen.scores) expect(score).toMatch(/^\d+(\.\d+)?$/);

    // Every vuln is reachable from a route, named on its dataflow's entry point.
    expect(Object.keys(seen.routes).length).toBeGreaterThan(1);
    expect(seen.routes['(no route)']).toBeUndefined();
    for (const route of Object.keys(seen.routes)) expect(route).toMatch(/^(GET|POST|PUT|DELETE) \/\S+$/);

    // search narrows the app listing, as secscan's own --search does (on the client at app level).
    const all = await cli<{ id: string }[]>(['findings', 'list', '--app', app, '--status', 'any', '--all']);
    expect(seen.search.all).toBe(all.length);
    expect(seen.search.nothing).toBe(0);
    const matching = await cli<{ id: string }[]>([
      'findings',
      'list',
      '--app',
      app,
      '--status',
      'any',
      '--search',
      word,
      '--all',
    ]);
    expect(seen.search.matching).toEqual(matching.map((f) => f.id));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(all.length);

    // finding_search narrows the compound listing, as secscan's --search there (which sends it).
    const compound = await cli<unknown[]>([
      'findings',
      'list',
      '--compound',
      'shop',
      '--search',
      word,
      '--all',
    ]);
    expect(seen.compound.matching).toBe(compound.length);
    expect(seen.compound.matching).toBeGreaterThan(0);
    expect(seen.compound.matching).toBeLessThan(seen.compound.all);
  });

  it('would stop on the shapes the sandbox used to send (extra team fields, numeric tag values)', async () => {
    type Decode = (value: unknown) => unknown;
    const { DecodeError, findingsPage, team, teamEntry } = (await import(
      join(clients, 'typed-decode.mjs')
    )) as {
      DecodeError: new (message: string) => Error;
      findingsPage: (value: unknown) => { tags: unknown[] }[];
      team: Decode;
      teamEntry: Decode;
    };
    const listed = { team_id: 't', team_name: 'Payments', team_version: 1 };
    expect(teamEntry(listed)).toEqual({ id: 't', name: 'Payments', version: 1 });
    expect(() => teamEntry({ ...listed, users: [] })).toThrow(new DecodeError('team: unknown field users'));
    expect(() => teamEntry({ team_id: 't', team_name: 'Payments' })).toThrow('missing field team_version');
    expect(() => team({ team_id: 't', version: 1, applications: [], users: [] })).toThrow(
      'team.members: not an array',
    );
    const finding = {
      id: '1',
      app: 'a',
      type: 'oss_vuln',
      title: 'x',
      tags: [{ key: 'cvss_score', value: '7.2' }],
    };
    expect(findingsPage({ findings: [finding] })[0]?.tags).toEqual([{ key: 'cvss_score', value: '7.2' }]);
    expect(() =>
      findingsPage({ findings: [{ ...finding, tags: [{ key: 'cvss_score', value: 7.2 }] }] }),
    ).toThrow('page.findings[0].tags[0].value: not a string (7.2)');
  });
});
