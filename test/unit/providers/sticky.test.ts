import { describe, expect, it } from 'vitest';
import { type CommentMode, syncComment } from '../../../src/providers/sticky.js';
import type { CommentApi, Identity, PostedComment } from '../../../src/providers/types.js';

/** The gate's token's user, as the provider's "who am I" names it. */
const bot = '41898282';

/**
 * A pull request's comments in memory, and every call made to them: a text is the gate's own comment, a
 * `[author, body]` someone else's.
 */
function fake(initial: (string | [string, string])[] = [], me: Identity = { author: bot }) {
  const comments: PostedComment[] = initial.map((c, i) => {
    const [author, body] = typeof c === 'string' ? [bot, c] : c;
    return { id: String(i + 1), body, author };
  });
  const calls: string[] = [];
  let next = comments.length + 1;
  const api: CommentApi = {
    async whoami() {
      calls.push('whoami');
      return me;
    },
    async *list() {
      calls.push('list');
      yield* comments;
    },
    async create(body) {
      calls.push('create');
      comments.push({ id: String(next++), body, author: 'author' in me ? me.author : 'the bot' });
    },
    async update(comment, body) {
      calls.push(`update ${comment.id}`);
      (comments.find((c) => c.id === comment.id) as PostedComment).body = body;
    },
    async remove(comment) {
      calls.push(`remove ${comment.id}`);
      comments.splice(
        comments.findIndex((c) => c.id === comment.id),
        1,
      );
    },
  };
  return { api, comments, calls };
}

const marker = '<!-- secscan:gate:shop -->';
const body = (digest: string, app = 'shop') =>
  `<!-- secscan:gate:${app} -->\nverdict\n<!-- secscan:digest:${digest} -->\n`;
const a = '0123456789abcdef';
const b = 'fedcba9876543210';
const outcome = async (api: CommentApi, text: string, digest: string, mode: CommentMode) =>
  (await syncComment(api, text, marker, digest, mode)).outcome;

describe('one comment per marker, kept up to date', () => {
  it('update: creates it, leaves it alone when the digest is the same, edits it in place when not', async () => {
    const pr = fake(['LGTM', body(a, 'other')]);
    expect(await outcome(pr.api, body(a), a, 'update')).toBe('created');
    expect(await outcome(pr.api, body(a), a, 'update')).toBe('unchanged');
    expect(await outcome(pr.api, body(b), b, 'update')).toBe('updated');
    expect(pr.calls).toEqual([
      ...['whoami', 'list', 'create'],
      ...['whoami', 'list'],
      ...['whoami', 'list', 'update 3'],
    ]);
    expect(pr.comments.map((c) => c.body)).toEqual(['LGTM', body(a, 'other'), body(b)]);
  });

  it('the marker must be a line of its own: a comment quoting it is not the gate’s', async () => {
    const pr = fake([`> ${marker}\nquoted`, `see ${marker} there`]);
    expect(await outcome(pr.api, body(a), a, 'update')).toBe('created');
    expect(pr.comments).toHaveLength(3);
  });

  it('update with several (left by new mode): the newest is edited', async () => {
    const pr = fake([body(a), 'x', body(a)]);
    expect(await outcome(pr.api, body(b), b, 'update')).toBe('updated');
    expect(pr.calls).toEqual(['whoami', 'list', 'update 3']);
  });

  it('new: no listing, a comment each run', async () => {
    const pr = fake([body(a)]);
    expect(await outcome(pr.api, body(a), a, 'new')).toBe('created');
    expect(pr.calls).toEqual(['create']);
  });

  it('delete-and-new: the gate’s comments deleted, one posted at the end; nothing when the only one says it', async () => {
    const pr = fake([body(a), 'x', body(b)]);
    expect(await outcome(pr.api, body(b), b, 'delete-and-new')).toBe('recreated');
    expect(pr.calls).toEqual(['whoami', 'list', 'remove 1', 'remove 3', 'create']);
    expect(pr.comments.map((c) => c.body)).toEqual(['x', body(b)]);
    expect(await outcome(pr.api, body(b), b, 'delete-and-new')).toBe('unchanged');
  });
});

describe('the gate’s comments are those its token’s user wrote', () => {
  /** A reviewer's comment that copies the gate's: the marker line, and a digest. */
  const copy = (digest: string): [string, string] => ['1234', `${body(digest)}\nI disagree.`];

  it('update: a newer comment of a reviewer holding the marker is left alone; the gate’s own is edited', async () => {
    const pr = fake([body(a), copy(a)]);
    expect(await syncComment(pr.api, body(b), marker, b, 'update')).toEqual({
      outcome: 'updated',
      others: 1,
    });
    expect(pr.calls).toEqual(['whoami', 'list', 'update 1']);
    expect(pr.comments.map((c) => c.body)).toEqual([body(b), copy(a)[1]]);
  });

  it('update: a reviewer’s copy saying what the gate would say does not freeze it; the gate posts its own', async () => {
    const pr = fake([copy(b)]);
    expect(await syncComment(pr.api, body(b), marker, b, 'update')).toEqual({
      outcome: 'created',
      others: 1,
    });
    expect(pr.comments.map((c) => c.author)).toEqual(['1234', bot]);
  });

  it('delete-and-new deletes the gate’s comments only', async () => {
    const pr = fake([copy(a), body(a)]);
    expect(await outcome(pr.api, body(b), b, 'delete-and-new')).toBe('recreated');
    expect(pr.calls).toEqual(['whoami', 'list', 'remove 2', 'create']);
    expect(pr.comments.map((c) => c.author)).toEqual(['1234', bot]);
  });

  it('a comment the listing names no author of is nobody’s: not the gate’s', async () => {
    const pr = fake([]);
    pr.comments.push({ id: '7', body: body(a) });
    expect(await outcome(pr.api, body(a), a, 'update')).toBe('created');
    expect(pr.calls).toEqual(['whoami', 'list', 'create']);
  });

  it('the token’s user unknown: a new comment, nothing listed, edited or deleted, saying why', async () => {
    for (const mode of ['update', 'delete-and-new'] as const) {
      const pr = fake([body(a)], { unknown: 'Bitbucket Cloud: GET /user was refused (HTTP 403)' });
      expect(await syncComment(pr.api, body(a), marker, a, mode)).toEqual({
        outcome: 'created',
        others: 0,
        unknown: 'Bitbucket Cloud: GET /user was refused (HTTP 403)',
      });
      expect(pr.calls).toEqual(['whoami', 'create']);
      expect(pr.comments.map((c) => c.body)).toEqual([body(a), body(a)]);
    }
  });
});
