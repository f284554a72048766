import type { Context } from '../../context.js';
import { ConfigError, UsageError } from '../../errors.js';
import { sanitizeLine } from '../../streams/sanitize.js';
import { defineVerb, parsed, text } from '../define.js';
import { duration, int, pattern } from '../parsers.js';
import { writeFileAtomic } from '../../util/durable.js';
import type { ReceivedEvent, Receiver } from '../../webhook/receiver.js';
import { secretStdinOption, secretVariable, webhookSecret } from './internal/secret.js';
import { httpUrl } from '../../webhook/send.js';
import { deliveriesDir, openDir } from '../../webhook/store.js';
import { dirOption } from './internal/dir.js';
import { maxInputBytes } from '../../util/input-file.js';

/** Seconds: the most --request-timeout takes (Node's own default request timeout). */
const maxRequestTimeout = 300;

/** Removes the ready file if it still holds what this listener wrote. */
async function removeReadyFile(file: string, text: string): Promise<void> {
  const { readFile, rm } = await import('node:fs/promises');
  if ((await readFile(file, 'utf8').catch(() => undefined)) === text) await rm(file, { force: true });
}

/** One line per delivery: time, event, delivery id, verdict, the forward's status (`-`: none); why, if refused. */
function eventLine(e: ReceivedEvent): string {
  const field = (value: unknown) =>
    sanitizeLine(value === undefined || value === '' ? '-' : String(value), 200);
  const fields = [e.time, field(e.event), field(e.deliveryId), e.verdict, field(e.forward)];
  return `${fields.join(' ')}${e.reason ? ` (${sanitizeLine(e.reason, 300)})` : ''}\n`;
}

/** The events as they come, until Ctrl-C; then the receiver closes once the deliveries under way are done. */
async function* serve(
  ctx: Context,
  receiver: Receiver,
  queue: string[],
  wake: { fn?: () => void },
  ready: { file: string; text: string } | undefined,
) {
  ctx.signal.addEventListener('abort', () => wake.fn?.(), { once: true });
  try {
    for (;;) {
      while (queue.length) yield queue.shift() as string;
      if (ctx.signal.aborted) break;
      await new Promise<void>((resolve) => (wake.fn = resolve));
    }
  } finally {
    if (ready) await removeReadyFile(ready.file, ready.text);
    await receiver.close();
  }
  for (const line of queue.splice(0)) yield line;
  ctx.note('webhook listen: stopped');
}

