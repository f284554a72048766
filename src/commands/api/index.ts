import { UsageError } from '../../errors.js';
import { operationView } from '../../output/views/api.js';
import { defineVerb, flag, list, optionalArg, text } from '../define.js';
import { readInputBytes } from '../shared/files.js';
import { resolveTarget, type TargetInput } from '../../exchange/target.js';

export default defineVerb({
  name: 'api',
  section: 'api',
  summary: 'Make an authenticated request to the API and print the response',
  description:
    'Call any API v4 operation and print the response body as received (pretty JSON on a terminal), ending its line.\n\n' +
    'OPERATION is an operationId: `secscan api --list` lists every one, with its method, path, scopes and ' +
    'the command that covers it. A -F field named like a placeholder of its path fills it ({orgID} comes ' +
    'from the settings unless given); the other fields become the query of a GET or DELETE and the JSON ' +
    'body otherwise (with --input, the query). Accept and Content-Type follow the operation; a redirect ' +
    'prints where it points.\n\n' +
    'METHOD PATH calls a path relative to /api/v4; {orgID} is filled from the settings. -F fields become ' +
    'query parameters for GET and DELETE and a JSON body otherwise. A PATH alone is a GET, or a POST when ' +
    '-F or --input gives a body (as gh api); -X names the method.\n\n' +
    '-H adds a request header (an Accept or Content-Type replaces the operation\u2019s; the token is always ' +
    'the settings\u2019 one: -H Authorization is refused). -i prints the status line and headers before each ' +
    'body. --paginate --slurp prints one JSON array of every page. --jq filters each page (or the slurped ' +
    'array) with a jq expression, printing strings raw; an error status prints its body unfiltered.\n\n' +
    '-F values true, false, null and numbers are typed; @FILE reads a file. Retries, timeouts and the exit ' +
    'codes follow the same rules as every other command: an error status prints its body, then exits by ' +
    'the status.',
  examples: [
    'secscan api --list',
    'secscan api ListTeams',
    'secscan api ReadTeam -F rbacTeamID=1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    'secscan api UpdateTeam -F rbacTeamID=<team-id> --input body.json',
    'secscan api ListAppFindings -F appID=shiftleft-java-demo -F per_page=100 --paginate',
    'secscan api GET /orgs/{orgID}/tokens',
    "secscan api ListApps --jq '.response[].id'",
    "secscan api ListAppFindings -F appID=shiftleft-java-demo -F per_page=5 --paginate --slurp --jq '[.[].response.findings[]] | length'",
    'secscan api -i GET /user',
    'secscan api /orgs/{orgID}/apps -H "Accept: application/json"',
    'secscan api -X DELETE /orgs/{orgID}/rbac/roles/<role-id>',
    'secscan api POST /orgs/{orgID}/rbac/roles --input role.json',
    'secscan api GET /user',
  ],
  // Any operation, by design: the table-coverage test counts only the commands made for an operation.
  operations: [],
  args: [
    optionalArg('operation', 'an operationId (see --list), or the METHOD of METHOD PATH'),
    optionalArg('path', 'with a METHOD: the path, e.g. /orgs/{orgID}/apps'),
  ],
  options: {
    field: list('-F, --field <key=value>', 'add a parameter or body field (repeatable)'),
    input: text('--input <file>', 'read the raw request body from a file ("-" for standard input)', {
      complete: 'file',
    }),
    header: list('-H, --header <key:value>', 'add a request header, e.g. "Accept: text/csv" (repeatable)'),
    method: text(
      '-X, --method <method>',
      'the HTTP method (with a PATH alone: default GET, POST with a body)',
    ),
    include: flag('-i, --include', 'print the status line and response headers before the body'),
    paginate: flag('--paginate', 'follow next_page links and print every page'),
    slurp: flag('--slurp', 'with --paginate: print one JSON array of every page'),
    list: flag('--list', 'list every operation, with the command that covers it', {
      conflicts: ['field', 'input', 'paginate', 'slurp', 'header', 'method', 'include'],
    }),
  },
  view: operationView,
  validate({ args: [operation, path], opts }) {
    return resolveTarget({ operation, path, ...opts } satisfies TargetInput);
  },
  async run(ctx, { opts, plan: target }) {
    if (target.kind === 'list') {
      const { operationListing } = await import('./internal/list.js');
      return { kind: 'list', rows: operationListing(await ctx.commandTree()) };
    }
    const media = target.kind === 'operation' ? target.op.media : undefined;
    if (ctx.jq && target.kind === 'operation' && media !== undefined && !/json/.test(media)) {
      throw new UsageError(`${target.op.id} answers ${media}: --jq filters only JSON`);
    }
    const client = await ctx.client({ requireOrg: false });
    const { operationExchange, pathExchange } = await import('../../exchange/request.js');
    const input = {
      input: opts.input,
      readInput: async (path: string) => {
        const bytes = await readInputBytes(ctx, path, { what: '--input', usage: true });
        return path === '-' ? bytes.toString('utf8') : bytes;
      },
    };
    const plan =
      target.kind === 'operation'
        ? await operationExchange(client, target, input)
        : await pathExchange(client, target, input);
    const { exchange } = await import('../../exchange/exchange.js');
    const shown = {
      pretty: ctx.stdoutIsTTY,
      filter: ctx.jq,
      signal: ctx.signal,
      notes: (text: string) => ctx.note(text.split('\n')),
    };
    return { kind: 'raw', body: exchange(client, plan, shown), jqApplied: true };
  },
});
