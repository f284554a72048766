import type { Context } from '../../../context.js';
import { ConfigError, UsageError } from '../../../errors.js';
import { flag } from '../../define.js';

/** The environment variable `webhook listen`, `verify` and `replay` read the webhook's secret from. */
export const secretVariable = 'SECSCAN_WEBHOOK_SECRET';

/** A secret or token from standard input: the trailing newline of `echo` or a file is not part of it. */
export async function fromStdin(ctx: Context, flagName: string, what: string): Promise<string> {
  const value = (await ctx.readStdin()).replace(/\r?\n$/, '');
  if (!value.trim()) throw new UsageError(`${flagName}: no ${what} on standard input`);
  if (/[\r\n]/.test(value))
    throw new UsageError(`${flagName}: the ${what} spans several lines: pass only the ${what}`);
  return value;
}

export const secretStdinOption = flag(
  '--secret-stdin',
  `read the webhook's HMAC secret from standard input (default: $${secretVariable})`,
);

/** The webhook's secret: from standard input with --secret-stdin, else the environment; never a flag value. */
export async function webhookSecret(ctx: Context, stdin: boolean | undefined): Promise<string> {
  const secret = stdin ? await fromStdin(ctx, '--secret-stdin', 'secret') : ctx.env[secretVariable];
  if (!secret) {
    throw new ConfigError(
      `no webhook secret: set ${secretVariable}, or pass it on standard input with --secret-stdin`,
      {
        hint: 'the secret is the one given to (or printed by) `secscan webhook set`',
      },
    );
  }
  ctx.keepSecret(secret);
  return secret;
}
