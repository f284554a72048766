import type { Context } from '../../context.js';
import { InterruptedError, TransientError } from '../../errors.js';
import { createClient } from '../../factory.js';
import { sanitizeLine } from '../../streams/sanitize.js';
import { arg, defineVerb } from '../define.js';
import { pattern } from '../parsers.js';
import { type ReadySettings, readReadyFile } from './internal/ready-file.js';

/** How often the file is looked for, and how long one look at the sandbox may take at most. */
const pollMs = 100;
const probeMs = 5000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason ?? new InterruptedError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason ?? new InterruptedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Whether the sandbox the file names answers with its token (a file left by a sandbox that was killed names
 * one that is gone); the reason when it does not.
 */
async function answers(
  ctx: Context,
  settings: ReadySettings,
  timeoutMs: number,
): Promise<string | undefined> {
  // The sandbox's own settings, CA included (none but its own is trusted): not this run's.
  const client = await createClient(
    {
      baseUrl: settings.SECSCAN_BASE_URL,
      token: settings.SECSCAN_TOKEN,
      orgId: settings.SECSCAN_ORG_ID,
      caFile: settings.SECSCAN_CA_FILE,
    },
    { timeoutMs, retries: 0, signal: ctx.signal, version: ctx.version, dispatcher: ctx.factory.dispatcher },
  );
  try {
    await client.call('ReadUser');
    return undefined;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return sanitizeLine((error as Error).message);
  }
}

export default defineVerb({
  name: 'wait',
  summary: 'Wait until a sandbox started with --ready-file is ready',
  description:
    'Wait until the sandbox started with `secscan sandbox --ready-file FILE` is ready: until FILE is there (the ' +
    'sandbox writes it once ready and removes it when it stops) and the sandbox it names answers with its token. ' +
    'Exits 0 then, printing nothing on stdout; when the sandbox is not ready within the global --timeout ' +
    '(seconds, default 30), exits 7 saying what it waited for. Then `set -a; . ./FILE; set +a` gives a script ' +
    'its settings.',
  examples: [
    'secscan sandbox wait sandbox.env',
    'secscan sandbox wait sandbox.env --timeout 120 && set -a && . ./sandbox.env && set +a',
  ],
  operations: ['ReadUser'],
  args: [
    arg('file', 'the file of the sandbox’s --ready-file', {
      parser: pattern(/\S/, 'expected a file path'),
      complete: 'file',
    }),
  ],
  async run(ctx, { args: [path] }) {
    const deadline = Date.now() + ctx.timeoutMs;
    const absent = `${path} is not there (is \`secscan sandbox --ready-file ${path}\` running?)`;
    for (;;) {
      const settings = readReadyFile(path);
      let reason =
        settings === 'absent'
          ? absent
          : `${path} does not hold a sandbox's SECSCAN_BASE_URL, SECSCAN_ORG_ID and SECSCAN_TOKEN lines`;
      if (typeof settings === 'object') {
        const problem = await answers(ctx, settings, Math.max(1, Math.min(probeMs, deadline - Date.now())));
        if (problem === undefined) {
          ctx.note(`sandbox: ready at ${settings.SECSCAN_BASE_URL}`);
          return { kind: 'none' };
        }
        reason = `the sandbox ${path} names does not answer: ${problem}`;
      }
      if (Date.now() >= deadline) {
        throw new TransientError(`sandbox wait: not ready after ${ctx.timeoutMs / 1000} s: ${reason}`, {
          hint: 'see the sandbox’s own error on its stderr; --timeout SECONDS waits longer',
        });
      }
      await pause(Math.min(pollMs, Math.max(0, deadline - Date.now())), ctx.signal);
    }
  },
});
