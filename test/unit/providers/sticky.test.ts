import { describe, expect, it } from 'vitest';
import { syncComment } from '../../../src/providers/sticky.js';
import type { CommentApi, PostedComment } from '../../../src/providers/types.js';

/** A pull request's comments in memory, and every call made to them. */
function fake(initial: string[] = []) {
  const comments: PostedComment[] = initial.map((body, i) => ({ id: String(i + 1), body }));
  const calls: string[] = [];
  let next = comments.length + 1;
  const api: CommentApi = {
    async *list() {
      calls.push('list');
      yield* comments;
    },
    async create(body) {
      calls.push('create');
      comments.push({ id: String(next++), body });
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

describe('one comment per marker, kept up to date', () => {
  it('update: creates it, leaves it alone when the digest is the same, edits it in place when not', async () => {
    const pr = fake(['LGTM', body(a, 'other')]);
    expect(await syncComment(pr.api, body(a), marker, a, 'update')).toBe('created');
    expect(await syncComment(pr.api, body(a), marker, a, 'update')).toBe('unchanged');
    expect(await syncComment(pr.api, body(b), marker, b, 'update')).toBe('updated');
    expect(pr.calls).toEqual(['list', 'create', 'list', 'list', 'update 3']);
    expect(pr.comments.map((c) => c.body)).toEqual(['LGTM', body(a, 'other'), body(b)]);
  });

  it('the marker must be a line of its own: a comment quoting it is not the gate’s', async () => {
    const pr = fake([`> ${marker}\nquoted`, `see ${marker} there`]);
    expect(await syncComment(pr.api, body(a), marker, a, 'update')).toBe('created');
    expect(pr.comments).toHaveLength(3);
  });

  it('update with several (left by new mode): the newest is edited', async () => {
    const pr = fake([body(a), 'x', body(a)]);
    expect(await syncComment(pr.api, body(b), marker, b, 'update')).toBe('updated');
    expect(pr.calls).toEqual(['list', 'update 3']);
  });

  it('new: no listing, a comment each run', async () => {
    const pr = fake([body(a)]);
    expect(await syncComment(pr.api, body(a), marker, a, 'new')).toBe('created');
    expect(pr.calls).toEqual(['create']);
  });

  it('delete-and-new: the gate’s comments deleted, one posted at the end; nothing when the only one says it', async () => {
    const pr = fake([body(a), 'x', body(b)]);
    expect(await syncComment(pr.api, body(b), marker, b, 'delete-and-new')).toBe('recreated');
    expect(pr.calls).toEqual(['list', 'remove 1', 'remove 3', 'create']);
    expect(pr.comments.map((c) => c.body)).toEqual(['x', body(b)]);
    expect(await syncComment(pr.api, body(b), marker, b, 'delete-and-new')).toBe('unchanged');
  });
});
