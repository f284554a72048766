import { defaultSla, type Dimension, severityOrder } from '../../../analytics/trends-model.js';
import { UsageError } from '../../../errors.js';
import { parseDurationValue, parseWhenValue } from '../../parsers.js';

export interface TrendsPlan {
  since: number;
  until: number;
  sla: Record<string, number>;
  by: Dimension;
}

const day = 86_400;

/**
 * `--sla critical=7d,high=30d`: days by severity over the defaults; a plain number is days, `none` drops a
 * severity's SLA. Each severity once, and only the four.
 */
export function parseSla(values: readonly string[] | undefined): Record<string, number> {
  const sla: Record<string, number> = { ...defaultSla };
  const seen = new Set<string>();
  for (const item of (values ?? []).flatMap((v) => v.split(','))) {
    const m = /^\s*([a-z]+)\s*=\s*(\S+)\s*$/.exec(item);
    const severity = m?.[1] ?? '';
    if (!m || !severityOrder.includes(severity as never)) {
      throw new UsageError(
        `invalid value for --sla: ${JSON.stringify(item)} (expected SEVERITY=DAYS with a severity of ${severityOrder.join(', ')}, e.g. critical=7d)`,
      );
    }
    if (seen.has(severity)) throw new UsageError(`invalid value for --sla: ${severity} is given twice`);
    seen.add(severity);
    const value = m[2] as string;
    if (value === 'none') {
      delete sla[severity];
      continue;
    }
    const seconds = /^\d+(\.\d+)?$/.test(value)
      ? Number(value) * day
      : parseDurationValue({ flag: `--sla ${severity}` }, value);
    if (!(seconds > 0))
      throw new UsageError(`invalid value for --sla: ${severity}=${value} (more than zero days)`);
    sla[severity] = Math.round((seconds / day) * 100) / 100;
  }
  return sla;
}

/** The window: --until (default now), --since a date or a span back from --until (default 180d). */
export function planTrends(
  opts: {
    since?: string | undefined;
    until?: number | undefined;
    sla?: string[] | undefined;
    by?: Dimension | undefined;
  },
  now = Date.now(),
): TrendsPlan {
  const until = opts.until === undefined ? now : opts.until * 1000;
  const since = parseWhenValue({ flag: '--since' }, opts.since ?? '180d', until) * 1000;
  if (since >= until) {
    throw new UsageError(
      `--since (${new Date(since).toISOString()}) must be before --until (${new Date(until).toISOString()})`,
    );
  }
  if (until - since > 5 * 366 * day * 1000) throw new UsageError('--since: a window of at most five years');
  return { since, until, sla: parseSla(opts.sla), by: opts.by ?? 'severity' };
}
