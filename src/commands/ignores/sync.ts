import type { Finding } from '@secscan/api/schemas/findings';
import type { Context } from '../../context.js';
import type { IgnoreEntry, IgnoreFile } from '../../ignores/file.js';
import { type SyncChange, syncChangeView } from '../../output/views/ignores.js';
import { mapLimit } from '../../util/batches.js';
import { defineVerb, flag, text } from '../define.js';
import { applyGroups } from '../../triage/apply.js';
import { requireIgnores } from './internal/file.js';

/** Every comment this command writes starts so: how it recognises the statuses it set. */
const marker = 'secscan ignores sync: ';
const ignoredPer = `${marker}ignored per `;

/** The comment of a status set from an entry: the entry, its reason, owner and expiry. */
function ignoreComment(file: IgnoreFile, entry: IgnoreEntry): string {
  const about = [entry.owner ? `owner ${entry.owner}` : '', entry.expires ? `expires ${entry.expires}` : '']
    .filter(Boolean)
    .join('; ');
  return `${ignoredPer}${file.path}:${entry.line}: ${entry.reason}${about ? ` (${about})` : ''}`;
}

function liftComment(file: IgnoreFile, entry: IgnoreEntry): string {
  return `${marker}status lifted: the entry at ${file.path}:${entry.line} expired on ${entry.expires}`;
}

interface Planned {
  finding: Finding;
  entry: IgnoreEntry;
  action: 'ignore' | 'lift';
}

const keyOf = (f: Finding) => `${f.app}\u0000${f.id}`;

/** Whether the newest comment this command wrote on the finding is one that set it to ignored. */
async function ignoredBySync(ctx: Context, finding: Finding): Promise<boolean> {
  const client = await ctx.client();
  const comments = await client.call('ListAppFindingComments', {
    path: { appID: finding.app, findingID: finding.id },
  });
  const ours = comments
    .filter((c) => c.comment.startsWith(marker))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id));
  return ours.at(-1)?.comment.startsWith(ignoredPer) ?? false;
}

/**
 * What to change: each finding an entry in effect names and the service does not show ignored is set to
 * ignore (the first such entry in the file is cited); each ignored finding that only expired entries name,
 * and that this command set to ignored (its newest comment of ours says so), has its status lifted.
 */
async function plan(
  ctx: Context,
  file: IgnoreFile,
  today: string,
  branch: string | undefined,
): Promise<Planned[]> {
  const [{ hasExpired }, { entryFindings }] = await Promise.all([
    import('../../ignores/match.js'),
    import('./internal/latest.js'),
  ]);
  const found = await entryFindings(ctx, file.entries, branch);
  const active = new Map<string, Planned>();
  const lapsed = new Map<string, Planned>();
  for (const entry of file.entries) {
    const expired = hasExpired(entry, today);
    for (const finding of found.get(entry)?.findings ?? []) {
      const into = expired ? lapsed : active;
      if (!into.has(keyOf(finding)))
        into.set(keyOf(finding), { finding, entry, action: expired ? 'lift' : 'ignore' });
    }
  }
  const ignores = [...active.values()].filter((p) => p.finding.status !== 'ignored');
  const candidates = [...lapsed.values()].filter(
    (p) => !active.has(keyOf(p.finding)) && p.finding.status === 'ignored',
  );
  const ours = await mapLimit(candidates, 4, (p) => ignoredBySync(ctx, p.finding));
  return [...ignores, ...candidates.filter((_p, i) => ours[i])];
}

export default defineVerb({
  name: 'sync',
  summary: 'Set the service status of the findings the ignore file names (ignore), lift expired ones',
  description:
    'Make the dashboard agree with the ignore file (--ignore-file, else .secscan/ignore.yml found from the ' +
    'working directory up): each finding of the latest scans that an entry in effect names is set to ' +
    '`ignore`, with a comment citing the entry (file:line, reason, owner, expiry); each finding this ' +
    'command set to ignored whose entry has expired (its comment says so) has its status lifted, with a ' +
    'comment saying why. Findings ignored by people are left alone. One request a finding, as `findings ' +
    'status --comment`. A second run sends no write. --dry-run lists what would change and sends nothing.',
  examples: [
    'secscan ignores sync --dry-run',
    'secscan ignores sync --ignore-file .secscan/ignore.yml',
    'secscan ignores sync --branch feature/checkout -o json',
  ],
  operations: [
    'ListCompoundFindings',
    'ListAppFindings',
    'ListOrgFindings',
    'ListAppFindingComments',
    'SetAppFindingStatus',
  ],
  options: {
    ignoreFile: text(
      '--ignore-file <file>',
      'the ignore file (default: .secscan/ignore.yml, found from here up)',
      {
        complete: 'file',
      },
    ),
    branch: text('--branch <name>', 'the latest scans of this branch (default: the latest scans)'),
    dryRun: flag('--dry-run', 'list what would change; send no write'),
  },
  view: syncChangeView,
  async run(ctx, { opts }) {
    const file = await requireIgnores(ctx, opts.ignoreFile);
    const { today } = await import('../../util/today.js');
    const changes = await plan(ctx, file, today(ctx.env), opts.branch);
    const row = (p: Planned, result: SyncChange['result']): SyncChange => ({
      app: p.finding.app,
      id: p.finding.id,
      title: p.finding.title,
      action: p.action,
      before: p.finding.status ?? '',
      after: p.action === 'ignore' ? 'ignored' : 'unset',
      entry: `${file.path}:${p.entry.line}`,
      result,
    });
    const count = (action: Planned['action']) => changes.filter((p) => p.action === action).length;
    const summary = `ignore ${count('ignore')} finding(s), lift ${count('lift')}`;
    if (opts.dryRun || !changes.length) {
      if (changes.length) ctx.note(`Would ${summary} (--dry-run: nothing sent).`);
      return { kind: 'list', rows: changes.map((p) => row(p, 'planned')) };
    }
    const client = await ctx.client();
    const byKey = new Map(changes.map((p) => [keyOf(p.finding), p]));
    const run = await ctx.spin('Setting the statuses', () =>
      applyGroups(
        changes.map((p) => [keyOf(p.finding)]),
        4,
        ([key]) => {
          const p = byKey.get(key as string) as Planned;
          const comment = p.action === 'ignore' ? ignoreComment(file, p.entry) : liftComment(file, p.entry);
          return client.call('SetAppFindingStatus', {
            path: { appID: p.finding.app, findingID: p.finding.id },
            body: {
              ...(p.action === 'ignore' ? { status: 'ignore' as const } : {}),
              optional_comment: comment,
            },
          });
        },
      ),
    );
    const rows = changes.map((p) => row(p, run.outcomes.get(keyOf(p.finding)) ?? 'not sent'));
    if (run.error) {
      const done = rows.filter((r) => r.result === 'done').length;
      ctx.note(`Stopped part-way: ${done} of ${rows.length} changes made (the RESULT column says which).`);
      return { kind: 'list', rows, error: run.error };
    }
    ctx.note(`Synced ${file.path}: ${summary.replace('ignore', 'ignored').replace('lift', 'lifted')}.`);
    return { kind: 'list', rows };
  },
});
