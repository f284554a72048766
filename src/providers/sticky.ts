import type { CommentApi, PostedComment } from './types.js';

/** `update` (the default): one comment, edited in place; `new`: a new one each run; `delete-and-new`. */
export const commentModes = ['update', 'new', 'delete-and-new'] as const;
export type CommentMode = (typeof commentModes)[number];

export type SyncOutcome = 'created' | 'updated' | 'unchanged' | 'recreated';

const digestOfBody = (body: string) => /secscan:digest:([0-9a-f]{16})/.exec(body)?.[1];

/** A comment is the gate's when a line of it is the marker line, exactly. */
const carries = (comment: PostedComment, markerLine: string) =>
  comment.body.split(/\r?\n/).some((line) => line.trim() === markerLine);

/** What a sync did, and what it left alone. */
export interface SyncResult {
  outcome: SyncOutcome;
  /** Comments holding the marker line that someone else wrote: never edited nor deleted. */
  others: number;
  /** Why the gate's own comments could not be told from others' (its identity is unknown): a new one was posted. */
  unknown?: string;
}

/**
 * Keeps one comment per marker on the pull request. The gate's comments are those its token's user wrote
 * (the provider's "who am I") holding the marker line: anyone may copy the marker into a comment, and a
 * comment of someone else's is never edited, deleted or taken for the gate's verdict. One listing pass finds
 * them, then at most one write in `update` mode, none when the newest one's digest is the one about to be
 * written. `new` lists nothing; `delete-and-new` deletes the gate's comments and posts anew (nothing when
 * the only one already says it). When the provider does not say who the token is, a new comment is posted
 * and nothing else touched.
 */
export async function syncComment(
  api: CommentApi,
  text: string,
  markerLine: string,
  digest: string,
  mode: CommentMode,
): Promise<SyncResult> {
  if (mode === 'new') {
    await api.create(text);
    return { outcome: 'created', others: 0 };
  }
  const me = await api.whoami();
  if ('unknown' in me) {
    await api.create(text);
    return { outcome: 'created', others: 0, unknown: me.unknown };
  }
  const mine: PostedComment[] = [];
  let others = 0;
  for await (const comment of api.list()) {
    if (!carries(comment, markerLine)) continue;
    if (comment.author === me.author) mine.push(comment);
    else others++;
  }
  const latest = mine.at(-1);
  const same = latest !== undefined && digestOfBody(latest.body) === digest;
  if (mode === 'update') {
    if (same) return { outcome: 'unchanged', others };
    if (latest) await api.update(latest, text);
    else await api.create(text);
    return { outcome: latest ? 'updated' : 'created', others };
  }
  if (same && mine.length === 1) return { outcome: 'unchanged', others };
  for (const comment of mine) await api.remove(comment);
  await api.create(text);
  return { outcome: mine.length ? 'recreated' : 'created', others };
}
