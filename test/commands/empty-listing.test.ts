import { describe, expect, it } from 'vitest';
import { authEnv, type Cli, ok, useCli } from '../helpers/cli.js';

/**
 * A listing with nothing in it says so on stderr when stdout is a terminal, in every format, and exit 0; a
 * pipe gets nothing at all (not even with `-o table`).
 */
const cli = useCli();

const listings: [string[], (cli: Cli) => void, string][] = [
  [
    ['findings', 'list', '--app', 'a', '--status', 'fixed'],
    (c) =>
      c
        .stub('ListAppFindings', { path: { appID: 'a' }, query: { status: 'fixed' } })
        .reply(200, ok({ has_more: false, findings: [] })),
    'No findings match.',
  ],
  [['tokens', 'list'], (c) => c.stub('ListTokens').reply(200, ok([])), 'No tokens.'],
  [
    ['teams', 'list'],
    (c) => c.stub('ListTeams', { query: { no_members: true } }).reply(200, ok([])),
    'No teams.',
  ],
  [
    ['packages', 'show', 'pkg:npm/a@1'],
    (c) => c.stub('RetrievePackageInfo', { body: { purls: ['pkg:npm/a@1'] } }).reply(200, ok([])),
    'No packages.',
  ],
];

describe('an empty listing', () => {
  it.each(listings)('%j on a terminal: the note on stderr, exit 0', async (argv, stub, note) => {
    stub(cli);
    const result = await cli.run(argv, { env: authEnv(), stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `${note}\n` });
  });

  it.each(listings)('%j -o json on a terminal: [] and the note', async (argv, stub, note) => {
    stub(cli);
    const result = await cli.run([...argv, '-o', 'json'], { env: authEnv(), stdoutTTY: true });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(result.stderr).toBe(`${note}\n`);
  });

  it.each(listings)('%j -o table into a pipe: nothing, exit 0', async (argv, stub) => {
    stub(cli);
    const result = await cli.run([...argv, '-o', 'table'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
