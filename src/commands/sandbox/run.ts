import { profileNamePattern } from '../../config/store.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { resolveOptions } from '../../sandbox/options.js';
import { startSandbox } from '../../sandbox/start.js';
import type { Result, RunInput } from '../types.js';

export { startSandbox };

function checkProfile(name: string | undefined): void {
  if (name !== undefined && !profileNamePattern.test(name)) {
    throw new UsageError(
      `invalid value for --profile: ${JSON.stringify(name)} (letters, digits, '.', '_', '-')`,
    );
  }
}

export function validate(input: RunInput): void {
  resolveOptions(input.opts);
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export async function run(ctx: Context, input: RunInput): Promise<Result> {
  const profile = ctx.globals.profile;
  checkProfile(profile);
  const sandbox = await startSandbox({
    ...input.opts,
    log: input.opts.log ? (line) => ctx.io.stderr.write(`${line}\n`) : undefined,
  });
  try {
    if (sandbox.loaded) ctx.note(`sandbox: loaded the state from ${input.opts.state}`);
    if (profile) {
      const store = await ctx.store();
      store.update(profile, { base_url: sandbox.baseUrl, org_id: sandbox.orgId, token: sandbox.token });
      store.use(profile);
      ctx.note(`sandbox: saved as profile ${profile} in ${store.path}; it is now the current profile`);
    }
    // Printed last: whoever waits for these lines may use the profile at once.
    ctx.io.stdout.write(
      `SECSCAN_BASE_URL=${sandbox.baseUrl}\nSECSCAN_ORG_ID=${sandbox.orgId}\nSECSCAN_TOKEN=${sandbox.token}\n`,
    );
    ctx.note(`sandbox: serving ${sandbox.baseUrl}/api/v4 for organization ${sandbox.orgId}; Ctrl-C stops it`);
    await untilAborted(ctx.signal);
  } finally {
    await sandbox.close();
  }
  ctx.note('sandbox: stopped');
  return { kind: 'none' };
}
