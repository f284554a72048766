import { resolve } from 'node:path';
import { CliError, ExitCode, UnexpectedResponseError } from '../../errors.js';
import { patchDocument } from '../../output/export/texts.js';
import { fixFilesView } from '../../output/views/fixes.js';
import { arg, defineVerb, flag, parsed, text } from '../define.js';
import { duration } from '../parsers.js';
import { findingId } from '../shared/finding-ids.js';
import { repositoryRoot } from '../shared/repo-path.js';
import { appOption } from './internal/selection.js';

export default defineVerb({
  name: 'autofix',
  summary: 'Ask AutoFix for a fix of a finding, wait for it, show its patch or apply it',
  description:
    'Ask AutoFix for a fix of a finding (of --app), wait for it (--wait) and print its unified patch ' +
    '(`| git apply` takes it); --apply applies it, all or nothing; --dry-run checks it.\n\n' +
    'While the fix is being made it waits up to --wait (5 minutes unless given); still pending then: exit 10, ' +
    'and the same command later picks it up. The patch is coloured on a terminal, as received in a pipe; ' +
    '-o json prints the fix. ' +
    '--apply applies it to the working tree (--dir, else the repository the working directory is ' +
    'in, else the working directory) as `git apply` would: every hunk must apply where its lines are, or ' +
    'nothing is written (exit 6); each file changed is written whole, keeping its mode. --dry-run checks ' +
    'that it would apply and writes nothing. The patch comes from the service: a path that is absolute, ' +
    'climbs out (..), goes through a symbolic link or into .git is refused (exit 8), and so is a patch that ' +
    'creates, deletes or renames files. A finding AutoFix has no fix for is exit 6.',
  examples: [
    'secscan findings autofix --app shiftleft-java-demo 9',
    'secscan findings autofix --app shiftleft-java-demo 9 --dry-run',
    'secscan findings autofix --app shiftleft-java-demo 9 --apply --dir ./shiftleft-java-demo',
    'secscan findings autofix --app shiftleft-java-demo 9 | git apply --check',
  ],
  operations: ['RequestFindingFix', 'ListBranchFixes'],
  args: [arg('finding-id', 'the finding id', { parser: findingId })],
  options: {
    app: appOption,
    branch: text('--branch <name>', 'the branch whose fixes to read (default: the one the service names)'),
    wait: parsed('--wait <duration>', 'wait this long for a fix being made (e.g. 90s, 10m)', duration(), {
      default: '5m',
    }),
    apply: flag('--apply', 'apply the patch to the working tree (all of it, or nothing)'),
    dryRun: flag('--dry-run', 'check that the patch applies to the working tree; write nothing'),
    dir: text('--dir <dir>', 'the working tree (default: the repository the working directory is in)', {
      complete: 'dir',
    }),
  },
  document: patchDocument,
  view: fixFilesView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const fixes = await import('../../fixes/index.js');
    const target = { app: opts.app, findingId: id };
    const asked = await ctx.spin('Asking AutoFix for a fix', () => fixes.requestFix(client, target));
    if (asked.status === 'failed') {
      throw new fixes.FixFailedError(`AutoFix could not make a fix for finding ${id} of ${opts.app}`);
    }
    let fix = asked;
    if (fix.status !== 'ready') {
      const branch = opts.branch ?? asked.branch;
      if (!branch) {
        throw new UnexpectedResponseError(
          'RequestFindingFix: the fix is pending and the answer names no branch to look for it in',
          { hint: 'give the branch: --branch NAME' },
        );
      }
      let told = false;
      fix = await fixes.waitForFix(
        client,
        { ...target, branch },
        {
          clock: ctx.clock,
          signal: ctx.signal,
          waitMs: (opts.wait ?? 300) * 1000,
          onPending: () => {
            if (!told) ctx.note(`AutoFix is making the fix of finding ${id}; waiting for it (up to --wait)`);
            told = true;
          },
        },
      );
    }
    const patch = fix.unified_patch as string;
    const item = { ...fix, finding_id: fix.finding_id, app: opts.app };
    if (!opts.apply && !opts.dryRun) {
      ctx.note(
        `the fix of finding ${id}: apply it with secscan findings autofix --app ${opts.app} ${id} --apply (--dry-run checks it first)`,
      );
      return { kind: 'document', document: { type: 'patch' as const, item, patch } };
    }
    const dir = resolve(opts.dir ?? repositoryRoot(process.cwd(), ctx.env) ?? process.cwd());
    let changed;
    try {
      changed = await fixes.applyToTree(dir, patch, { dryRun: Boolean(opts.dryRun) });
    } catch (error) {
      if (error instanceof fixes.UnsafePatchError) {
        throw new UnexpectedResponseError(`the fix of finding ${id} was not applied: ${error.message}`);
      }
      if (error instanceof fixes.PatchError) {
        throw new CliError(
          `the fix of finding ${id} does not apply to ${dir}; nothing was written: ${error.message}`,
          ExitCode.rejected,
          'PATCH_DOES_NOT_APPLY',
          {
            hint: 'the working tree differs from the code the fix was made for: see the patch without --apply',
          },
        );
      }
      throw error;
    }
    const result = opts.dryRun ? ('would apply' as const) : ('applied' as const);
    ctx.note(
      opts.dryRun
        ? `the fix of finding ${id} applies to ${dir}; nothing was written (--dry-run)`
        : `applied the fix of finding ${id} to ${dir}`,
    );
    return {
      kind: 'list',
      rows: changed.map((c) => ({ file: c.path, added: c.added, removed: c.removed, result })),
    };
  },
});
