import { describe, expect, it } from 'vitest';
import { ok, orgId } from '../hostile.js';
import { secscanInTerminal } from '../sandbox.js';
import {
  answer,
  env,
  group,
  groupBody,
  poisonedService,
  rawInData,
  type Route,
  secscan,
  server,
  service,
  unexpected,
  unsafe,
  useHostileService,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan groups`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['groups', 'list'],
      ['ListHumanGroups', answer(unexpected)],
      /^error: ListHumanGroups: unexpected response at groups/,
    ],
    [
      ['groups', 'show', 'devs'],
      ['ListHumanGroups', answer({ body: ok({ group: [groupBody] }) })],
      /^error: ListHumanGroups: unexpected response at groups/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a list read whole follows next_page, with its checks: never page 1 taken for all', () => {
  const elsewhere = `/orgs/${orgId}/rbac/users`;

  it.each([
    [['groups', 'list'], ok({ groups: [groupBody] }), 'ListHumanGroups'],
    [['groups', 'show', 'devs'], ok({ groups: [groupBody] }), 'ListHumanGroups'],
  ] as const)('%j: a next_page naming another list is exit 8', async (argv, body, op) => {
    server.answer = service([op, answer({ body: { ...body, next_page: `${server.baseUrl}${elsewhere}` } })]);
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toMatch(new RegExp(`^error: ${op}: next_page names another list`, 'm'));
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['groups', 'list']], [['groups', 'show', group]]])('%j', async (argv) => {
    server.answer = poisonedService;
    const tsv = await secscan(argv);
    expect(tsv.exitCode).toBe(0);
    expect(tsv.stdout).not.toMatch(unsafe);
    expect(tsv.stderr).not.toMatch(unsafe);
    for (const format of ['json', 'yaml']) {
      const data = await secscan([...argv.filter((a) => a !== '-o' && a !== 'tsv'), '-o', format]);
      expect(data.exitCode).toBe(0);
      expect(data.stdout).not.toMatch(rawInData);
    }
    const table = await secscanInTerminal(
      [...argv.filter((a) => a !== '-o' && a !== 'tsv'), '--no-color'],
      env,
    );
    expect(String(table.stdout)).not.toMatch(/[\u0007\u009b\u202e\u200b]|\u001b\]52|\u001b\[2J/);
  });
});
