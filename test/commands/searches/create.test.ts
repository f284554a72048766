import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, useCli } from '../../helpers/cli.js';

const cli = useCli();
const body = { search_name: 'Mine', path_name: '/findings', search_query: 'severity=high' };
const argv = ['searches', 'create', 'Mine', '--path', '/findings', '--query', 'severity=high'];

describe('searches create: usage errors (exit 2, no request)', () => {
  it.each([
    [['searches', 'create', 'Mine', '--path', '/findings'], '--query is required'],
    [['searches', 'create', 'Mine', '--query', 'q'], '--path is required'],
    [['searches', 'create', '', '--path', 'p', '--query', 'q'], 'search name must not be empty'],
  ])('%j', async (args, message) => {
    expectUsage(await cli.run(args, { env: authEnv() }), message, cli);
  });
});

describe('searches create', () => {
  it('creates (201, no body), then finds the new search in the list and prints it', async () => {
    cli.stub('CreateSavedSearch', { body }).reply(201, '');
    const older = { id: 'a', ...body, updated_at: '2026-01-01T00:00:00Z' };
    const newer = { id: 'b', ...body, updated_at: '2026-09-01T00:00:00Z' };
    cli.stub('ListSavedSearches').reply(200, [older, newer], json);
    const r = await cli.run([...argv, '-o', 'json'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(newer);
    expect(r.stderr).toBe('Saved search Mine.\n');
  });

  it('says a create whose answer was lost may have happened, and how to check', async () => {
    cli.stub('CreateSavedSearch', { body }).replyWithError(new Error('socket hang up'));
    const r = await cli.run(argv, { env: authEnv() });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('may or may not have been applied');
    expect(r.stderr).toContain('secscan searches list');
    expect(cli.calls()).toHaveLength(1);
  });
});
