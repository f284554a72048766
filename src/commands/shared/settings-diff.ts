import type { Context } from '../../context.js';

/**
 * What replacing a configuration does to it: the settings (dotted paths of leaves; a list is one leaf)
 * a new document leaves out, and those whose value differs.
 */

type Tree = Record<string, unknown>;

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value === undefined || value === null) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value) && Object.keys(value).length) {
      for (const [p, v] of leaves(value, path)) out.set(p, v);
    } else if (!isTree(value)) out.set(path, value);
  }
  return out;
}

/** Settings `before` has that `after` does not mention: a replacement resets them. */
export function omittedSettings(before: Tree, after: Tree): string[] {
  const kept = leaves(after);
  return [...leaves(before).keys()].filter((path) => !kept.has(path));
}

/** Settings whose value differs between two readings (added, removed or changed). */
export function changedSettings(before: Tree, after: Tree): string[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)));
}

/**
 * Before a replacement: names the settings the file leaves out (they are reset) and asks on a terminal;
 * without a terminal `--yes` is needed. A file that mentions every setting goes through without asking.
 */
export async function confirmResets(
  ctx: Context,
  what: string,
  label: string,
  before: Tree,
  after: Tree,
): Promise<void> {
  const resets = omittedSettings(before, after);
  if (!resets.length) return;
  ctx.note(`${label} leaves out ${resets.join(', ')}: replacing ${what} resets them.`);
  await ctx.confirm(`Replace ${what} and reset ${resets.length} setting${resets.length === 1 ? '' : 's'}?`);
}

/** The note after a write: what changed, read back from the service. */
export function changeNote(before: Tree, after: Tree): string {
  const changed = changedSettings(before, after);
  return changed.length ? `Changed: ${changed.join(', ')}.` : 'No setting changed.';
}
