import type { SandboxState } from '../state.js';
import type { FindingRecord } from '../model/analysis.js';

interface Entry<E> {
  signature: string;
  items: FindingRecord[];
  /** The rest of the answer, beside the page of findings (the scan, the counts). */
  extra: E;
}

const maxEntries = 32;
const caches = new WeakMap<SandboxState, Map<string, Entry<unknown>>>();
const generations = new WeakMap<SandboxState, number>();

/** Called by every handler that changes findings (status, assignee). */
export function findingsChanged(state: SandboxState): void {
  generations.set(state, (generations.get(state) ?? 0) + 1);
}

function signature(state: SandboxState): string {
  const { analysis } = state;
  return [
    generations.get(state) ?? 0,
    analysis.findings.length,
    analysis.scans.length,
    analysis.polyglotScans.length,
    state.apps.map((a) => `${a.id}:${a.base_branch}`).join(','),
  ].join('|');
}

/**
 * The filtered and sorted findings of a query, computed once and reused for every page of it: paging
 * through 100,000 findings must not filter and sort 100,000 findings per page.
 */
export function cachedQuery<E>(
  state: SandboxState,
  key: string,
  compute: () => { items: FindingRecord[]; extra: E },
): Entry<E> {
  let cache = caches.get(state);
  if (!cache) {
    cache = new Map();
    caches.set(state, cache);
  }
  const sig = signature(state);
  const hit = cache.get(key);
  if (hit && hit.signature === sig) {
    cache.delete(key);
    cache.set(key, hit);
    // A key starts with its operation (queryKey), whose handler always computes the same kind of extra.
    return hit as Entry<E>;
  }
  const entry = { signature: sig, ...compute() };
  cache.set(key, entry);
  if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  return entry;
}

/** A cache key: the operation, its path parameters and its query without the page parameters. */
export function queryKey(
  opId: string,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
): string {
  const q = new URLSearchParams(query);
  q.delete('page');
  q.delete('per_page');
  q.sort();
  return `${opId} ${JSON.stringify(params)} ${q}`;
}
