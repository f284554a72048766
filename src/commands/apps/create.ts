import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import * as z from 'zod';
import { operations } from '../../api/operations/index.js';
import { AppSpec } from '../../api/schemas/apps.js';
import type { Context } from '../../context.js';
import { ConfigError, RejectedError, UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty } from '../validate.js';
import { requireAppId } from './view.js';

type Row = { id: string; result: string; name?: string; base_branch?: string; team_id?: string };

export const view = defineView<Row>({
  columns: [
    { key: 'id', header: 'ID' },
    {
      key: 'result',
      header: 'RESULT',
      style: (t, _r, chalk) => (t === 'created' ? chalk.green(t) : chalk.red(t)),
    },
    { key: 'name', header: 'NAME' },
    { key: 'base_branch', header: 'BRANCH' },
    { key: 'team_id', header: 'TEAM' },
  ],
});

export function validate({ args, opts }: RunInput): void {
  if (opts.fromFile !== undefined) {
    if (args[0] !== undefined || opts.name || opts.team || opts.baseBranch) {
      throw new UsageError(
        '--from-file creates the apps the file lists: give no id, --name, --team or --base-branch',
      );
    }
    requireNonEmpty('--from-file', opts.fromFile);
    return;
  }
  if (args[0] === undefined) throw new UsageError('an app id is required (or --from-file)');
  requireAppId('app id', args[0]);
  for (const [key, flag] of [
    ['name', '--name'],
    ['team', '--team'],
    ['baseBranch', '--base-branch'],
  ] as const) {
    if (opts[key] !== undefined) requireNonEmpty(flag, opts[key]);
  }
}

async function fromFile(path: string): Promise<z.output<typeof AppSpec>[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`--from-file: cannot read ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new ConfigError(
      `--from-file: ${path} is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`,
    );
  }
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

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const specs = opts.fromFile
    ? await fromFile(opts.fromFile)
    : [{ id: args[0] as string, name: opts.name, team_id: opts.team, base_branch: opts.baseBranch }];
  const client = await ctx.client();
  const answer = await client.call<{
    apps?: Row[] | null;
    rejected_ids?: string[] | null;
    rejected_team_ids?: string[] | null;
  }>(operations.CreateApp, {
    body: specs.map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined))),
  });
  const created = new Set((answer.apps ?? []).map((a) => a.id));
  const rejectedTeams = new Set(answer.rejected_team_ids ?? []);
  const rows: Row[] = specs.map((s) => ({
    ...s,
    id: s.id,
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
      6,
      200,
      undefined,
    );
  }
  if (rejected.length) ctx.warn(`rejected: ${rejected.map((r) => r.id).join(', ')}`);
  return { kind: 'list', rows, exitCode: rejected.length ? 6 : 0 };
}
