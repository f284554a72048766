import { profileNamePattern } from '../../config/store.js';
import type { RunningSandbox, SandboxError } from '@secscan/sandbox';
import type { Context } from '../../context.js';
import { ConfigError, UsageError } from '../../errors.js';
import { defineVerb, flag, list, parsed } from '../define.js';
import { decimal, int, pattern } from '../parsers.js';
import { giveProfileBack, type ProfileTakeover, takeProfile } from './internal/profile.js';
import { readyLines, removeReadyFile, writeReadyFile } from './internal/ready-file.js';

const filePath = () => pattern(/\S/, 'expected a file path');

function checkProfile(name: string | undefined): void {
  if (name !== undefined && !profileNamePattern.test(name)) {
    throw new UsageError(
      `invalid value for --profile: ${JSON.stringify(name)} (letters, digits, '.', '_', '-')`,
    );
  }
}

/**
 * The sandbox's refusal as the CLI reports it: an option or request it cannot use is a usage error (exit 2),
 * a file it cannot read or write a configuration error (exit 3).
 */
function refusal(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'SandboxError') return error;
  const { kind, message } = error as SandboxError;
  return kind === 'usage'
    ? new UsageError(message, { cause: error })
    : new ConfigError(message, { cause: error });
}

/** Stops the sandbox; a state it cannot write as it stops is a configuration error (exit 3). */
async function stop(sandbox: RunningSandbox): Promise<void> {
  await sandbox.stop().catch((error: unknown) => {
    throw refusal(error);
  });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * The three lines scripts wait for (and the --ready-file holding them), then serving until interrupted; the
 * sandbox closes, and its ready file goes, however this ends.
 */
async function* serve(
  ctx: Context,
  sandbox: RunningSandbox,
  ready: string,
  readyFile: string | undefined,
  takeover: ProfileTakeover | undefined,
): AsyncGenerator<string> {
  try {
    yield ready;
    ctx.note(
      `sandbox: serving ${sandbox.url} (the base URL: SECSCAN_BASE_URL, --base-url; the API under /api/v4) ` +
        `for organization ${sandbox.orgId}; Ctrl-C stops it`,
    );
    if (sandbox.caFile) {
      ctx.note(
        `sandbox: TLS with a certificate made at start; clients trust its CA ${sandbox.caFile} through ` +
          'SECSCAN_CA_FILE (secscan), NODE_EXTRA_CA_CERTS (Node.js), CURL_CA_BUNDLE (curl), ' +
          'SSL_CERT_FILE (OpenSSL, Go, Python) or REQUESTS_CA_BUNDLE (Python requests)',
      );
    }
    await untilAborted(ctx.signal);
  } finally {
    if (readyFile) removeReadyFile(readyFile, ready);
    await stop(sandbox);
  }
  ctx.note('sandbox: stopped');
  if (takeover) await giveProfileBack(ctx, takeover);
}

export default defineVerb({
  name: 'sandbox',
  section: 'start',
  summary: 'Run a local stand-in for the service with demo data',
  description:
    'Run a local, stateful stand-in for the service with a seeded demonstration organization, in the foreground, ' +
    'until interrupted. When ready it prints SECSCAN_BASE_URL, SECSCAN_ORG_ID and SECSCAN_TOKEN (a Super Admin ' +
    'token) on stdout, one per line. With the global --profile NAME it also stores them as that profile and makes it the current one; ' +
    'as it stops, a profile it took over from a service or from another sandbox still serving is put back as it was.\n\n' +
    'With --tls it serves HTTPS with a certificate made at start, writes its CA to the state directory (that of ' +
    '--state, else $SECSCAN_STATE_DIR, $XDG_STATE_HOME/secscan or ~/.local/state/secscan) and prints a fourth ' +
    'line, SECSCAN_CA_FILE=<path>: secscan trusts it from that variable; other clients from NODE_EXTRA_CA_CERTS, ' +
    'SSL_CERT_FILE, CURL_CA_BUNDLE (curl) or REQUESTS_CA_BUNDLE (with --profile, the profile keeps it as its ca_file). ' +
    'With --ready-file FILE it also writes those lines to FILE (mode 0600, renamed into place once the sandbox is ready, ' +
    'removed when it stops), for a script started in the background: `secscan sandbox wait FILE` returns ' +
    'once the sandbox is ready. `secscan sandbox scan` records a scan on the running sandbox. The demo data is dated ' +
    'relative to the day the sandbox starts (half a year of weekly scans ending the day before), or to --now. ' +
    'Besides --fail-rate and --latency, --fault RULE injects the answers a client must survive: an API request ' +
    'the rule takes is held (never answered), answered with its status, code, message and headers, or served ' +
    'with its headers added (a Retry-After of a day, a rate-limit window spent until 9999); ' +
    'POST /_sandbox/faults with {"rules": [...]} and the Super Admin token replaces the rules of a running ' +
    'sandbox, and GET there lists them with the requests each took. It also serves the paths outside the ' +
    'public v4 document that the vendor’s own clients call (the caller, a finding’s dataflow, AutoFix’s ' +
    'fixes); a fix asked for is ready --autofix-delay later (3s unless given; 0: at once), and ' +
    '`secscan sandbox sources` writes the demo apps’ sources its patches apply to.',
  examples: [
    'secscan sandbox',
    'secscan sandbox --port 0 --ready-file sandbox.env > /dev/null &',
    'secscan sandbox --profile demo --state ./sandbox.json --log',
    'secscan sandbox --fail-rate 0.2 --latency 150 --users-file ./users.json',
    'secscan sandbox --findings 100000 --port 8787',
    'secscan sandbox --tls --ready-file sandbox.env > /dev/null &',
    'secscan sandbox --backup-size 1GiB --cut-downloads 0.5',
    'secscan sandbox --backup-size 1GiB --bandwidth 100MiB/s',
    'secscan sandbox --backup-size 64MiB --backup-faults ignore-if-range,no-digest',
    'secscan sandbox --audit-log',
    'secscan sandbox --apps 500 --rate-limit 20/s --log',
    'secscan sandbox --apps 40 --fault \'{"status":503,"headers":{"Retry-After":"1"}}\'',
    'secscan sandbox --now 2026-09-20 --state ./demo.json',
    'secscan sandbox --autofix-delay 0 --ready-file sandbox.env > /dev/null &',
  ],
  printsJson: false,
  operations: [],
  commands: [() => import('./scan.js'), () => import('./wait.js'), () => import('./sources.js')],
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
      'seed of the demo data:\n\nthe same seed gives the same data',
      int(0, 2 ** 32 - 1),
      {
        default: '1',
      },
    ),
    state: parsed(
      '--state <file>',
      'keep the state in FILE:\n\nloaded if it exists, written 200 ms after a change and when stopped',
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
    log: flag('--log', 'log one line per request\n\nand per webhook delivery attempt on stderr'),
    tls: flag('--tls', 'serve HTTPS with a certificate made at start;\n\nprint SECSCAN_CA_FILE, its CA'),
    usersFile: parsed(
      '--users-file <file>',
      "write every demo user's token to FILE\n\n(JSON, mode 0600)",
      filePath(),
      {
        complete: 'file',
      },
    ),
    findings: parsed(
      '--findings <n>',
      'give the app shiftleft-java-demo N findings\n\n(for benchmarks; default about a dozen)',
      int(1, 2_000_000),
    ),
    backupSize: parsed(
      '--backup-size <size>',
      'make every completed backup exactly SIZE\n\n(e.g. 1GiB, 500MB; at most 4GiB), streamed, never held in memory',
      pattern(/^\s*\d+(\.\d+)?\s*([kmgKMG]i?)?[bB]?\s*$/, 'expected a size such as 1GiB or 500MB'),
    ),
    cutDownloads: parsed(
      '--cut-downloads <shares>',
      'drop every backup download when it reaches these shares\n\nof the file (e.g. 0.5 or 0.3,0.7): a client that resumes finishes, one that restarts never does',
      pattern(/^\s*0?\.\d+\s*(,\s*0?\.\d+\s*)*$/, 'expected shares between 0 and 1, e.g. 0.5 or 0.3,0.7'),
    ),
    backupFaults: parsed(
      '--backup-faults <faults>',
      'answer backup downloads wrongly,\n\nto test a client that resumes them: ignore-if-range (a Range gets a 206 of the bytes as they are now, whatever If-Range says), no-digest (no Repr-Digest), shift-range (a 206 starts 1 MiB before the byte asked for), other-total (a 206 gives a total one byte longer); several separated by commas',
      pattern(
        /^\s*[a-z-]+\s*(,\s*[a-z-]+\s*)*$/,
        'expected fault names separated by commas, e.g. ignore-if-range,no-digest',
      ),
    ),
    auditLog: flag(
      '--audit-log',
      'serve the audit log,\n\nwhich the service keeps off until the vendor enables it',
    ),
    apps: parsed(
      '--apps <n>',
      'add N generated apps\n\n(svc-0001...), each with half a year of weekly default-branch scans, fixes and findings past their SLA (for stats and trends at scale)',
      int(0, 5_000),
    ),
    rateLimit: parsed(
      '--rate-limit <rate>',
      'serve at most RATE API requests\n\nper second (20/s) or minute (600/m); the others get 429 with Retry-After; every answer carries RateLimit and X-RateLimit-* headers, and --log a line per window',
      pattern(
        /^\s*\d{1,6}\s*(\/\s*(s|sec|second|m|min|minute))?\s*$/i,
        'expected requests per second or minute, e.g. 20/s or 600/m',
      ),
    ),
    now: parsed(
      '--now <date>',
      'seed the demo data as of DATE\n\n(2026-11-28, or an ISO time with a zone) instead of today: the same seed then gives the same dates (default $SECSCAN_SANDBOX_NOW)',
      pattern(
        /^\s*\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?\s*$/,
        'expected a date such as 2026-11-28 or 2026-11-28T09:00:00Z',
      ),
    ),
    bandwidth: parsed(
      '--bandwidth <rate>',
      "pace every answer body\n\nas one network link of RATE bytes per second would (e.g. 100MiB/s, 1GiB/s; 1KiB/s to 100GiB/s), shared by all the answers: downloads at a network's pace",
      pattern(
        /^\s*\d+(\.\d+)?\s*([kmgKMG]i?[bB]|[bB])?\s*(\/\s*s(ec(ond)?)?)?\s*$/,
        'expected bytes per second, e.g. 100MiB/s or 1GiB/s',
      ),
    ),
    fault: list(
      '--fault <rule>',
      'a fault rule, as JSON\n\n(repeatable; a request takes the first that matches): {"status":429,"headers":{...}} answers that error, {"headers":{...}} alone adds them to the usual answer, {"hold":true} never answers; "operation", "after" and "times" choose the requests',
    ),
    autofixDelay: parsed(
      '--autofix-delay <delay>',
      'how long a fix AutoFix is asked for stays pending: milliseconds, or 500ms, 3s, 1m (at most 1h; default 3s; 0: ready at once)',
      pattern(/^\s*\d+\s*(ms|s|m|h)?\s*$/i, 'expected milliseconds, or a duration such as 3s or 1m'),
    ),
    // Not --env-file: node 20 and 22 take an argument of that name for their own, even after the script's path
    // (nodejs/node#54232), and exit 9 before secscan runs, or load the file into the sandbox's environment.
    readyFile: parsed(
      '--ready-file <file>',
      'also write the KEY=value lines to FILE once ready\n\n(mode 0600; removed when the sandbox stops)',
      filePath(),
      { complete: 'file' },
    ),
  },
  async run(ctx, { opts }) {
    const profile = ctx.globals.profile;
    checkProfile(profile);
    // A file left by a sandbox that was killed must not pass for this one's: it is written again once ready.
    if (opts.readyFile) removeReadyFile(opts.readyFile, undefined);
    const { startSandbox } = await import('@secscan/sandbox');
    // The sandbox keeps a heap as large as its data and is no short-lived command: V8's own young
    // generation, set once what the run loads from here to its end is loaded (a chunk loaded after the flag
    // would compile without its code cache): every operation's schemas, what prints the ready lines, and
    // the HTTP client the run closes as it ends.
    await Promise.all([
      import('@secscan/api/operations/schemas').then((m) => m.allSchemas()),
      import('../../output/export/present.js'),
      import('../../api/dispatcher.js'),
    ]);
    (await import('../../util/gc.js')).growYoungGeneration();
    const sandbox = await startSandbox({
      host: opts.host,
      port: opts.port,
      seed: opts.seed,
      state: opts.state,
      failRate: opts.failRate,
      latency: opts.latency,
      usersFile: opts.usersFile,
      findings: opts.findings,
      tls: Boolean(opts.tls),
      env: ctx.env,
      backupSize: opts.backupSize,
      cutDownloads: opts.cutDownloads,
      backupFaults: opts.backupFaults,
      auditLog: opts.auditLog,
      ...(opts.apps ? { apps: opts.apps } : {}),
      rateLimit: opts.rateLimit,
      now: opts.now,
      bandwidth: opts.bandwidth,
      autofixDelay: opts.autofixDelay,
      ...(opts.fault?.length ? { faults: opts.fault } : {}),
      log: opts.log ? (line) => ctx.io.stderr.write(`${line}\n`) : undefined,
    }).catch((error: unknown) => {
      throw refusal(error);
    });
    let ready: string;
    let takeover: ProfileTakeover | undefined;
    try {
      if (sandbox.loaded) ctx.note(`sandbox: loaded the state from ${opts.state}`);
      if (profile) {
        takeover = await takeProfile(ctx, profile, {
          base_url: sandbox.url,
          org_id: sandbox.orgId,
          token: sandbox.token,
          ...(sandbox.caFile ? { ca_file: sandbox.caFile } : {}),
        });
      }
      ready = readyLines({
        SECSCAN_BASE_URL: sandbox.url,
        SECSCAN_ORG_ID: sandbox.orgId,
        SECSCAN_TOKEN: sandbox.token,
        ...(sandbox.caFile ? { SECSCAN_CA_FILE: sandbox.caFile } : {}),
      });
      if (opts.readyFile) await writeReadyFile(opts.readyFile, ready);
    } catch (error) {
      await stop(sandbox);
      throw error;
    }
    // Printed (and written) after the profile is saved: whoever waits for them may use the profile at once.
    return { kind: 'raw', body: serve(ctx, sandbox, ready, opts.readyFile, takeover) };
  },
});
