import { type AppConfigBody, AppConfigBody as BodySchema } from '@secscan/api/schemas/apps';
import type { Context } from '../../../../context.js';
import { ConfigError, UsageError } from '../../../../errors.js';
import { arg, flag, type OptsOf, parsed, text } from '../../../define.js';
import { appId, decimal, int } from '../../../parsers.js';
import type { Result } from '../../../../output/core/result.js';
import { checkWith, shellArg } from '../../../../util/hints.js';
import { parseYamlFile, readInputFile } from '../../../shared/files.js';

/** What `apps config set` and `apps config patch` take: the whole file, or single settings. */
export const configArgs = [arg('id', 'app id', { parser: appId(), complete: 'app' })] as const;

export const configOptions = {
  file: text('--file <file>', 'the whole configuration as YAML or JSON (`-` reads standard input)', {
    complete: 'file',
    conflicts: ['secretsEntropy', 'secretsDisable', 'secretsEnable', 'cpg2spMaxSteps', 'defaultBranch'],
  }),
  secretsEntropy: parsed(
    '--secrets-entropy <x>',
    'entropy threshold of the secrets scanner (a number)',
    decimal(0),
  ),
  secretsDisable: flag('--secrets-disable', 'turn the secrets scanner off', { conflicts: ['secretsEnable'] }),
  secretsEnable: flag('--secrets-enable', 'turn the secrets scanner on'),
  cpg2spMaxSteps: parsed(
    '--cpg2sp-max-steps <n>',
    'maximum steps of the analysis (a whole number)',
    int(1, 1_000_000_000),
  ),
  defaultBranch: text('--default-branch <branch>', 'the default branch'),
};

type ConfigOpts = OptsOf<typeof configOptions>;

const settingFlags = [
  'secretsEntropy',
  'secretsDisable',
  'secretsEnable',
  'cpg2spMaxSteps',
  'defaultBranch',
] as const;

export function validateConfig({ opts }: { opts: ConfigOpts }): void {
  const settings = settingFlags.filter((k) => opts[k] !== undefined);
  if (opts.file === undefined && !settings.length) {
    throw new UsageError(
      'nothing to change: give --file, or --secrets-entropy, --secrets-disable, --cpg2sp-max-steps, --default-branch',
    );
  }
}

async function fromFile(ctx: Context, file: string): Promise<AppConfigBody> {
  const text = await readInputFile(ctx, file, { what: '--file' });
  // yaml loads only when a file is read: the setting flags do without it.
  const data = await parseYamlFile(text, `--file: ${file}`);
  const checked = BodySchema.safeParse(data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ConfigError(`--file: ${file}: ${issue?.path.join('.') || 'configuration'}: ${issue?.message}`, {
      hint: 'the file holds default_branch and analysis_configuration {secrets {entropy, disable}, cpg2sp {max-steps}}',
    });
  }
  return checked.data;
}

function fromFlags(opts: ConfigOpts): AppConfigBody {
  const secrets = {
    ...(opts.secretsEntropy !== undefined ? { entropy: opts.secretsEntropy } : {}),
    ...(opts.secretsDisable ? { disable: true } : opts.secretsEnable ? { disable: false } : {}),
  };
  const steps = opts.cpg2spMaxSteps;
  const analysis = {
    ...(Object.keys(secrets).length ? { secrets } : {}),
    ...(steps === undefined ? {} : { cpg2sp: { 'max-steps': steps } }),
  };
  return {
    ...(opts.defaultBranch ? { default_branch: opts.defaultBranch } : {}),
    ...(Object.keys(analysis).length ? { analysis_configuration: analysis } : {}),
  };
}

/** Replaces (`set`) or patches the configuration, then reads it back. */
export async function writeConfig(
  ctx: Context,
  id: string,
  opts: ConfigOpts,
  replace: boolean,
): Promise<Result> {
  const body = opts.file !== undefined ? await fromFile(ctx, opts.file) : fromFlags(opts);
  const client = await ctx.client();
  await client.call(replace ? 'UpdateAppConfig' : 'PatchAppConfig', {
    path: { appID: id },
    body,
    verify: checkWith(`secscan apps config show ${shellArg(id)}`, '(applying it again is harmless)'),
  });
  ctx.note(`${replace ? 'Replaced' : 'Updated'} the configuration of ${id}.`);
  return { kind: 'object', item: await client.call('ReadAppConfig', { path: { appID: id } }) };
}
