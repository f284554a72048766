import { SandboxError } from './errors.js';

const units: Record<string, number> = {
  b: 1,
  kb: 1e3,
  kib: 1024,
  mb: 1e6,
  mib: 1024 ** 2,
  gb: 1e9,
  gib: 1024 ** 3,
};

/** The narrowest `--bandwidth`, 1 KiB/s, and the widest, 100 GiB/s. */
const lowest = 1024;
const highest = 100 * 1024 ** 3;

/** `100MiB/s`, `1GiB/s`, `500KB/s` (bytes per second; `/s` may be left out): from 1 KiB/s to 100 GiB/s. */
export function parseBandwidth(flag: string, value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)?\s*(?:\/\s*s(?:ec(?:ond)?)?)?\s*$/i.exec(String(value));
  const rate = m ? Number(m[1]) * (units[(m[2] ?? 'b').toLowerCase()] ?? Number.NaN) : Number.NaN;
  if (!(rate >= lowest && rate <= highest)) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected bytes per second from 1KiB/s to 100GiB/s, e.g. 100MiB/s or 1GiB/s)`,
    );
  }
  return rate;
}

/** Pieces an answer's body is cut into, so that a large chunk does not leave the link in one burst. */
export const pieceBytes = 64 * 1024;

/**
 * One link of `rate` bytes per second that every answer body shares (`--bandwidth`), as a network link
 * between a client and the service would be: a piece may go when the pieces before it, of every answer,
 * would have left. Timers are not precise below a millisecond, so the link lends up to `slackMs` of its
 * time before it makes a writer wait: over any longer span the rate holds.
 */
export class Link {
  /** When the link has sent everything handed to it so far (performance.now()). */
  private free = 0;

  constructor(
    readonly rate: number,
    private readonly slackMs = 4,
  ) {}

  /** Resolves when `bytes` more may be written. */
  take(bytes: number): Promise<void> | undefined {
    const now = performance.now();
    this.free = Math.max(this.free, now) + (bytes * 1000) / this.rate;
    const wait = this.free - now - this.slackMs;
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined;
  }
}

/** The pieces of `body` (at most `pieceBytes` each, never copied). */
export function* pieces(body: Buffer): Generator<Buffer> {
  for (let at = 0; at < body.length; at += pieceBytes) yield body.subarray(at, at + pieceBytes);
}
