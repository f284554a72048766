import type { CommentApi, PostedComment } from './types.js';

/** `update` (the default): one comment, edited in place; `new`: a new one each run; `delete-and-new`. */
export const commentModes = ['update', 'new', 'delete-and-new'] as const;
export type CommentMode = (typeof commentModes)[number];

export type SyncOutcome = 'created' | 'updated' | 'unchanged' | 'recreated';

const digestOfBody = (body: string) => /secscan:digest:([0-9a-f]{16})/.exec(body)?.[1];

/** A comment is the gate's when a line of it is the marker line, exactly. */
const carries = (comment: PostedComment, markerLine: string) =>
  comment.body.split(/\r?\n/).some((line) => line.trim() === markerLine);

/**
 * Keeps one comment per marker on the pull request: one listing pass finds the gate's comments (the
 * marker's line), then at most one write in `update` mode, none when the newest one's digest is the one
 * about to be written. `new` lists nothing; `delete-and-new` deletes the gate's comments and posts anew
 * (nothing when the only one already says it).
 */
export async function syncComment(
  api: CommentApi,
  text: string,
  markerLine: string,
  digest: string,
  mode: CommentMode,
): Promise<SyncOutcome> {
  if (mode === 'new') {
    await api.create(text);
    return 'created';
  }
  const mine: PostedComment[] = [];
  for await (const comment of api.list()) if (carries(comment, markerLine)) mine.push(comment);
  const latest = mine.at(-1);
  const same = latest !== undefined && digestOfBody(latest.body) === digest;
  if (mode === 'update') {
    if (same) return 'unchanged';
    if (latest) await api.update(latest, text);
    else await api.create(text);
    return latest ? 'updated' : 'created';
  }
  if (same && mine.length === 1) return 'unchanged';
  for (const comment of mine) await api.remove(comment);
  await api.create(text);
  return mine.length ? 'recreated' : 'created';
}
