import { commentOf, headerOf, listOf } from './http.js';
import { authorOf, identity, idOf } from './identity.js';
import { filePath, positiveNumber, segment } from './paths.js';
import type { Provider } from './types.js';

/**
 * GitLab: the merge request's notes, through `CI_API_V4_URL` (self-managed instances too). `CI_JOB_TOKEN`
 * cannot write notes: the token is a project (or personal) access token with the `api` scope, given as
 * `SECSCAN_GITLAB_TOKEN`. Notes may hold 1,000,000 characters.
 */
export const gitlab: Provider = {
  name: 'gitlab',
  title: 'GitLab',
  ci: 'GitLab CI',
  maxChars: 1_000_000,
  html: true,
  permission: 'the api scope and the Reporter role or above (a project access token)',
  here: (env) => env.GITLAB_CI === 'true',
  async pullRequest(env, number) {
    const api = env.CI_API_V4_URL?.trim();
    if (!api) return { missing: 'CI_API_V4_URL is not set' };
    const project = env.CI_MERGE_REQUEST_PROJECT_ID?.trim() || env.CI_PROJECT_ID?.trim();
    if (!project) return { missing: 'CI_PROJECT_ID is not set' };
    const iid = number ?? positiveNumber(env.CI_MERGE_REQUEST_IID);
    if (!iid) {
      return {
        missing: 'not a merge request pipeline: CI_MERGE_REQUEST_IID is not set (give --pull-request N)',
      };
    }
    const token = env.SECSCAN_GITLAB_TOKEN?.trim() || undefined;
    const sha = env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA?.trim() || env.CI_COMMIT_SHA?.trim() || undefined;
    const web = (env.CI_MERGE_REQUEST_SOURCE_PROJECT_URL?.trim() || env.CI_PROJECT_URL?.trim() || '').replace(
      /\/+$/,
      '',
    );
    return {
      provider: 'gitlab',
      apiUrl: api,
      apiFrom: '$CI_API_V4_URL',
      token,
      tokenVariable: 'SECSCAN_GITLAB_TOKEN',
      repository: project,
      number: iid,
      headSha: sha,
      readOnly: token
        ? undefined
        : 'SECSCAN_GITLAB_TOKEN is not set: CI_JOB_TOKEN cannot write merge request notes; set SECSCAN_GITLAB_TOKEN to a project access token with the api scope (Reporter role or above), as a masked CI/CD variable',
      blobUrl:
        sha && web
          ? (path, line) => `${web}/-/blob/${sha}/${filePath(path)}${line ? `#L${line}` : ''}`
          : undefined,
    };
  },
  comments(http, pr) {
    const notes = `/projects/${segment(pr.repository)}/merge_requests/${pr.number}/notes`;
    return {
      whoami: () =>
        identity('GitLab: GET /user', async () => {
          const answer = await http.json('GET', '/user');
          return { author: idOf((answer.data as { id?: unknown } | undefined)?.id, 'GitLab: GET /user') };
        }),
      async *list() {
        const query = { per_page: 100, sort: 'asc', order_by: 'created_at' };
        const pages = http.pages(notes, query, (answer) => {
          const next = positiveNumber(headerOf(answer, 'x-next-page'));
          return next ? { target: notes, query: { ...query, page: next } } : undefined;
        });
        for await (const page of pages) {
          for (const row of listOf(page, 'notes', 'GitLab')) {
            if ((row as { system?: unknown })?.system === true) continue;
            const author = authorOf((row as { author?: { id?: unknown } } | null)?.author?.id);
            yield { ...commentOf(row, 'GitLab', (r) => r.body), author };
          }
        }
      },
      async create(body) {
        await http.json('POST', notes, { body: { body } });
      },
      async update(comment, body) {
        await http.json('PUT', `${notes}/${segment(comment.id)}`, { body: { body } });
      },
      async remove(comment) {
        await http.json('DELETE', `${notes}/${segment(comment.id)}`);
      },
    };
  },
};
