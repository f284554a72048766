import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, useCli } from '../../helpers/cli.js';
import { searches } from './fixtures.js';

const cli = useCli();
const [search] = searches as [(typeof searches)[number]];

describe('searches update: usage errors (exit 2, no request)', () => {
  it.each([
    [['searches', 'update', search.id], 'nothing to change: give --name, --path or --query'],
    [['searches', 'update'], "missing required argument 'id'"],
    [['searches', 'update', search.id, '--name', ''], '--name must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('searches update', () => {
  it('keeps the fields not given and sends all three', async () => {
    cli.stub('ListSavedSearches').reply(200, searches, json);
    cli
      .stub('UpdateSavedSearch', {
        path: { searchID: search.id },
        body: { search_name: search.search_name, path_name: search.path_name, search_query: 'severity=high' },
      })
      .reply(200, '');
    const updated = { ...search, search_query: 'severity=high', updated_at: '2026-09-09T00:00:00.000Z' };
    cli.stub('ListSavedSearches').reply(200, [updated], json);
    const r = await cli.run(['searches', 'update', search.id, '--query', 'severity=high', '-o', 'json'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(updated);
  });

  it('says an unknown id is not one of yours (exit 5) without writing', async () => {
    cli.stub('ListSavedSearches').reply(200, searches, json);
    const r = await cli.run(['searches', 'update', 'nope', '--name', 'x'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('error: you have no saved search nope\nhint: see `secscan searches list`\n');
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
  });
});
