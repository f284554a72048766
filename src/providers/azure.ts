import { UnexpectedResponseError } from '../errors.js';
import { commentOf, headerOf } from './http.js';
import { authorOf, identity, idOf } from './identity.js';
import { filePath, positiveNumber, segment } from './paths.js';
import type { Provider } from './types.js';

const version = { 'api-version': '7.1' };

/**
 * Azure DevOps (Azure Repos): the pull request's comment threads, each comment up to 150,000 characters.
 * The token is the pipeline's `System.AccessToken`, mapped to `SYSTEM_ACCESSTOKEN` in the step; the build
 * service needs "Contribute to pull requests" on the repository.
 */
export const azure: Provider = {
  name: 'azure',
  title: 'Azure DevOps',
  ci: 'Azure Pipelines',
  maxChars: 150_000,
  html: true,
  permission:
    'the "Contribute to pull requests" permission for the build service on the repository (Project settings > Repositories > Security), and SYSTEM_ACCESSTOKEN mapped in the step (env: SYSTEM_ACCESSTOKEN: $(System.AccessToken))',
  here: (env) => env.TF_BUILD === 'True',
  async pullRequest(env, number) {
    const collection = env.SYSTEM_COLLECTIONURI?.trim();
    if (!collection) return { missing: 'SYSTEM_COLLECTIONURI is not set' };
    const project = env.SYSTEM_TEAMPROJECTID?.trim() || env.SYSTEM_TEAMPROJECT?.trim();
    const repo = env.BUILD_REPOSITORY_ID?.trim();
    if (!project || !repo) return { missing: 'SYSTEM_TEAMPROJECT or BUILD_REPOSITORY_ID is not set' };
    const id = number ?? positiveNumber(env.SYSTEM_PULLREQUEST_PULLREQUESTID);
    if (!id) {
      return {
        missing:
          'not a pull request build: SYSTEM_PULLREQUEST_PULLREQUESTID is not set (give --pull-request N)',
      };
    }
    const token = env.SYSTEM_ACCESSTOKEN?.trim() || undefined;
    const sha = env.SYSTEM_PULLREQUEST_SOURCECOMMITID?.trim() || env.BUILD_SOURCEVERSION?.trim() || undefined;
    const web = env.BUILD_REPOSITORY_PROVIDER === 'TfsGit' ? env.BUILD_REPOSITORY_URI?.trim() : undefined;
    const fork = env.SYSTEM_PULLREQUEST_ISFORK === 'True';
    return {
      provider: 'azure',
      apiUrl: collection,
      apiFrom: '$SYSTEM_COLLECTIONURI',
      token,
      tokenVariable: 'SYSTEM_ACCESSTOKEN',
      repository: `${project}/${repo}`,
      number: id,
      headSha: sha,
      readOnly: fork
        ? 'a pull request from a fork: the pipeline gets no token that can write to it'
        : token
          ? undefined
          : 'SYSTEM_ACCESSTOKEN is not set: map it in the step (env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)) and give the build service "Contribute to pull requests"',
      blobUrl:
        sha && web
          ? (path, line) =>
              `${web}?path=/${filePath(path)}&version=GC${sha}${line ? `&line=${line}&lineEnd=${line}&lineStartColumn=1&lineEndColumn=1&lineStyle=plain` : ''}&_a=contents`
          : undefined,
    };
  },
  comments(http, pr) {
    const [project = '', repo = ''] = pr.repository.split('/');
    const threads = `/${segment(project)}/_apis/git/repositories/${segment(repo)}/pullRequests/${pr.number}/threads`;
    return {
      // The collection's connection data names the identity the token acts as (the build service's).
      whoami: () =>
        identity('Azure DevOps: GET _apis/connectionData', async () => {
          const answer = await http.json('GET', '/_apis/connectionData', {
            query: { 'api-version': '7.1-preview' },
          });
          const user = (answer.data as { authenticatedUser?: { id?: unknown } } | undefined)
            ?.authenticatedUser;
          return { author: idOf(user?.id, 'Azure DevOps: GET _apis/connectionData') };
        }),
      async *list() {
        const pages = http.pages(threads, version, (answer) => {
          const token = headerOf(answer, 'x-ms-continuationtoken');
          return token ? { target: threads, query: { ...version, continuationToken: token } } : undefined;
        });
        for await (const page of pages) {
          const value = (page.data as { value?: unknown } | undefined)?.value;
          if (!Array.isArray(value)) {
            throw new UnexpectedResponseError('Azure DevOps: the threads listing has no `value` list');
          }
          for (const thread of value as Record<string, unknown>[]) {
            if (thread?.isDeleted === true) continue;
            const first = (Array.isArray(thread?.comments) ? thread.comments : [])[0] as
              Record<string, unknown> | undefined;
            if (!first || first.isDeleted === true || first.commentType === 'system') continue;
            const { id: threadId } = commentOf(thread, 'Azure DevOps', () => '');
            const author = authorOf((first.author as { id?: unknown } | undefined)?.id);
            yield { ...commentOf(first, 'Azure DevOps', (c) => c.content), author, thread: threadId };
          }
        }
      },
      async create(body) {
        await http.json('POST', threads, {
          query: version,
          body: { comments: [{ parentCommentId: 0, content: body, commentType: 1 }], status: 1 },
        });
      },
      async update(comment, body) {
        await http.json(
          'PATCH',
          `${threads}/${segment(comment.thread ?? '')}/comments/${segment(comment.id)}`,
          {
            query: version,
            body: { content: body },
          },
        );
      },
      async remove(comment) {
        await http.json(
          'DELETE',
          `${threads}/${segment(comment.thread ?? '')}/comments/${segment(comment.id)}`,
          {
            query: version,
          },
        );
      },
    };
  },
};