export default defineVerb({
  name: 'listen',
  summary: 'Receive deliveries locally: verify, keep and forward each one',
  description:
    'Run a local receiver for the webhook’s deliveries, on 127.0.0.1, until interrupted (Ctrl-C). Each POST is ' +
    'checked as a receiver must: its signatures over the raw bytes (Standard Webhooks’ webhook-signature, ' +
    'X-SL-Signature, or both: each one present must hold), its timestamp within --tolerance, and its delivery ' +
    'id against those received before (kept in --dir, so a restarted listener still refuses a replay).\n\n' +
    'A delivery that holds is kept byte for byte in --dir (ID.body; ID.json: when it arrived and where it was ' +
    'forwarded; then ID.headers, the request’s head as received, the receipt: each written whole and synced), ' +
    'answered 200, and forwarded unchanged to --forward-to. A bad signature is answered 401, a stale ' +
    'timestamp, a replay or a malformed delivery 400: reported, never kept or forwarded. A delivery that cannot ' +
    'be kept (a full disk) is answered 500 and not received: the sender’s retry is taken, as it is after the ' +
    'listener was killed while keeping it.\n\n' +
    'A connection has --request-timeout (1 minute; at most 5) to send its request whole, head and body: then it ' +
    'is answered 408 and closed, so a client that sends a byte now and then holds nothing open. Bodies are ' +
    `at most ${maxInputBytes / 1024 / 1024} MiB (413).\n\n` +
    'Once listening it prints `webhook listen: ready on URL` on stderr; then one line per delivery on stdout: ' +
    'time, event, delivery id, verdict (verified, bad-signature, stale-timestamp, replayed, malformed, error) and ' +
    'the forward’s status (- when not forwarded), with the reason of a refusal. With --ready-file FILE it also ' +
    'writes `SECSCAN_WEBHOOK_URL=URL` to FILE once listening (renamed into place whole; removed when it stops). ' +
    'Point the webhook at it with `secscan webhook set --url URL --event scan.finished --secret-stdin`. ' +
    `The secret comes from $${secretVariable}, or standard input with --secret-stdin; never from a flag.`,
  examples: [
    'secscan webhook listen --port 8788 --forward-to http://127.0.0.1:3000/hooks/secscan',
    'secscan webhook listen --port 0 --dir ./deliveries --secret-stdin < secret.txt',
    'secscan webhook listen --tolerance 10m',
    'secscan webhook listen --port 0 --ready-file listen.env > events.log &',
  ],
  printsJson: false,
  operations: [],
  options: {
    port: parsed('--port <port>', 'port to listen on (127.0.0.1); 0 picks a free one', int(0, 65_535), {
      default: '8788',
    }),
    forwardTo: text('--forward-to <url>', 'forward each verified delivery, unchanged, to this URL'),
    dir: dirOption,
    tolerance: parsed(
      '--tolerance <duration>',
      'how far a delivery’s timestamp may be from now',
      duration(),
      {
        default: '5m',
      },
    ),
    requestTimeout: parsed(
      '--request-timeout <duration>',
      'how long a connection has to send its request whole (then 408, closed)',
      duration(),
      { default: '1m' },
    ),
    secretStdin: secretStdinOption,
    readyFile: parsed(
      '--ready-file <file>',
      'once listening, write SECSCAN_WEBHOOK_URL=URL to FILE (removed when it stops), for a script',
      pattern(/\S/, 'expected a file path'),
      { complete: 'file' },
    ),
  },
  validate({ opts }) {
    if ((opts.requestTimeout ?? 60) > maxRequestTimeout) {
      throw new UsageError(
        'invalid value for --request-timeout: at most 5m (a client sending a byte now and then holds a connection that long)',
      );
    }
    if (opts.forwardTo !== undefined && !httpUrl(opts.forwardTo)) {
      throw new UsageError(
        `invalid value for --forward-to: ${JSON.stringify(opts.forwardTo)} (expected an http(s) URL)`,
      );
    }
  },
  async run(ctx, { opts }) {
    const secret = await webhookSecret(ctx, opts.secretStdin);
    const dir = deliveriesDir(ctx.env, opts.dir);
    await openDir(dir);
    // A file left by a listener that was killed must not pass for this one's: it is written again once ready.
    if (opts.readyFile) await (await import('node:fs/promises')).rm(opts.readyFile, { force: true });
    const queue: string[] = [];
    const wake: { fn?: () => void } = {};
    const { startReceiver } = await import('../../webhook/receiver.js');
    const receiver = await startReceiver({
      port: opts.port ?? 8788,
      dir,
      secret,
      tolerance: opts.tolerance ?? 300,
      requestTimeoutMs: (opts.requestTimeout ?? 60) * 1000,
      forwardTo: opts.forwardTo,
      signal: ctx.signal,
      onEvent(event) {
        queue.push(eventLine(event));
        wake.fn?.();
      },
    }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new UsageError(`--port ${opts.port}: the port is in use`);
      throw new ConfigError(`cannot listen on 127.0.0.1:${opts.port}: ${code ?? (error as Error).message}`);
    });
    let ready: { file: string; text: string } | undefined;
    if (opts.readyFile) {
      ready = { file: opts.readyFile, text: `SECSCAN_WEBHOOK_URL=${receiver.url}\n` };
      await writeFileAtomic(ready.file, ready.text).catch(async (error: unknown) => {
        await receiver.close();
        throw new ConfigError(`--ready-file: cannot write ${opts.readyFile}: ${(error as Error).message}`);
      });
    }
    ctx.io.stderr.write(
      `webhook listen: ready on ${receiver.url} (deliveries kept in ${sanitizeLine(dir)}` +
        `${opts.forwardTo ? `, forwarded to ${sanitizeLine(opts.forwardTo)}` : ''}); Ctrl-C stops it\n`,
    );
    return { kind: 'raw', body: serve(ctx, receiver, queue, wake, ready) };
  },
});
