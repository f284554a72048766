import { describe, expect, it } from 'vitest';
import { ok, orgId } from '../hostile.js';
import {
  answer,
  group,
  groupBody,
  type Route,
  secscan,
  server,
  service,
  unexpected,
  useHostileService,
  expectInert,
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
    await expectInert(argv);
  });
});
