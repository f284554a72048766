import { describe, expect, it } from 'vitest';
import { fillPath } from '@secscan/api/operation';
import { operations } from '@secscan/api/operations';
import { type Answer, call, orgToken, useSandbox } from './harness.js';

const sandbox = useSandbox();

const rules = (threshold: number) =>
  `rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: ${threshold}\n`;

async function push(name: string, content: string, query = ''): Promise<Pick<Answer, 'status' | 'json'>> {
  const path = fillPath(operations.UpsertCheckAnalysisConfiguration.path, {
    orgID: sandbox().orgId,
    reference: name,
  });
  const res = await fetch(`${sandbox().baseUrl}/api/v4${path}${query ? `?${query}` : ''}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandbox().token}`, 'content-type': 'application/yaml' },
    body: content,
  });
  return { status: res.status, json: await res.json() };
}

async function resolve(reference: string): Promise<{ status: number; text: string }> {
  const res = await fetch(
    `${sandbox().baseUrl}/api/v4/orgs/${sandbox().orgId}/checkanalysis/policies/${reference}`,
    {
      headers: { authorization: `Bearer ${orgToken(sandbox(), 'ci')}` },
    },
  );
  return { status: res.status, text: await res.text() };
}

describe('sandbox: check-analysis policies', () => {
  it('lists the seeded policies by content hash, with tags per name and latest', async () => {
    const list = await call(sandbox(), 'ListCheckAnalysisConfiguration');
    expect(list.status).toBe(200);
    const tags = list.json.response.map((v: { tags: { name: string; tags: string[] }[] }) => v.tags[0]);
    expect(tags).toEqual([
      { name: 'default', tags: ['1'] },
      { name: 'default', tags: ['2', 'latest'] },
      { name: 'release', tags: ['1', 'latest'] },
    ]);
    for (const v of list.json.response) expect(v.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const only = await call(sandbox(), 'ListCheckAnalysisConfiguration', { query: 'name=release' });
    expect(only.json.response).toHaveLength(1);
  });

  it('useDefaults bumps the version tag; the push is the latest; a tag moves', async () => {
    const first = await push('gate', rules(0), 'useDefaults=true');
    expect(first.status).toBe(200);
    expect(first.json.response.tags).toEqual(['1', 'latest']);
    const second = await push('gate', rules(3), 'useDefaults=true&tag=rc');
    expect(second.json.response.tags).toEqual(['2', 'rc', 'latest']);
    expect(second.json.response.contentHash).not.toBe(first.json.response.contentHash);
    expect((await resolve('gate')).text).toBe(rules(3));
    expect((await resolve('gate:latest')).text).toBe(rules(3));
    expect((await resolve('gate:1')).text).toBe(rules(0));
    const moved = await push('gate', rules(0), 'tag=rc');
    expect(moved.json.response).toEqual({
      contentHash: first.json.response.contentHash,
      tags: ['1', 'rc', 'latest'],
    });
    expect((await resolve('gate:2')).text).toBe(rules(3));
    const untagged = await push('gate', rules(9));
    expect(untagged.json.response.tags).toEqual(['latest']);
    expect((await push('gate', rules(1), 'useDefaults=true')).json.response.tags).toEqual(['3', 'latest']);
  });

  it('refuses a file `scans check --policy` could not use, a tagged reference and a bad tag (400)', async () => {
    const bad = await push('gate', 'rules:\n  - id: a\n    treshold: 0\n');
    expect(bad.status).toBe(400);
    expect(bad.json.validation_errors[0]).toMatch(/^policy:3: rules\[0\]: unknown key "treshold"/);
    expect((await push('gate:1', rules(0))).status).toBe(400);
    expect((await push('gate', rules(0), 'tag=latest')).status).toBe(400);
    expect((await resolve('gate:')).status).toBe(404);
  });
});
