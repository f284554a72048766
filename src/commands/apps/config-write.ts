import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { operations } from '../../api/operations/index.js';
import { type AppConfigBody, AppConfigBody as BodySchema } from '../../api/schemas/apps.js';
import type { Context } from '../../context.js';
import { ConfigError, UsageError } from '../../errors.js';
import type { Opts, Result, RunInput } from '../types.js';
import { parseInteger, requireNonEmpty } from '../validate.js';
import { configView, requireAppId } from './view.js';

export const view = configView;

const settingFlags = ['secretsEntropy', 'secretsDisable', 'secretsEnable', 'cpg2spMaxSteps', 'defaultBranch'];

function entropy(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) {
    throw new UsageError(
      `invalid value for --secrets-entropy: ${JSON.stringify(value)} (expected a number, 0 or more)`,
    );
  }
  return n;
}

export function validate({ args, opts }: RunInput): void {
  requireAppId('app id', args[0]);
  const settings = settingFlags.filter((k) => opts[k] !== undefined);
  if (opts.file !== undefined && settings.length)
    throw new UsageError('--file gives the whole configuration: do not combine it with setting flags');
  if (opts.file === undefined && !settings.length) {
    throw new UsageError(
      'nothing to change: give --file, or --secrets-entropy, --secrets-disable, --cpg2sp-max-steps, --default-branch',
    );
  }
  if (opts.file !== undefined) requireNonEmpty('--file', opts.file);
  if (opts.secretsDisable && opts.secretsEnable)
    throw new UsageError('--secrets-disable and --secrets-enable cannot be combined');
  if (opts.secretsEntropy !== undefined) entropy(opts.secretsEntropy);
  parseInteger('--cpg2sp-max-steps', opts.cpg2spMaxSteps, 1, 1_000_000_000);
  if (opts.defaultBranch !== undefined) requireNonEmpty('--default-branch', opts.defaultBranch);
}

async function bodyFrom(ctx: Context, opts: Opts): Promise<AppConfigBody> {
  if (opts.file !== undefined) {
    let text: string;
    try {
      text = opts.file === '-' ? await ctx.readStdin() : await readFile(opts.file, 'utf8');
    } catch (error) {
      throw new ConfigError(`--file: cannot read ${opts.file}: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
      data = parse(text);
    } catch (error) {
      throw new ConfigError(
        `--file: ${opts.file} is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`,
      );
    }
    const parsed = BodySchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(
        `--file: ${opts.file}: ${issue?.path.join('.') || 'configuration'}: ${issue?.message}`,
        {
          hint: 'the file holds default_branch and analysis_configuration {secrets {entropy, disable}, cpg2sp {max-steps}}',
        },
      );
    }
    return parsed.data;
  }
  const secrets = {
    ...(opts.secretsEntropy !== undefined ? { entropy: entropy(opts.secretsEntropy) } : {}),
    ...(opts.secretsDisable ? { disable: true } : opts.secretsEnable ? { disable: false } : {}),
  };
  const steps = parseInteger('--cpg2sp-max-steps', opts.cpg2spMaxSteps, 1, 1_000_000_000);
  const analysis = {
    ...(Object.keys(secrets).length ? { secrets } : {}),
    ...(steps === undefined ? {} : { cpg2sp: { 'max-steps': steps } }),
  };
  return {
    ...(opts.defaultBranch ? { default_branch: opts.defaultBranch } : {}),
    ...(Object.keys(analysis).length ? { analysis_configuration: analysis } : {}),
  };
}

export async function writeConfig(ctx: Context, { args, opts }: RunInput, replace: boolean): Promise<Result> {
  const body = await bodyFrom(ctx, opts);
  const client = await ctx.client();
  await client.call(replace ? operations.UpdateAppConfig : operations.PatchAppConfig, {
    path: { appID: args[0] },
    body,
  });
  ctx.note(`${replace ? 'Replaced' : 'Updated'} the configuration of ${args[0]}.`);
  const item = await client.call<Record<string, unknown>>(operations.ReadAppConfig, {
    path: { appID: args[0] },
  });
  return { kind: 'object', item };
}
