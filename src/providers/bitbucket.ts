import { UnexpectedResponseError } from '../errors.js';
import { commentOf } from './http.js';
import { authorOf, identity, idOf } from './identity.js';
import { filePath, positiveNumber, segment } from './paths.js';
import type { Provider } from './types.js';

/**
 * Bitbucket Cloud: the pull request's comments (API 2.0, `SECSCAN_BITBUCKET_API_URL` to point elsewhere).
 * Pipelines has no token of its own: a repository access token with `pullrequest:write`, given as
 * `SECSCAN_BITBUCKET_TOKEN`. Its Markdown takes no HTML: the marker is a link reference, which renders as
 * nothing.
 */
export const bitbucket: Provider = {
  name: 'bitbucket',
  title: 'Bitbucket Cloud',
  ci: 'Bitbucket Pipelines',
  maxChars: 32_768,
  html: false,
  permission: 'the pullrequest:write scope (a repository access token)',
  here: (env) => Boolean(env.BITBUCKET_BUILD_NUMBER?.trim()),
  async pullRequest(env, number) {
    const workspace = env.BITBUCKET_WORKSPACE?.trim();
    const slug = env.BITBUCKET_REPO_SLUG?.trim();
    if (!workspace || !slug) return { missing: 'BITBUCKET_WORKSPACE or BITBUCKET_REPO_SLUG is not set' };
    const id = number ?? positiveNumber(env.BITBUCKET_PR_ID);
    if (!id)
      return { missing: 'not a pull request pipeline: BITBUCKET_PR_ID is not set (give --pull-request N)' };
    const token = env.SECSCAN_BITBUCKET_TOKEN?.trim() || undefined;
    const sha = env.BITBUCKET_COMMIT?.trim() || undefined;
    const web = env.BITBUCKET_GIT_HTTP_ORIGIN?.trim().replace(/\/+$/, '');
    const api = env.SECSCAN_BITBUCKET_API_URL?.trim();
    return {
      provider: 'bitbucket',
      apiUrl: api || 'https://api.bitbucket.org/2.0',
      apiFrom: api ? '$SECSCAN_BITBUCKET_API_URL' : 'the default',
      token,
      tokenVariable: 'SECSCAN_BITBUCKET_TOKEN',
      repository: `${workspace}/${slug}`,
      number: id,
      headSha: sha,
      readOnly: token
        ? undefined
        : 'SECSCAN_BITBUCKET_TOKEN is not set: give a repository access token with the pullrequest:write scope as a secured variable',
      blobUrl:
        sha && web
          ? (path, line) => `${web}/src/${sha}/${filePath(path)}${line ? `#lines-${line}` : ''}`
          : undefined,
    };
  },
  comments(http, pr) {
    const [workspace = '', slug = ''] = pr.repository.split('/');
    const comments = `/repositories/${segment(workspace)}/${segment(slug)}/pullrequests/${pr.number}/comments`;
    return {
      // A repository access token has no `account` scope: Bitbucket refuses it GET /user (403).
      whoami: () =>
        identity('Bitbucket Cloud: GET /user', async () => {
          const answer = await http.json('GET', '/user');
          const uuid = (answer.data as { uuid?: unknown } | undefined)?.uuid;
          return { author: idOf(uuid, 'Bitbucket Cloud: GET /user') };
        }),
      async *list() {
        const pages = http.pages(comments, { pagelen: 100 }, (answer) => {
          const next = (answer.data as { next?: unknown } | undefined)?.next;
          return typeof next === 'string' && next ? { target: next } : undefined;
        });
        for await (const page of pages) {
          const values = (page.data as { values?: unknown } | undefined)?.values;
          if (!Array.isArray(values)) {
            throw new UnexpectedResponseError('Bitbucket Cloud: the comments listing has no `values` list');
          }
          for (const row of values as Record<string, unknown>[]) {
            if (row?.deleted === true || row?.inline) continue;
            const author = authorOf((row?.user as { uuid?: unknown } | undefined)?.uuid);
            const raw = (r: Record<string, unknown>) => (r.content as { raw?: unknown } | undefined)?.raw;
            yield { ...commentOf(row, 'Bitbucket Cloud', raw), author };
          }
        }
      },
      async create(body) {
        await http.json('POST', comments, { body: { content: { raw: body } } });
      },
      async update(comment, body) {
        await http.json('PUT', `${comments}/${segment(comment.id)}`, { body: { content: { raw: body } } });
      },
      async remove(comment) {
        await http.json('DELETE', `${comments}/${segment(comment.id)}`);
      },
    };
  },
};
