import { ExitCode, UnexpectedResponseError, UsageError } from '../../errors.js';
import { samlOutcomeView } from '../../output/views/saml.js';
import { defineVerb, text, variadicArg } from '../define.js';
import { readInput } from '../shared/files.js';
import { userRef } from '../shared/refs.js';
import { resolveUsers } from '../shared/users.js';

/** E-mails or user ids, one a line (blank lines and # comments skipped), or a JSON array of them. */
function parseList(text: string, label: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch (error) {
      throw new UsageError(`--ids-from: ${label} is not a JSON array: ${(error as Error).message}`);
    }
    if (!Array.isArray(data) || !data.every((v) => typeof v === 'string')) {
      throw new UsageError(`--ids-from: ${label}: expected an array of e-mails or user ids`);
    }
    return data.map((v) => v.trim());
  }
  return trimmed
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const userPattern = new RegExp(userRef().source ?? '');

export default defineVerb({
  name: 'reset-token',
  summary: 'Reset the access tokens of SAML users (they sign in again to get a new one)',
  description:
    'Reset the access tokens of SAML users: each signs in again to get a new one.\n\n' +
    'USER is an e-mail or a user id. One user uses the single reset; several, or --ids-from, the bulk ' +
    'reset, which reports users it did not find and users who are not SAML users (exit 6 when any).',
  examples: [
    'secscan saml reset-token member@initech.example --yes',
    'secscan saml reset-token --ids-from leavers.txt --yes -o json',
  ],
  operations: ['ListOrgRBACUsers', 'ResetSAMLUserAccessToken', 'BulkResetSAMLUserAccessTokens'],
  args: [
    variadicArg('user', 'e-mail or user id', { parser: userRef('user'), required: false, complete: 'user' }),
  ],
  options: {
    idsFrom: text(
      '--ids-from <file>',
      'also read users from FILE (- for stdin): one a line, or a JSON array',
      {
        complete: 'file',
      },
    ),
  },
  view: samlOutcomeView,
  validate({ args: [users], opts }) {
    if (!users.length && opts.idsFrom === undefined) {
      throw new UsageError('give at least one user (e-mail or user id), or --ids-from FILE|-');
    }
  },
  async run(ctx, { args: [args], opts }) {
    const refs = [...args];
    if (opts.idsFrom !== undefined) {
      const label = opts.idsFrom === '-' ? 'stdin' : opts.idsFrom;
      const listed = parseList(await readInput(ctx, opts.idsFrom, '--ids-from'), label);
      const bad = listed.find((v) => !userPattern.test(v));
      if (bad !== undefined) {
        throw new UsageError(`--ids-from: ${label}: ${JSON.stringify(bad)} is not an e-mail or a user id`);
      }
      refs.push(...listed);
    }
    const unique = [...new Set(refs)];
    if (!unique.length) throw new UsageError(`--ids-from: ${opts.idsFrom} holds no users`);
    const [first] = unique;
    const who = unique.length === 1 && first !== undefined ? first : `${unique.length} users`;
    await ctx.confirm(`Reset the access token of ${who}? Their tokens stop working`);
    const client = await ctx.client();
    const users = await resolveUsers(client, unique);
    const label = (id: string) => [...users.values()].find((u) => u.id === id)?.email ?? id;
    const single = first !== undefined && unique.length === 1 && opts.idsFrom === undefined;
    if (single) {
      const user = users.get(first) as { id: string; email?: string };
      await client.call('ResetSAMLUserAccessToken', {
        path: { userIDv2: user.id },
        verify: 'resetting again is harmless: run the command again',
      });
      ctx.note(`Reset the access token of ${label(user.id)}.`);
      return { kind: 'none' };
    }
    const ids = [...new Set([...users.values()].map((u) => u.id))];
    const result = await client.call('BulkResetSAMLUserAccessTokens', {
      body: { user_ids: ids },
      verify: 'resetting again is harmless: run the command again',
    });
    const rows = [
      ...(result.reset ?? []).map((id) => ({ result: 'reset', detail: '', id })),
      ...(result.not_found ?? []).map((id) => ({
        result: 'not found',
        detail: 'no such user in the organization',
        id,
      })),
      ...(result.not_saml ?? []).map((id) => ({ result: 'refused', detail: 'not a SAML user', id })),
    ].map((r) => ({ result: r.result, kind: 'user', value: label(r.id), user_id: r.id, detail: r.detail }));
    // Each user sent is reset, not found or refused: one the answer leaves out is never counted as reset.
    const answered = new Set([
      ...(result.reset ?? []),
      ...(result.not_found ?? []),
      ...(result.not_saml ?? []),
    ]);
    const missing = ids.filter((id) => !answered.has(id));
    const unknown = missing.map((id) => ({
      result: 'unknown',
      kind: 'user',
      value: label(id),
      user_id: id,
      detail: 'the answer does not say whether it was reset',
    }));
    const failed = rows.filter((r) => r.result !== 'reset').length;
    ctx.note(
      `${rows.length - failed} reset, ${failed} not reset${unknown.length ? `, ${unknown.length} unaccounted for` : ''}.`,
    );
    if (unknown.length) {
      return {
        kind: 'list',
        rows: [...rows, ...unknown],
        error: new UnexpectedResponseError(
          `BulkResetSAMLUserAccessTokens: the answer accounts for ${ids.length - missing.length} of the ${ids.length} users sent: ` +
            `${missing.map(label).join(', ')} neither reset nor refused`,
          { hint: 'resetting again is harmless: run the command again' },
        ),
      };
    }
    return { kind: 'list', rows, exitCode: failed ? ExitCode.rejected : ExitCode.ok };
  },
});
