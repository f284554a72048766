import { createHash } from 'node:crypto';
import type { CheckPolicyRecord } from '../model/projects.js';

/**
 * Stored check-analysis configurations: per name, entries `{tag, content}` in the order they were pushed.
 * A tag names one entry of its policy; the last entry is the latest (`name` and `name:latest` resolve to
 * it); an entry pushed without a tag has the tag ''.
 */

export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

export function resolvePolicy(policies: readonly CheckPolicyRecord[], reference: string): string | undefined {
  const i = reference.indexOf(':');
  const name = i === -1 ? reference : reference.slice(0, i);
  const tag = i === -1 ? 'latest' : reference.slice(i + 1);
  const versions = policies.find((p) => p.name === name)?.versions ?? [];
  if (tag === 'latest') return versions.at(-1)?.content;
  return tag ? versions.find((v) => v.tag === tag)?.content : undefined;
}

/** The tags of one content of a policy, `latest` included when it is the latest. */
export function tagsOf(policy: CheckPolicyRecord, hash: string): string[] {
  const tags = policy.versions.filter((v) => v.tag && contentHash(v.content) === hash).map((v) => v.tag);
  const latest = policy.versions.at(-1);
  if (latest && contentHash(latest.content) === hash) tags.push('latest');
  return [...new Set(tags)];
}

/** `useDefaults`: one more than the highest numbered tag (`3`, or `v3` when the tags are written so). */
function nextVersion(policy: CheckPolicyRecord): string {
  let top = 0;
  let prefix = '';
  for (const { tag } of policy.versions) {
    const m = /^(v?)(\d+)$/.exec(tag);
    if (m && Number(m[2]) >= top) {
      top = Number(m[2]);
      prefix = m[1] as string;
    }
  }
  return `${prefix}${top + 1}`;
}

/** Stores `content` as the latest version of `name`, with the tags asked for (moved from other entries). */
export function upsertPolicy(
  policies: CheckPolicyRecord[],
  name: string,
  content: string,
  options: { tag?: string | undefined; useDefaults: boolean },
): CheckPolicyRecord {
  let policy = policies.find((p) => p.name === name);
  if (!policy) {
    policy = { name, versions: [] };
    policies.push(policy);
  }
  const tags = [...(options.useDefaults ? [nextVersion(policy)] : []), ...(options.tag ? [options.tag] : [])];
  if (!tags.length) tags.push('');
  policy.versions = policy.versions.filter((v) => !v.tag || !tags.includes(v.tag));
  for (const tag of tags) policy.versions.push({ tag, content });
  return policy;
}

/** ListCheckAnalysisConfiguration: per content hash, the names holding it and their tags. */
export function listPolicies(
  policies: readonly CheckPolicyRecord[],
  names: readonly string[],
): { contentHash: string; tags: { name: string; tags: string[] }[] }[] {
  const byHash = new Map<string, { name: string; tags: string[] }[]>();
  for (const policy of policies) {
    if (names.length && !names.includes(policy.name)) continue;
    for (const hash of new Set(policy.versions.map((v) => contentHash(v.content)))) {
      const entry = byHash.get(hash) ?? [];
      entry.push({ name: policy.name, tags: tagsOf(policy, hash) });
      byHash.set(hash, entry);
    }
  }
  return [...byHash].map(([hash, tags]) => ({ contentHash: hash, tags }));
}
