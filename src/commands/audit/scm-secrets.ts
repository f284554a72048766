import { UsageError } from '../../errors.js';
import { listing } from '../../output/export/document.js';
import { answerDocument } from '../../output/export/texts.js';
import type { View } from '../../output/core/view.js';
import {
  type ScmSecretsRow,
  type ScmSecretsUserRow,
  scmSecretsByProjectView,
  scmSecretsByUserView,
} from '../../output/views/audit.js';
import { defineVerb, flag, parsed } from '../define.js';
import { int } from '../parsers.js';

export default defineVerb({
  name: 'scm-secrets',
  summary: 'Attempts to commit secrets to repositories, by project or by user',
  description:
    'Count the times secrets were caught on their way into a repository over the last --days days ' +
    '(default 31, as the service counts), by project or by user, with the users and tokens behind ' +
    'them.',
  examples: [
    'secscan audit scm-secrets --by-project',
    'secscan audit scm-secrets --by-user --days 90',
    'secscan audit scm-secrets --by-project -o json | jq .total_attempts',
  ],
  operations: ['GetOrgSCMSecretsAuditLog'],
  options: {
    days: parsed('--days <n>', 'how many days back to count (default 31)', int(1, 3650)),
    byProject: flag('--by-project', 'one row per project', { conflicts: ['byUser'] }),
    byUser: flag('--by-user', 'one row per user', { conflicts: ['byProject'] }),
  },
  document: answerDocument,
  view: (opts): View<ScmSecretsRow | ScmSecretsUserRow> =>
    opts.byUser ? scmSecretsByUserView : scmSecretsByProjectView,
  validate({ opts }) {
    if (!opts.byProject && !opts.byUser) throw new UsageError('--by-project or --by-user is required');
  },
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const report = await ctx.spin('Reading the SCM secrets audit', () =>
      client.call('GetOrgSCMSecretsAuditLog', {
        query: {
          days: opts.days,
          'by-project': opts.byProject ? true : undefined,
          'by-user': opts.byUser ? true : undefined,
        },
      }),
    );
    const users = report.total_user_ids?.length ?? 0;
    const tokens = report.total_token_ids?.length ?? 0;
    const footer = () =>
      `${report.total_attempts} attempt${report.total_attempts === 1 ? '' : 's'} by ${users} user${users === 1 ? '' : 's'} with ${tokens} token${tokens === 1 ? '' : 's'} in the last ${opts.days ?? 31} days`;
    const rows =
      opts.byUser && report.users
        ? listing(report.users, scmSecretsByUserView, footer)
        : listing(report.projects, scmSecretsByProjectView, footer);
    return { kind: 'document', document: { type: 'answer' as const, answer: report, listing: rows } };
  },
});
