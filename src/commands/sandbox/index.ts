import { profileNamePattern } from '../../config/store.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Sandbox } from '../../sandbox/start.js';
import { defineVerb, flag, parsed } from '../define.js';
import { decimal, int, pattern } from '../parsers.js';

const filePath = () => pattern(/\S/, 'expected a file path');

function checkProfile(name: string | undefined): void {
  if (name !== undefined && !profileNamePattern.test(name)) {
    throw new UsageError(
      `invalid value for --profile: ${JSON.stringify(name)} (letters, digits, '.', '_', '-')`,
    );
  }
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** The three lines scripts wait for, then serving until interrupted; the sandbox closes however this ends. */
async function* serve(ctx: Context, sandbox: Sandbox): AsyncGenerator<string> {
  try {
    yield `SECSCAN_BASE_URL=${sandbox.baseUrl}\nSECSCAN_ORG_ID=${sandbox.orgId}\nSECSCAN_TOKEN=${sandbox.token}\n`;
    ctx.note(`sandbox: serving ${sandbox.baseUrl}/api/v4 for organization ${sandbox.orgId}; Ctrl-C stops it`);
    await untilAborted(ctx.signal);
  } finally {
    await sandbox.close();
  }
  ctx.note('sandbox: stopped');
}

export default defineVerb({
  name: 'sandbox',
  summary: 'Run a local stand-in for the service with demo data',
  description:
    'Run a local, stateful stand-in for the service with a seeded demonstration organization, in the foreground, ' +
    'until interrupted. When ready it prints SECSCAN_BASE_URL, SECSCAN_ORG_ID and SECSCAN_TOKEN (a Super Admin ' +
    'token) on stdout, one per line. With the global --profile NAME it also stores them as that profile and makes it the current one.',
  examples: [
    'secscan sandbox',
    'secscan sandbox --port 0 > sandbox.env & # then: export $(cat sandbox.env)',
    'secscan sandbox --profile demo --state ./sandbox.json --log',
    'secscan sandbox --fail-rate 0.2 --latency 150 --users-file ./users.json',
    'secscan sandbox --findings 100000 --port 8787',
  ],
  operations: [],
  options: {
    host: parsed(
      '--host <host>',
      'address to listen on',
      pattern(/^[A-Za-z0-9.:[\]-]+$/, 'expected a host name or an IP address'),
      { default: '127.0.0.1' },
    ),
    port: parsed('--port <port>', 'port to listen on; 0 picks a free port', int(0, 65_535), { default: '0' }),
    seed: parsed(
      '--seed <n>',
      'seed of the demo data: the same seed gives the same data',
      int(0, 2 ** 32 - 1),
      {
        default: '1',
      },
    ),
    state: parsed(
      '--state <file>',
      'keep the state in FILE: loaded if it exists, saved after each change',
      filePath(),
      { complete: 'file' },
    ),
    failRate: parsed(
      '--fail-rate <rate>',
      'share of requests (0 to 1) answered 503 or dropped',
      decimal(0, 1),
      {
        default: '0',
      },
    ),
    latency: parsed('--latency <ms>', 'delay added to every request, in milliseconds', int(0, 60_000), {
      default: '0',
    }),
    log: flag('--log', 'log one line per request on stderr (method, path, status, time)'),
    usersFile: parsed(
      '--users-file <file>',
      "write every demo user's token to FILE (JSON, mode 0600)",
      filePath(),
      {
        complete: 'file',
      },
    ),
    findings: parsed(
      '--findings <n>',
      'give the app shiftleft-java-demo N findings (for benchmarks; default about a dozen)',
      int(1, 2_000_000),
    ),
  },
  async run(ctx, { opts }) {
    const profile = ctx.globals.profile;
    checkProfile(profile);
    const { startSandbox } = await import('../../sandbox/start.js');
    const sandbox = await startSandbox({
      host: opts.host,
      port: opts.port,
      seed: opts.seed,
      state: opts.state,
      failRate: opts.failRate,
      latency: opts.latency,
      usersFile: opts.usersFile,
      findings: opts.findings,
      log: opts.log ? (line) => ctx.io.stderr.write(`${line}\n`) : undefined,
    });
    try {
      if (sandbox.loaded) ctx.note(`sandbox: loaded the state from ${opts.state}`);
      if (profile) {
        const store = await ctx.store();
        await store.update(profile, {
          base_url: sandbox.baseUrl,
          org_id: sandbox.orgId,
          token: sandbox.token,
        });
        await store.use(profile);
        ctx.note(`sandbox: saved as profile ${profile} in ${store.path}; it is now the current profile`);
      }
    } catch (error) {
      await sandbox.close();
      throw error;
    }
    // Printed after the profile is saved: whoever waits for these lines may use the profile at once.
    return { kind: 'raw', body: serve(ctx, sandbox) };
  },
});
