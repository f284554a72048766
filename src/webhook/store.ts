import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { stateDir } from '../config/paths.js';
import { CliError, ConfigError, ExitCode, InterruptedError, TransientError, UsageError } from '../errors.js';

/**
 * The deliveries `webhook listen` kept, each in three files named by its delivery id: ID.body (the body, byte
 * for byte), ID.json (when it arrived, its event, where it was forwarded and what that answered) and
 * ID.headers (the request line and headers as received). ID.headers is written last, exclusively, once the
 * other two are on the disk: its presence with them is the delivery id's receipt, so a replay is refused even
 * by a listener started since, and a delivery whose storing failed or was killed is taken again (keep.ts).
 */

export function deliveriesDir(env: NodeJS.ProcessEnv, dir: string | undefined): string {
  return dir === undefined ? join(stateDir(env), 'webhooks') : resolve(dir);
}

/**
 * A delivery id that can name a file: no separator, no leading dot, at most 128 characters. (One received now
 * holds no dot either: verifyWebhook refuses it; one an older listener kept may.)
 */
export const deliveryIdPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export interface DeliveryMeta {
  delivery_id: string;
  /** X-SL-Event; absent for a delivery signed with Standard Webhooks alone. */
  event?: string;
  received_at: string;
  /** The timestamp signed, Unix seconds. */
  timestamp: number;
  forwarded_to?: string;
  /** The forward's HTTP status, or why it failed (ECONNREFUSED, timeout). */
  forward_status?: number | string;
}

export interface StoredDelivery {
  meta: DeliveryMeta;
  head: string;
  body: Buffer;
}

export const deliveryFiles = (dir: string, id: string) => ({
  head: join(dir, `${id}.headers`),
  body: join(dir, `${id}.body`),
  meta: join(dir, `${id}.json`),
});

export async function openDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(`--dir: cannot create ${dir}: ${(error as NodeJS.ErrnoException).code ?? error}`, {
      cause: error,
    });
  }
}

/**
 * A delivery once `webhook listen` has kept it whole (its ID.headers is written last), looked for every 100 ms
 * up to the global --timeout: then exit 7, saying what it waited for.
 */
export async function waitForDelivery(
  ctx: { timeoutMs: number; signal: AbortSignal },
  dir: string,
  id: string,
): Promise<StoredDelivery> {
  const deadline = Date.now() + ctx.timeoutMs;
  for (;;) {
    if (existsSync(deliveryFiles(dir, id).head)) return readDelivery(dir, id);
    if (Date.now() >= deadline) {
      throw new TransientError(
        `no delivery ${id} in ${dir} after ${Math.round(ctx.timeoutMs / 1000)}s (is \`secscan webhook listen --dir ${dir}\` running?)`,
      );
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(ctx.signal.reason ?? new InterruptedError());
      };
      const timer = setTimeout(() => {
        ctx.signal.removeEventListener('abort', onAbort);
        resolve();
      }, 100);
      ctx.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** A kept delivery: not found (exit 5) when it is not there, a configuration error when it is incomplete. */
export async function readDelivery(dir: string, id: string): Promise<StoredDelivery> {
  if (!deliveryIdPattern.test(id)) {
    throw new UsageError(`invalid delivery id ${JSON.stringify(id)}: letters, digits, '.', '_', '-'`);
  }
  const paths = deliveryFiles(dir, id);
  let head: string;
  try {
    head = await readFile(paths.head, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`cannot read ${paths.head}: ${(error as Error).message}`, { cause: error });
    }
    throw new CliError(`no delivery ${id} in ${dir}`, ExitCode.notFound, 'NOT_FOUND', {
      hint: 'the deliveries `secscan webhook listen --dir DIR` kept are DIR/*.headers (default: webhooks/ in the state directory)',
    });
  }
  try {
    const body = await readFile(paths.body);
    const meta = JSON.parse(await readFile(paths.meta, 'utf8')) as DeliveryMeta;
    return { meta, head, body };
  } catch (error) {
    throw new ConfigError(
      `the delivery ${id} in ${dir} is incomplete or unreadable: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
