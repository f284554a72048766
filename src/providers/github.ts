import { readFile } from 'node:fs/promises';
import { commentOf, headerOf, type JsonAnswer, listOf } from './http.js';
import { authorOf, identity, idOf } from './identity.js';
import { filePath, positiveNumber, segment } from './paths.js';
import type { Identity, Provider } from './types.js';

/** The `next` link of GitHub's `Link` header. */
export function nextLink(answer: JsonAnswer): string | undefined {
  const link = headerOf(answer, 'link') ?? '';
  return /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
}

/** GraphQL's address beside the REST API: `/graphql` on api.github.com, `/api/graphql` beside GHES' `/api/v3`. */
export function graphqlUrl(base: URL): string {
  return `${base.origin}${base.pathname.replace(/\/+$/, '').replace(/\/v3$/, '')}/graphql`;
}

interface Viewer {
  data?: { viewer?: { databaseId?: unknown } | null } | null;
  errors?: { type?: unknown }[];
}

interface Event {
  workflow_run?: { head_sha?: string; pull_requests?: { number?: number }[] };
  pull_request?: {
    number?: number;
    head?: { sha?: string; repo?: { full_name?: string } | null };
    base?: { repo?: { full_name?: string } };
  };
}

async function readEvent(path: string | undefined): Promise<Event> {
  if (!path) return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Event;
  } catch {
    return {};
  }
}

/**
 * GitHub (and GitHub Enterprise, `GITHUB_API_URL`): the pull request's issue comments, 65,536 characters
 * each. On GitHub Actions the pull request is the event's; a `pull_request` from a fork runs with a
 * read-only `GITHUB_TOKEN`, so no comment is attempted there (a `workflow_run` job posts it).
 */
export const github: Provider = {
  name: 'github',
  title: 'GitHub',
  ci: 'GitHub Actions',
  maxChars: 65_536,
  html: true,
  permission: 'write access to pull requests (`permissions: pull-requests: write`)',
  here: (env) => env.GITHUB_ACTIONS === 'true',
  async pullRequest(env, number) {
    const repository = env.GITHUB_REPOSITORY?.trim();
    if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) {
      return { missing: 'GITHUB_REPOSITORY (owner/repo) is not set' };
    }
    const event = await readEvent(env.GITHUB_EVENT_PATH);
    const pr = event.pull_request;
    const fromRef = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '')?.[1];
    // A `workflow_run` job (posting what a fork's run left): the run's commit; its pull request, if GitHub says.
    const run = env.GITHUB_EVENT_NAME === 'workflow_run' ? event.workflow_run : undefined;
    const found = number ?? pr?.number ?? run?.pull_requests?.[0]?.number ?? positiveNumber(fromRef);
    if (!found)
      return { missing: 'not a pull request: the event has no pull_request (give --pull-request N)' };
    const head = pr?.number === found ? pr.head : undefined;
    const fork =
      env.GITHUB_EVENT_NAME === 'pull_request' &&
      pr?.number === found &&
      (pr.head?.repo?.full_name ?? '') !== (pr.base?.repo?.full_name ?? '');
    const token = env.SECSCAN_GITHUB_TOKEN?.trim() ? 'SECSCAN_GITHUB_TOKEN' : 'GITHUB_TOKEN';
    const server = (env.GITHUB_SERVER_URL?.trim() || 'https://github.com').replace(/\/+$/, '');
    const sha = run ? run.head_sha : head?.sha;
    return {
      provider: 'github',
      apiUrl: env.GITHUB_API_URL?.trim() || 'https://api.github.com',
      apiFrom: env.GITHUB_API_URL?.trim() ? '$GITHUB_API_URL' : 'the default',
      token: env[token]?.trim() || undefined,
      tokenVariable: token,
      repository,
      number: found,
      headSha: sha,
      checkHead: run !== undefined,
      readOnly: fork ? 'a pull request from a fork runs with a read-only GITHUB_TOKEN' : undefined,
      blobUrl: sha
        ? (path, line) => `${server}/${repository}/blob/${sha}/${filePath(path)}${line ? `#L${line}` : ''}`
        : undefined,
    };
  },
  async headOf(http, pr) {
    const answer = await http.json('GET', `/repos/${pr.repository}/pulls/${pr.number}`);
    const sha = (answer.data as { head?: { sha?: unknown } } | undefined)?.head?.sha;
    return typeof sha === 'string' ? sha : undefined;
  },
  comments(http, pr) {
    const base = `/repos/${pr.repository}/issues`;
    const viewer = (): Promise<Identity> =>
      identity('GitHub: the GraphQL viewer', async () => {
        const query = { query: 'query { viewer { login databaseId } }' };
        const answer = await http.json('POST', graphqlUrl(http.base), { body: query });
        const data = answer.data as Viewer | undefined;
        const refused = Array.isArray(data?.errors) ? data.errors[0] : undefined;
        if (refused && !data?.data?.viewer) {
          const type = typeof refused.type === 'string' ? refused.type.slice(0, 40) : 'an error';
          return { unknown: `GitHub: the GraphQL viewer answered ${type}` };
        }
        return { author: idOf(data?.data?.viewer?.databaseId, 'GitHub: the GraphQL viewer') };
      });
    return {
      async whoami() {
        // An app's installation token (`ghs_`: GitHub Actions' GITHUB_TOKEN is one) may not read GET /user
        // (403): its user is the app's bot, which GraphQL's viewer names.
        if (pr.token?.startsWith('ghs_')) return viewer();
        const user = await identity('GitHub: GET /user', async () => {
          const answer = await http.json('GET', '/user');
          return { author: idOf((answer.data as { id?: unknown } | undefined)?.id, 'GitHub: GET /user') };
        });
        if ('author' in user) return user;
        const bot = await viewer();
        return 'author' in bot ? bot : { unknown: `${user.unknown}; ${bot.unknown}` };
      },
      async *list() {
        const pages = http.pages(`${base}/${pr.number}/comments`, { per_page: 100 }, (answer) => {
          const next = nextLink(answer);
          return next ? { target: next } : undefined;
        });
        for await (const page of pages) {
          for (const row of listOf(page, 'comments', 'GitHub')) {
            const author = authorOf((row as { user?: { id?: unknown } } | null)?.user?.id);
            yield { ...commentOf(row, 'GitHub', (r) => r.body), author };
          }
        }
      },
      async create(body) {
        await http.json('POST', `${base}/${pr.number}/comments`, { body: { body } });
      },
      async update(comment, body) {
        await http.json('PATCH', `${base}/comments/${segment(comment.id)}`, { body: { body } });
      },
      async remove(comment) {
        await http.json('DELETE', `${base}/comments/${segment(comment.id)}`);
      },
    };
  },
};
