import * as z from 'zod';
import { AppSpec } from '@secscan/api/schemas/apps';
import { ConfigError, ExitCode, RejectedError, UsageError } from '../../errors.js';
import { defineVerb, optionalArg, text } from '../define.js';
import { appId } from '../parsers.js';
import { parseYamlFile, readInputFileSync } from '../shared/files.js';
import { type CreatedAppRow, createdAppView } from '../../output/views/apps.js';
import { decodeUtf8 } from '../../util/utf8.js';

async function fromFile(path: string): Promise<AppSpec[]> {
  const text = decodeUtf8(readInputFileSync(path, { what: '--from-file' }), path);
  // yaml loads only when a file is read: creating from flags does without it.
  const data = await parseYamlFile(text, `--from-file: ${path}`);
  const list = Array.isArray(data) ? data : (data as { apps?: unknown } | null)?.apps;
  const parsed = z.array(AppSpec).min(1).safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`--from-file: ${path}: ${issue?.path.join('.') || 'apps'}: ${issue?.message}`, {
      hint: 'the file holds a list (or `apps:`) of {id, name, team_id, base_branch}',
    });
  }
  return parsed.data;
}

export default defineVerb({
  name: 'create',
  summary: 'Create an app, or many from a file',
  examples: [
    'secscan apps create billing-api --name "Billing API" --base-branch main',
    'secscan apps create --from-file apps.yml',
  ],
  operations: ['CreateApp'],
  args: [optionalArg('id', 'app id (letters, digits, and _ : . - inside)', { parser: appId() })],
  options: {
    name: text('--name <name>', 'display name'),
    team: text('--team <team-id>', 'the team the app belongs to', { complete: 'team-id' }),
    baseBranch: text('--base-branch <branch>', 'the default branch (default main)'),
    fromFile: text('--from-file <file>', 'YAML or JSON list of {id, name, team_id, base_branch}', {
      complete: 'file',
    }),
  },
  view: createdAppView,
  validate({ args: [id], opts }) {
    if (opts.fromFile !== undefined) {
      if (id !== undefined || opts.name || opts.team || opts.baseBranch) {
        throw new UsageError(
          '--from-file creates the apps the file lists: give no id, --name, --team or --base-branch',
        );
      }
    } else if (id === undefined) throw new UsageError('an app id is required (or --from-file)');
  },
  async run(ctx, { args: [id], opts }) {
    const specs: AppSpec[] =
      opts.fromFile !== undefined
        ? await fromFile(opts.fromFile)
        : [{ id: id as string, name: opts.name, team_id: opts.team, base_branch: opts.baseBranch }];
    const client = await ctx.client();
    const answer = await client.call('CreateApp', { body: specs });
    const created = new Set(answer.apps.map((a) => a.id));
    const rejectedTeams = new Set(answer.rejected_team_ids ?? []);
    const rows: CreatedAppRow[] = specs.map((s) => ({
      ...s,
      result: created.has(s.id)
        ? 'created'
        : s.team_id && rejectedTeams.has(s.team_id)
          ? 'rejected: unknown team'
          : 'rejected',
    }));
    const rejected = rows.filter((r) => r.result !== 'created');
    if (rejected.length === rows.length) {
      throw new RejectedError(
        `CreateApp: rejected ${rejected.map((r) => r.id).join(', ')} (the id exists or is invalid, or the team is unknown)`,
        ExitCode.rejected,
        200,
        undefined,
      );
    }
    if (rejected.length) ctx.warn(`rejected: ${rejected.map((r) => r.id).join(', ')}`);
    return { kind: 'list', rows, exitCode: rejected.length ? ExitCode.rejected : ExitCode.ok };
  },
});
